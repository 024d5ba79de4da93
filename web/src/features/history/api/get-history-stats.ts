import { useQuery } from '@tanstack/react-query';
import type { HistorialEstadisticas, HistorialFilters } from '../../../../../contracts/history.ts';
import { api } from '../../../lib/api.ts';

export const getHistoryStats = (filters: HistorialFilters) =>
  api<HistorialEstadisticas>('GET', '/paciente/historial/estadisticas', { query: { ...filters } });

export function useHistoryStats(filters: HistorialFilters, enabled: boolean) {
  return useQuery({
    queryKey: ['historial', 'estadisticas', filters],
    queryFn: () => getHistoryStats(filters),
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { HistorialItem } from '../../../../../contracts/history.ts';
import { apiPage } from '../../../lib/api.ts';

/** The latest history entries of the user (GET /usuarios/historial, first page). */
export const getHistoryEntries = () => apiPage<HistorialItem>('/usuarios/historial', { query: { por_pagina: 10 } });

export function useHistoryEntries() {
  return useQuery({ queryKey: ['perfil', 'historial'], queryFn: getHistoryEntries });
}

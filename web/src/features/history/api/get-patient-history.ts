import { useQuery } from '@tanstack/react-query';
import type { HistorialFilters, HistorialItem } from '../../../../../contracts/history.ts';
import { apiPage } from '../../../lib/api.ts';
import { keepPreviousWhile } from '../../../lib/keep-previous-while.ts';

export const HISTORY_PAGE_SIZE = 20;

export const getPatientHistory = (filters: HistorialFilters, pagina: number) =>
  apiPage<HistorialItem>('/paciente/historial', { query: { ...filters, pagina, por_pagina: HISTORY_PAGE_SIZE } });

export function usePatientHistory(filters: HistorialFilters, pagina: number, enabled: boolean) {
  return useQuery({
    queryKey: ['historial', 'paciente', filters, pagina],
    queryFn: () => getPatientHistory(filters, pagina),
    // Another page keeps the last one on screen; other filters show a loader, never the last
    // filter's records under the new filter's name (the statistics have no previous answer to keep).
    placeholderData: keepPreviousWhile(2, filters),
    enabled,
  });
}

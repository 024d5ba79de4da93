import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistorialFilters, HistorialItem } from '../../../../../contracts/history.ts';
import { apiPage } from '../../../lib/api.ts';

export const HISTORY_PAGE_SIZE = 20;

export const getPatientHistory = (filters: HistorialFilters, pagina: number) =>
  apiPage<HistorialItem>('/paciente/historial', { query: { ...filters, pagina, por_pagina: HISTORY_PAGE_SIZE } });

export function usePatientHistory(filters: HistorialFilters, pagina: number, enabled: boolean) {
  return useQuery({
    queryKey: ['historial', 'paciente', filters, pagina],
    queryFn: () => getPatientHistory(filters, pagina),
    placeholderData: keepPreviousData,
    enabled,
  });
}

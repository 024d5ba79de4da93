import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistorialItem } from '../../../../../contracts/history.ts';
import { apiPage } from '../../../lib/api.ts';

export const CONSULTATIONS_PAGE_SIZE = 20;

/** GET /usuarios/historial: a patient's consultations, or a doctor's own. */
export const getConsultations = (pagina: number) =>
  apiPage<HistorialItem>('/usuarios/historial', { query: { pagina, por_pagina: CONSULTATIONS_PAGE_SIZE } });

export function useConsultations(pagina: number) {
  return useQuery({
    queryKey: ['historial', 'consultas', pagina],
    queryFn: () => getConsultations(pagina),
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Consulta } from '../../../../../contracts/consultations.ts';
import { apiPage } from '../../../lib/api.ts';
import { consultationKeys } from './keys.ts';

export const PAGE_SIZE = 20;

/** A page of the doctor's own consultations (GET /api/medico/consultas), optionally in one estado. */
export const getConsultations = (estado: string, pagina: number) =>
  apiPage<Consulta>('/medico/consultas', { query: { estado, pagina, por_pagina: PAGE_SIZE } });

export function useConsultations(estado: string, pagina: number) {
  return useQuery({
    queryKey: consultationKeys.list(estado, pagina),
    queryFn: () => getConsultations(estado, pagina),
    placeholderData: keepPreviousData,
  });
}

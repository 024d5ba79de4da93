import { useQuery } from '@tanstack/react-query';
import type { HistorialItem } from '../../../../../contracts/history.ts';
import type { FichaMedica } from '../../../../../contracts/clinical-file.ts';
import { api, apiPage } from '../../../lib/api.ts';

/** The patient's own record: the whole file (GET /paciente/ficha) and the latest history entries. */
export async function getOwnRecord() {
  const [ficha, historial] = await Promise.all([
    api<FichaMedica>('GET', '/paciente/ficha'),
    apiPage<HistorialItem>('/paciente/historial', { query: { por_pagina: 50 } }),
  ]);
  return { ficha, historial };
}

export function useOwnRecord() {
  return useQuery({ queryKey: ['paciente', 'registro'], queryFn: getOwnRecord });
}

import { useQuery } from '@tanstack/react-query';
import type { UsuarioLista } from '../../../../../contracts/users.ts';
import { api } from '../../../lib/api.ts';
import { consultationKeys } from './keys.ts';

/**
 * Patient accounts by name (GET /api/usuarios, which answers a doctor with patients only), for the
 * patient select: its `id` is what POST /api/consultas takes as pacienteId.
 */
export const getPatientOptions = (buscar: string) =>
  api<UsuarioLista[]>('GET', '/usuarios', { query: { buscar, rol: 'paciente', por_pagina: 30 } });

export function usePatientOptions(buscar: string) {
  return useQuery({ queryKey: consultationKeys.patients(buscar), queryFn: () => getPatientOptions(buscar) });
}

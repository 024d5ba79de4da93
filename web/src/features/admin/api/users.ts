import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UsuarioLista } from '../../../../../contracts/users.ts';
import { apiPage } from '../../../lib/api.ts';

export const USERS_PAGE_SIZE = 50;

export const fetchUsers = (buscar: string, pagina: number) =>
  apiPage<UsuarioLista>('/usuarios', { query: { buscar, pagina, por_pagina: USERS_PAGE_SIZE } });

/** One page of the active accounts matching a search. */
export function useUsers(buscar: string, pagina: number) {
  return useQuery({
    queryKey: ['usuarios', buscar, pagina],
    queryFn: () => fetchUsers(buscar, pagina),
    placeholderData: keepPreviousData,
  });
}

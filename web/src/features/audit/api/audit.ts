import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccesoHistoria, AuditoriaQuery, EntradaAuditoria } from '../../../../../contracts/audit.ts';
import { api, apiPage } from '../../../lib/api.ts';

export type AuditFilters = Partial<AuditoriaQuery> & { pagina: number; por_pagina: number };

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: ['auditoria', filters],
    queryFn: ({ signal }) => apiPage<EntradaAuditoria>('/auditoria', { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActions() {
  return useQuery({ queryKey: ['auditoria', 'acciones'], queryFn: ({ signal }) => api<string[]>('GET', '/auditoria/acciones', { signal }) });
}

export function useRecordAccesses(pagina: number, por_pagina: number) {
  return useQuery({
    queryKey: ['paciente', 'accesos', pagina, por_pagina],
    queryFn: ({ signal }) => apiPage<AccesoHistoria>('/paciente/accesos', { query: { pagina, por_pagina }, signal }),
    placeholderData: keepPreviousData,
  });
}

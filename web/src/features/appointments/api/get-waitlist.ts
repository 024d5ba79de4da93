import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntradaEspera } from '../../../../../contracts/waitlist.ts';
import { api } from '../../../lib/api.ts';

export const getWaitlist = () => api<EntradaEspera[]>('GET', '/lista-espera');

/** The patient's waitlist entries: active ones, then those ended lately (names in the current language). */
export const waitlistQuery = (language: string) =>
  queryOptions({ queryKey: ['lista-espera', 'mias', language], queryFn: getWaitlist });

export const useWaitlist = (language: string) => useQuery(waitlistQuery(language));

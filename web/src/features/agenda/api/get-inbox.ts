import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SolicitudBandeja } from '../../../../../contracts/agenda.ts';
import { apiPage } from '../../../lib/api.ts';
import { agendaKeys } from './keys.ts';

export const INBOX_PAGE_SIZE = 5;

/** A page of the doctor's pending requests still to come, any day, oldest request first. */
export const getInbox = (pagina: number) =>
  apiPage<SolicitudBandeja>('/agenda/solicitudes', { query: { pagina, por_pagina: INBOX_PAGE_SIZE } });

export const inboxQuery = (pagina: number) => queryOptions({ queryKey: agendaKeys.inbox(pagina), queryFn: () => getInbox(pagina) });

export const useInbox = (pagina: number) => useQuery({ ...inboxQuery(pagina), placeholderData: keepPreviousData });

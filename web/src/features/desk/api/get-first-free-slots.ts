import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HuecoLibre } from '../../../../../contracts/desk-booking.ts';
import { api } from '../../../lib/api.ts';

export interface FreeSlotsFilter {
  id_especialidad?: number | undefined;
  id_doctor?: number | undefined;
  /** A visit type: only the times where a visit of its length fits, at doctors who offer it. */
  tipo?: number | undefined;
  limite?: number;
}

export const getFirstFreeSlots = (filter: FreeSlotsFilter) =>
  api<HuecoLibre[]>('GET', '/recepcion/huecos', {
    query: { id_especialidad: filter.id_especialidad, id_doctor: filter.id_doctor, tipo: filter.tipo, limite: filter.limite },
  });

/** "Primeros huecos libres" of a specialty or a doctor; nothing is asked until one is chosen. */
export const firstFreeSlotsQuery = (filter: FreeSlotsFilter, language: string) =>
  queryOptions({
    queryKey: ['recepcion', 'huecos', filter, language],
    queryFn: () => getFirstFreeSlots(filter),
    enabled: filter.id_especialidad !== undefined || filter.id_doctor !== undefined,
    placeholderData: keepPreviousData,
  });

export function useFirstFreeSlots(filter: FreeSlotsFilter) {
  const { i18n } = useTranslation();
  return useQuery(firstFreeSlotsQuery(filter, i18n.language));
}

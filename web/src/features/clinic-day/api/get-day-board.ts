import { queryOptions, useQuery } from '@tanstack/react-query';
import { DIA_REFRESCO_MS, type DiaClinica } from '../../../../../contracts/clinic-day.ts';
import { api } from '../../../lib/api.ts';

/** Every doctor's visits of a day; the browser revalidates with the answer's ETag, so an unchanged board costs a 304. */
export const getDayBoard = (fecha: string | undefined) => api<DiaClinica>('GET', '/recepcion/hoy', { query: { fecha } });

/** The board of `fecha` (today when undefined), asked again every few seconds so other desks' changes show. */
export const dayBoardQuery = (fecha: string | undefined) =>
  queryOptions({
    queryKey: ['citas', 'dia', fecha ?? 'hoy'],
    queryFn: () => getDayBoard(fecha),
    refetchInterval: DIA_REFRESCO_MS,
    refetchIntervalInBackground: true,
  });

export const useDayBoard = (fecha: string | undefined) => useQuery(dayBoardQuery(fecha));

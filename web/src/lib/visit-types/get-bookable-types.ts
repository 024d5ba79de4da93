import { useQuery } from '@tanstack/react-query';
import type { TipoReservable } from '../../../../contracts/visit-types.ts';
import { api } from '../api.ts';
import { visitTypeKeys } from './get-visit-types.ts';

/** The types the caller may book with one doctor, at that doctor's length (the booking screens pick from them). */
export const getBookableTypes = (doctorId: number) => api<TipoReservable[]>('GET', `/citas/tipos-visita/${doctorId}`);
export const useBookableTypes = (doctorId: number | null) =>
  useQuery({
    queryKey: [...visitTypeKeys.all, 'reservables', doctorId],
    queryFn: () => getBookableTypes(doctorId as number),
    enabled: doctorId !== null,
  });

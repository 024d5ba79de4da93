import { useQuery } from '@tanstack/react-query';
import type { Disponibilidad } from '../../../../../contracts/appointments.ts';
import { api } from '../../../lib/api.ts';
import { keepPreviousWhile } from '../../../lib/keep-previous-while.ts';

export const DAYS_SHOWN = 7;

export const getAvailability = (doctorId: number, desde: string, tipo?: number) =>
  api<Disponibilidad[]>('GET', `/citas/agenda-disponible/${doctorId}`, { query: { dias: DAYS_SHOWN, desde, ...(tipo === undefined ? {} : { tipo }) } });

/**
 * A doctor's slots for the seven days from `desde`: the booking grid, and the grid that moves an
 * appointment. With a visit type, only the free times where the whole visit fits.
 */
export function useAvailability(doctorId: number | undefined, desde: string, tipo?: number, enabled = true) {
  return useQuery({
    queryKey: ['citas', 'agenda-disponible', doctorId, desde, tipo ?? null],
    queryFn: () => getAvailability(doctorId as number, desde, tipo),
    enabled: doctorId !== undefined && enabled,
    // Moving a week keeps the old grid on screen until the new one arrives; another doctor's free
    // times are never shown under this one's name (a pick there would be of a time they may not have).
    placeholderData: keepPreviousWhile(2, doctorId),
    staleTime: 10_000,
  });
}

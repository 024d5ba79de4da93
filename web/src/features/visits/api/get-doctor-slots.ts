import { useQuery } from '@tanstack/react-query';
import type { Disponibilidad } from '../../../../../contracts/appointments.ts';
import { api } from '../../../lib/api.ts';
import { keepPreviousWhile } from '../../../lib/keep-previous-while.ts';

export const DAYS_SHOWN = 7;

/** The visit's doctor's slots for the seven days from `desde` (the same list the booking grid shows). */
export function useDoctorSlots(doctorId: number | undefined, desde: string) {
  return useQuery({
    queryKey: ['citas', 'agenda-disponible', doctorId, desde],
    queryFn: () =>
      api<Disponibilidad[]>('GET', `/citas/agenda-disponible/${doctorId}`, { query: { dias: DAYS_SHOWN, desde } }),
    enabled: doctorId !== undefined,
    // Another week keeps the old one on screen until it answers; another visit's doctor does not.
    placeholderData: keepPreviousWhile(2, doctorId),
    staleTime: 10_000,
  });
}

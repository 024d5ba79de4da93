import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReglasReserva } from '../../../../../contracts/booking-rules.ts';
import { api } from '../../../lib/api.ts';
import { bookingRulesQuery } from '../../../lib/appointments/get-booking-rules.ts';

export const saveBookingRules = (rules: ReglasReserva) => api<ReglasReserva>('PUT', '/clinica/reglas', { body: rules });

/** Saves the clinic's booking rules (the 'Reglas de reserva' form); the saved answer becomes the cached one. */
export function useSaveBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBookingRules,
    onSuccess: (rules) => queryClient.setQueryData(bookingRulesQuery.queryKey, rules),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReglasReserva } from '../../../../../contracts/booking-rules.ts';
import { api } from '../../../lib/api.ts';

/** The clinic's booking rules (issue 14), for the 'Reglas de reserva' form. */
export function useBookingRules() {
  return useQuery({ queryKey: ['clinica', 'reglas'], queryFn: () => api<ReglasReserva>('GET', '/clinica/reglas') });
}

export function useSaveBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ReglasReserva) => api<ReglasReserva>('PUT', '/clinica/reglas', { body: rules }),
    onSuccess: (rules) => queryClient.setQueryData(['clinica', 'reglas'], rules),
  });
}

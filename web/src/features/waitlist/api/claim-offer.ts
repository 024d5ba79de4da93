import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CitaCreada } from '../../../../../contracts/appointments.ts';
import type { AceptarOferta } from '../../../../../contracts/waitlist.ts';
import { api } from '../../../lib/api.ts';

export const claimOffer = (token: string, values: AceptarOferta) =>
  api<CitaCreada>('POST', `/lista-espera/ofertas/${encodeURIComponent(token)}/aceptar`, { body: values });

/** Claims the offered time; the offer, the appointments and the waitlist reload whatever the answer. */
export function useClaimOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AceptarOferta) => claimOffer(token, values),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['lista-espera'] });
      await queryClient.invalidateQueries({ queryKey: ['citas'] });
    },
  });
}

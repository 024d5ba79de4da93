import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CitaCreada } from '../../../../../contracts/appointments.ts';
import type { AceptarOferta, OfertaEspera } from '../../../../../contracts/waitlist.ts';
import { api } from '../../../lib/api.ts';

export const getOffer = (token: string) => api<OfertaEspera>('GET', `/lista-espera/ofertas/${encodeURIComponent(token)}`);

/** The offer behind an e-mail's link (names in the current language); no retries: a 404 is final. */
export function useOffer(token: string, language: string) {
  return useQuery({
    queryKey: ['lista-espera', 'oferta', token, language],
    queryFn: () => getOffer(token),
    enabled: token.length > 0,
    retry: false,
  });
}

export const claimOffer = (token: string, values: AceptarOferta) =>
  api<CitaCreada>('POST', `/lista-espera/ofertas/${encodeURIComponent(token)}/aceptar`, { body: values });

/** Claims the offered time; the offer, the visits and the waitlist reload whatever the answer. */
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

import { useQuery } from '@tanstack/react-query';
import type { OfertaEspera } from '../../../../../contracts/waitlist.ts';
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

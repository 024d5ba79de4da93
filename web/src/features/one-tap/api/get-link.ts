import { useQuery } from '@tanstack/react-query';
import type { EnlaceInfo } from '../../../../../contracts/one-tap.ts';
import { api } from '../../../lib/api.ts';

export const getLink = (token: string) => api<EnlaceInfo>('GET', `/enlaces/${encodeURIComponent(token)}`);

/** What a reminder's link will do; no retries: a refusal is final. */
export function useLink(token: string, language: string) {
  return useQuery({
    queryKey: ['enlace', token, language],
    queryFn: () => getLink(token),
    enabled: token.length > 0,
    retry: false,
  });
}

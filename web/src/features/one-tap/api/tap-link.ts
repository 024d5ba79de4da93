import { useMutation } from '@tanstack/react-query';
import type { EnlaceResultado } from '../../../../../contracts/one-tap.ts';
import { api } from '../../../lib/api.ts';

export const tapLink = (token: string) => api<EnlaceResultado>('POST', `/enlaces/${encodeURIComponent(token)}`);

/** Does what the link says (confirm or cancel), once. */
export function useTapLink(token: string) {
  return useMutation({ mutationFn: () => tapLink(token) });
}

import type { MoverReubicar, ResultadosReubicar } from '../../../../../contracts/relocate.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { relocateKeys } from './keys.ts';

export const moveVisits = (body: MoverReubicar) => api<ResultadosReubicar>('POST', '/recepcion/por-reubicar/mover', { body });
export const useMoveVisits = () => useInvalidatingMutation(relocateKeys.all, moveVisits);

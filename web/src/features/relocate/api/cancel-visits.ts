import type { CancelarReubicar, ResultadosReubicar } from '../../../../../contracts/relocate.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { relocateKeys } from './keys.ts';

export const cancelVisits = (body: CancelarReubicar) => api<ResultadosReubicar>('POST', '/recepcion/por-reubicar/cancelar', { body });
export const useCancelVisits = () => useInvalidatingMutation(relocateKeys.all, cancelVisits);

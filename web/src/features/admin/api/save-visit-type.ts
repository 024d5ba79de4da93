import type { TipoVisita, TipoVisitaForm } from '../../../../../contracts/visit-types.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { visitTypeKeys } from '../../../lib/visit-types/get-visit-types.ts';

/** Adds a type to the catalogue, or changes one (`id_tipo`). */
export const saveVisitType = ({ id_tipo, ...body }: TipoVisitaForm & { id_tipo?: number }) =>
  id_tipo === undefined ? api<TipoVisita>('POST', '/tipos-visita', { body }) : api<TipoVisita>('PUT', `/tipos-visita/${id_tipo}`, { body });
export const useSaveVisitType = () => useInvalidatingMutation(visitTypeKeys.all, saveVisitType);

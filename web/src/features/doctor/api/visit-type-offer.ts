import { useQuery } from '@tanstack/react-query';
import type { OfertaTipos, TipoOferta } from '../../../../../contracts/visit-types.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { visitTypeKeys } from '../../../lib/visit-types/get-visit-types.ts';

const offerKey = [...visitTypeKeys.all, 'mi-oferta'] as const;

/** The active visit types, with which the doctor offers and their own length. */
export const getVisitTypeOffer = () => api<TipoOferta[]>('GET', '/doctor/tipos-visita');
export const useVisitTypeOffer = () => useQuery({ queryKey: offerKey, queryFn: getVisitTypeOffer });

/** Saves the doctor's whole offer. */
export const saveVisitTypeOffer = (body: OfertaTipos) => api<TipoOferta[]>('PUT', '/doctor/tipos-visita', { body });
export const useSaveVisitTypeOffer = () => useInvalidatingMutation(visitTypeKeys.all, saveVisitTypeOffer);

import { useMutation } from '@tanstack/react-query';
import type { Propuesta } from '../../../../../contracts/relocate.ts';
import { api } from '../../../lib/api.ts';

/** For each visit, the first free time of its specialty after its original one (asked on demand: «Proponer huecos»). */
export const proposeSlots = (ids: number[]) => api<Propuesta[]>('GET', `/recepcion/por-reubicar/propuestas?ids=${ids.join(',')}`);
export const useProposeSlots = () => useMutation({ mutationFn: proposeSlots });

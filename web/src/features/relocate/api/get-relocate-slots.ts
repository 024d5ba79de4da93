import { useQuery } from '@tanstack/react-query';
import type { HuecoReubicar } from '../../../../../contracts/relocate.ts';
import { api } from '../../../lib/api.ts';
import { relocateKeys } from './keys.ts';

/** A day's free times of the visit's specialty, to choose another by hand. */
export const getRelocateSlots = (id_cita: number, fecha: string) =>
  api<HuecoReubicar[]>('GET', `/recepcion/por-reubicar/huecos?id_cita=${id_cita}&fecha=${fecha}`);
export const useRelocateSlots = (id_cita: number, fecha: string) =>
  useQuery({ queryKey: [...relocateKeys.all, 'huecos', id_cita, fecha], queryFn: () => getRelocateSlots(id_cita, fecha), enabled: fecha !== '' });

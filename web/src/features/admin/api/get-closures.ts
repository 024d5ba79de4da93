import { useQuery } from '@tanstack/react-query';
import type { Cierre } from '../../../../../contracts/relocate.ts';
import { api } from '../../../lib/api.ts';
import { clinicCalendarKeys } from './clinic-calendar-keys.ts';

export const getClosures = () => api<Cierre[]>('GET', '/clinica/cierres');
export const useClosures = () => useQuery({ queryKey: [...clinicCalendarKeys.all, 'cierres'], queryFn: getClosures });

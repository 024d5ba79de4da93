import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InicioMedico } from '../../../../../contracts/home.ts';
import { api } from '../../../lib/api.ts';

export const getDoctorHome = () => api<InicioMedico>('GET', '/medico/inicio');

/** The doctor's day on /perfil-doctor. Under ['agenda'] so that any agenda change refreshes it too. */
export const doctorHomeQuery = queryOptions({ queryKey: ['agenda', 'inicio'], queryFn: getDoctorHome });

export const useDoctorHome = () => useQuery(doctorHomeQuery);

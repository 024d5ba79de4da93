import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Visita } from '../../../../../contracts/consultations.ts';
import { apiPage } from '../../../lib/api.ts';

/** The doctor's confirmed visits from today on (GET /api/medico/visitas). */
export const getDoctorVisits = () => apiPage<Visita>('/medico/visitas', { query: { por_pagina: 200 } });

export const doctorVisitsQuery = queryOptions({ queryKey: ['visits', 'doctor'], queryFn: getDoctorVisits });

export const useDoctorVisits = () => useQuery(doctorVisitsQuery);

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Visita } from '../../../../../contracts/consultations.ts';
import { apiPage } from '../../../lib/api.ts';

/** The doctor's confirmed appointments from today on (GET /api/medico/visitas). */
export const getDoctorAppointments = () => apiPage<Visita>('/medico/visitas', { query: { por_pagina: 200 } });

export const doctorAppointmentsQuery = queryOptions({ queryKey: ['appointments', 'doctor'], queryFn: getDoctorAppointments });

export const useDoctorAppointments = () => useQuery(doctorAppointmentsQuery);

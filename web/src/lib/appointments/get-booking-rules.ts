import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReglasReserva } from '../../../../contracts/booking-rules.ts';
import { api } from '../api.ts';

export const getBookingRules = () => api<ReglasReserva>('GET', '/clinica/reglas');

/** The clinic's booking rules (public), as the admin's 'Reglas de reserva' form reads them. */
export const bookingRulesQuery = queryOptions({ queryKey: ['clinica', 'reglas'], queryFn: getBookingRules });

export const useBookingRules = () => useQuery(bookingRulesQuery);

/** The same rules on a patient's /mis-visitas (the notice to cancel or reschedule): they change rarely, an answer serves a minute. */
export const patientBookingRulesQuery = queryOptions({ ...bookingRulesQuery, staleTime: 60_000 });

export const usePatientBookingRules = () => useQuery(patientBookingRulesQuery);

import { downloadFromApi } from '../../../lib/download.ts';

/** The appointment as a calendar file (GET /api/citas/{id}/ics). */
export const downloadAppointmentCalendar = (id_cita: number) => downloadFromApi(`/citas/${id_cita}/ics`, { fallbackName: 'cita.ics' });

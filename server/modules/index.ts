import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { patientPhone } from './accounts/index.ts';
import { agendaRoutes } from './agenda/agenda.routes.ts';
import { clinicHolidays, keepOpenPlugin } from './agenda/keep-open.ts';
import { clinicDays } from './agenda/clinic-days.ts';
import { closuresRoutes } from './agenda/closures.routes.ts';
import { weeklyHoursRoutes } from './agenda/weekly-hours.routes.ts';
import { findAppointmentMailRows } from './appointments/appointment-reads.repository.ts';
import { findAppointment } from './appointments/appointments.repository.ts';
import { appointmentsRoutes } from './appointments/appointments.routes.ts';
import { assignRoutes } from './appointments/assign.routes.ts';
import { bookingRulesRoutes } from './appointments/booking-rules.routes.ts';
import { deskBookingRoutes } from './appointments/desk-booking.routes.ts';
import { clinicDayRoutes } from './appointments/clinic-day.routes.ts';
import { doctorAppointmentsRoutes } from './appointments/doctor.routes.ts';
import { oneTapRoutes } from './appointments/one-tap.routes.ts';
import { createOneTapService } from './appointments/one-tap.service.ts';
import { relocateRoutes } from './appointments/relocate.routes.ts';
import { requestsRoutes } from './appointments/requests.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { calendarFeedRoutes } from './calendar-feed/calendar-feed.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { clinicRoutes } from './clinic/clinic.routes.ts';
import { consultationsRoutes } from './consultations/consultations.routes.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import { deskPatientsRoutes } from './desk/desk.routes.ts';
import { dataExportRoutes } from './data-export/data-export.routes.ts';
import { doctorsRoutes } from './doctors/doctors.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { noticesRoutes } from './notices/notices.routes.ts';
import { patientsRoutes } from './patients/patients.routes.ts';
import { recordsRoutes } from './records/records.routes.ts';
import { remindersPlugin } from './reminders/reminders.plugin.ts';
import { specialtiesRoutes } from './specialties/specialties.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { visitTypesRoutes } from './visit-types/visit-types.routes.ts';
import { waitlistRoutes } from './waitlist/waitlist.routes.ts';

/** Every API module, each registered under /api. */
export const modules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  contactRoutes,
  clinicRoutes,
  bookingRulesRoutes,
  specialtiesRoutes,
  usersRoutes,
  doctorsRoutes,
  patientsRoutes,
  agendaRoutes,
  requestsRoutes,
  weeklyHoursRoutes,
  closuresRoutes,
  appointmentsRoutes,
  calendarFeedRoutes,
  consultationsRoutes,
  doctorAppointmentsRoutes,
  assignRoutes,
  relocateRoutes,
  recordsRoutes,
  filesRoutes,
  chatRoutes,
  auditRoutes,
  homeRoutes,
  dataExportRoutes,
  // The doctors' grouped request notices read their appointments through the appointments module.
  remindersPlugin(findAppointmentMailRows),
  // The messages that tell patients and doctors of each change of a visit, and the reminders.
  noticesRoutes({
    owners: async (db, id_cita) => findAppointment(db, id_cita),
    read: findAppointmentMailRows,
    phoneOf: (app, id_paciente) => patientPhone(app.db, id_paciente),
    links: (app) => {
      const oneTap = createOneTapService(app);
      return (id_cita) => oneTap.links(id_cita);
    },
  }),
  keepOpenPlugin,
  waitlistRoutes,
  deskPatientsRoutes,
  // The desk never offers or books a day the clinic is closed (holidays it keeps, closures).
  deskBookingRoutes((db, app, from, to) => clinicDays(db, clinicHolidays(app), from, to)),
  clinicDayRoutes,
  oneTapRoutes,
  visitTypesRoutes,
];

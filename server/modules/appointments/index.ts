export {
  changeAppointmentState,
  countNoShows,
  dayRequests,
  findAppointment,
  findBookableDoctor,
  findUpcomingAppointments,
  inboxRequests,
  insertAppointment,
  lockPatient,
  noShowsByPatient,
  pendingCounts,
  pendingDays,
  recordAttendance,
  slotAppointments,
  type VisitsOf,
} from './appointments.repository.ts';
export { createAppointmentsService } from './appointments.service.ts';
export { noShowsSince } from './booking-window.ts';

// What other modules may use of appointments (the citas table and the whole life of an
// appointment): every import from another module goes through this file.
export { createAppointmentsService } from './appointments.service.ts';
export {
  appointmentConditions,
  appointmentsOnSlots,
  clinicAppointments,
  doctorAppointments,
  patientAppointments,
} from './appointment-reads.ts';
export { bookingPolicy } from './booking-policy.ts';
export { deskVisitsOf, nextAppointmentsOf } from './desk-reads.repository.ts';
export type { FeedAppointmentRow } from './appointment-reads.repository.ts';
export { relocation, type RelocationCause } from './relocation.ts';
export { typeFitsAt, visitEnd } from './visit-span.ts';
export { chooseVisitType } from './visit-type-choice.ts';

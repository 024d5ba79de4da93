// What other modules may use of appointments: every import from another module goes through this file.
export { countNoShows, findBookableDoctor, insertCita, lockPatient, noShowsByPatient, recordAttendance } from './appointments.repository.ts';
export { createAppointmentsService } from './appointments.service.ts';
export { noShowsSince } from './booking-window.ts';

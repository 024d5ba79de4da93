// What other modules may use of appointments (booking, moving and cancelling visits): every import from another module goes through this file.
export { createAppointmentsService } from './appointments.service.ts';

// What other modules may use of agenda: every import from another module goes through this file.
export { releaseAppointment } from './agenda.repository.ts';
export { cancelUpcomingAppointments } from './cancel-upcoming.ts';
export { holdSlotForVisit, type HoldRefusal } from './hold-slot.ts';

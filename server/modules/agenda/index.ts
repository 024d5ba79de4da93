// What other modules may use of agenda: every import from another module goes through this file.
export { cancelUpcomingAppointments } from './cancel-upcoming.ts';
export { releaseAppointment } from './release-visit.ts';
export { slotCountsByDoctor } from './agenda.repository.ts';
export { findSlotAt, findSlotById, reserveSlot, slotIsFree, type SlotRow } from './slots.repository.ts';

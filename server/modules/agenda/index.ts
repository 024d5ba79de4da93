// What other modules may use of agenda: every import from another module goes through this file.
export { cancelUpcomingAppointments } from './cancel-upcoming.ts';
export { releaseAppointment } from './release-visit.ts';
export { findSlotAt, findSlotById, listSlots, reserveSlot, type SlotRow } from './slots.repository.ts';

// What other modules may use of agenda: every import from another module goes through this file.
export { slotCountsByDoctor, slotIsFree } from './agenda.repository.ts';
export { settleFreedSlot } from './freed-slot.ts';
export { keepAgendasOpen } from './keep-open.ts';

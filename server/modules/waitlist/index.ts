// What other modules may use of waitlist: every import from another module goes through this file.
export { nudgeWaitlist } from './waitlist.sweep.ts';

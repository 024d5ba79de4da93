// What other modules may use of the waitlist: every import from another module goes through this file.
export { listPatientEntries } from './waitlist.repository.ts';

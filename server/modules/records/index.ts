// What other modules may use of records: every import from another module goes through this file.
export { hasEmergencyAccess } from './records.repository.ts';

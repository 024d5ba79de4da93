// What other modules may use of patients: every import from another module goes through this file.
export { findPatientAccount, profileOf } from './patients.repository.ts';

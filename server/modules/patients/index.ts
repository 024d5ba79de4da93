// What other modules may use of patients: every import from another module goes through this file.
export { doctorAttendsPatient, findPatientAccount, fullName, profileOf } from './patients.repository.ts';

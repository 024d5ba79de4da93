// What other modules may use of consultations: every import from another module goes through this file.
export {
  consultasQuery,
  doctorTreats,
  findActivePatientOfAccount,
  findConsultation,
  insertConsultation,
  openConsultationFor,
  removeOpenConsultation,
  toConsultation,
} from './consultations.repository.ts';

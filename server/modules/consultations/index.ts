// What other modules may use of consultations: every import from another module goes through this file.
export {
  consultasQuery,
  findActivePatientOfAccount,
  findConsultation,
  finishConsultation,
  hasConsultationWithDoctor,
  insertConsultation,
  listPatientConsultationsForExport,
  openConsultationFor,
  removeOpenConsultation,
  toConsultation,
} from './consultations.repository.ts';
export {
  countHistory,
  findLastConsultation,
  historyStats,
  listHistory,
  type HistoryFilter,
  type HistoryScope,
} from './history.repository.ts';
export { moveOpenConsultation } from './move-consultation.ts';

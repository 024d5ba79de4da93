// What other modules may use of records: every import from another module goes through this file.
export {
  assistantClinicalSummary,
  listAllergies,
  listDisabilities,
  listDiseases,
  listFileEntries,
  listHabits,
  listVaccines,
} from './records.repository.ts';

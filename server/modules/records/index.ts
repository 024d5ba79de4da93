export {
  assistantClinicalSummary,
  listAllergies,
  listDisabilities,
  listDiseases,
  listFileEntries,
  hasEmergencyAccess,
  listHabits,
  listVaccines,
} from './records.repository.ts';

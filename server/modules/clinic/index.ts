// What other modules may use of clinic: every import from another module goes through this file.
export { readClinic } from './clinic.repository.ts';
export { currentClinic, currentLetterhead } from './clinic.service.ts';

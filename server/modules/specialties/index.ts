// What other modules may use of specialties: every import from another module goes through this file.
export { specialtyExists, specialtyNameColumn } from './specialties.repository.ts';

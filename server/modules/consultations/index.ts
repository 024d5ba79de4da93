export { consultasQuery, doctorTreats, toConsultation } from './consultations.repository.ts';

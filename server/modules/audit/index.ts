// What other modules may use of audit: every import from another module goes through this file.
export { actorAudit, listAuditAboutPatient, writeAudit } from './audit.repository.ts';
export { appointmentBookers } from './appointment-bookers.ts';

// What other modules may use of break-the-glass: every import from another module goes through this file.
export { emergencyAccessUntil, hasEmergencyAccess, insertEmergencyAccess } from './break-the-glass.repository.ts';

// What other modules may use of break-the-glass: every import from another module goes through this file.
export {
  activeAdministrators,
  emergencyAccessUntil,
  hasEmergencyAccess,
  insertEmergencyAccess,
  recentBurstAlerts,
  recordOpeningInBurst,
  type BurstAlert,
} from './break-the-glass.repository.ts';
export { burstAlertMail } from './burst-alert.mail.ts';

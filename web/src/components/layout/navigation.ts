import { SCREENS, type ScreenName } from '../../../../contracts/routes.ts';
import type { Role } from '../../../../contracts/roles.ts';

/**
 * Every screen a role may open, reachable from its header: the main entries in the bar (a drawer on
 * phones) and the personal ones in the user menu. One place per screen, named by its screen title.
 * Screens left out: the alternate editor path (paciente-perfil, same editor as perfil-paciente) and
 * second-factor enrolment (reached from Mi cuenta, or where a role that requires it is sent).
 * A test checks this against contracts/routes.ts.
 */
export const MENUS: Record<Role, { main: readonly ScreenName[]; user: readonly ScreenName[] }> = {
  admin: {
    main: ['adminDashboard', 'userManagement', 'doctorRegistration', 'patientList', 'auditLog', 'clinicSettings', 'chat'],
    user: ['myAccount', 'controlPanel', 'clinicToday', 'deskPatients', 'deskBooking', 'toRelocate'],
  },
  doctor: {
    main: ['doctorDashboard', 'doctorAgenda', 'myVisits', 'assignConsultations', 'medicalRecord', 'patientList', 'chat'],
    user: ['doctorProfile', 'profile', 'history', 'myAccount'],
  },
  recepcion: {
    main: ['clinicToday', 'deskPatients', 'deskBooking', 'toRelocate', 'chat'],
    user: ['myAccount'],
  },
  paciente: {
    main: ['patientDashboard', 'bookVisit', 'myVisits', 'history', 'patientMedicalFile', 'chat'],
    user: ['patientProfileEditor', 'profile', 'patientSummary', 'medicalRecord', 'recordAccesses', 'myAccount'],
  },
};

/** Screens of a role with no menu entry of their own (another path to a screen already in the menu, or an e-mail link's screen). */
export const NOT_IN_MENU: readonly ScreenName[] = ['patientProfileEditorAlias', 'secondFactor', 'waitlistOffer', 'oneTap'];

export const pathOf = (name: ScreenName): string => SCREENS[name].path;

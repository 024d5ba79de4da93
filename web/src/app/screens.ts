import type { ComponentType } from 'react';
import type { ScreenName } from '../../../contracts/routes.ts';
import type { FirstReads } from '../lib/first-reads.ts';

export type ScreenModule = { default: ComponentType; firstReads?: FirstReads };
type Loader = () => Promise<ScreenModule>;

export interface ScreenDefinition {
  load: Loader;
  /** public: guest header; area: the header of the user's role; bare: the screen draws its own frame. */
  layout: 'public' | 'area' | 'bare';
  /** The locale namespaces the screen uses: fetched in parallel with its code, not after it. */
  namespaces: readonly string[];
  /** false for pages that never call the API: they render without the query cache and its code. */
  data?: false;
  /**
   * true when the screen's sections grow as their reads answer (dashboards, lists of sections): it is
   * shown once its first reads have answered, not as each arrives (no layout shift; app/query-scope.tsx).
   */
  settle?: true;
}

/** Which component draws each screen of the route table (contracts/routes.ts). Loaded on demand, one chunk per screen. */
export const screens: Record<ScreenName, ScreenDefinition> = {
  home: {
    layout: 'public',
    data: false,
    namespaces: ['public'],
    load: () => import('../features/public/routes/home-page.tsx'),
  },
  register: { layout: 'public', namespaces: ['auth'], load: () => import('../features/auth/routes/register-page.tsx') },
  login: { layout: 'public', namespaces: ['auth'], load: () => import('../features/auth/routes/login-page.tsx') },
  contact: {
    layout: 'public',
    namespaces: ['public'],
    load: () => import('../features/public/routes/contact-page.tsx'),
  },
  terms: {
    layout: 'public',
    data: false,
    namespaces: ['terms'],
    load: () => import('../features/public/routes/terms-page.tsx'),
  },
  resetPassword: {
    layout: 'public',
    namespaces: ['auth'],
    load: () => import('../features/auth/routes/reset-password-page.tsx'),
  },
  oneTap: {
    layout: 'public',
    namespaces: ['one-tap'],
    load: () => import('../features/one-tap/routes/one-tap-page.tsx'),
  },
  notFound: {
    layout: 'public',
    data: false,
    namespaces: ['public'],
    load: () => import('../features/public/routes/not-found-page.tsx'),
  },
  controlPanel: {
    layout: 'area',
    namespaces: ['control-panel'],
    load: () => import('../features/admin/routes/control-panel-page.tsx'),
  },
  doctorRegistration: {
    layout: 'area',
    namespaces: ['admin'],
    load: () => import('../features/admin/routes/register-doctor-page.tsx'),
  },
  adminDashboard: {
    layout: 'area',
    namespaces: ['admin', 'home', 'visit-types', 'trust'],
    load: () => import('../features/admin/routes/admin-dashboard-page.tsx'),
  },
  userManagement: {
    layout: 'area',
    namespaces: ['admin', 'agenda'],
    load: () => import('../features/admin/routes/user-management-page.tsx'),
  },
  clinicSettings: {
    layout: 'area',
    namespaces: ['admin', 'clinic-calendar', 'visit-types', 'notices'],
    load: () => import('../features/admin/routes/clinic-settings-page.tsx'),
  },
  auditLog: { layout: 'area', namespaces: ['audit'], load: () => import('../features/audit/routes/audit-page.tsx') },
  doctorDashboard: {
    layout: 'area',
    settle: true,
    namespaces: ['doctor', 'home', 'visit-types', 'notices'],
    load: () => import('../features/doctor/routes/doctor-dashboard-page.tsx'),
  },
  doctorAgenda: {
    layout: 'area',
    settle: true,
    namespaces: ['agenda', 'notices'],
    load: () => import('../features/agenda/routes/agenda-page.tsx'),
  },
  assignConsultations: {
    layout: 'area',
    namespaces: ['consultations'],
    load: () => import('../features/consultations/routes/assign-consultations-page.tsx'),
  },
  doctorProfile: {
    layout: 'area',
    namespaces: ['doctor', 'visit-types'],
    load: () => import('../features/doctor/routes/doctor-profile-page.tsx'),
  },
  patientList: {
    layout: 'area',
    namespaces: ['patient-list'],
    load: () => import('../features/patient-list/routes/patient-list-page.tsx'),
  },
  patientDashboard: {
    layout: 'area',
    settle: true,
    namespaces: ['patient', 'home'],
    load: () => import('../features/patient/routes/patient-dashboard-page.tsx'),
  },
  patientProfileEditorAlias: {
    layout: 'area',
    namespaces: ['patient'],
    load: () => import('../features/patient/routes/profile-editor-page.tsx'),
  },
  patientProfileEditor: {
    layout: 'area',
    namespaces: ['patient'],
    load: () => import('../features/patient/routes/profile-editor-page.tsx'),
  },
  patientMedicalFile: {
    layout: 'area',
    namespaces: ['patient', 'clinical'],
    load: () => import('../features/patient/routes/medical-file-page.tsx'),
  },
  bookVisit: {
    layout: 'area',
    settle: true,
    namespaces: ['booking', 'waitlist', 'visit-types'],
    load: () => import('../features/appointments/routes/book-appointment-page.tsx'),
  },
  patientSummary: {
    layout: 'area',
    namespaces: ['patient', 'clinical'],
    load: () => import('../features/patient/routes/clinical-summary-page.tsx'),
  },
  profile: {
    layout: 'area',
    namespaces: ['profile'],
    load: () => import('../features/profile/routes/profile-page.tsx'),
  },
  myAccount: {
    layout: 'area',
    namespaces: ['account', 'auth', 'notices'],
    load: () => import('../features/account/routes/account-page.tsx'),
  },
  secondFactor: {
    layout: 'area',
    namespaces: ['account'],
    load: () => import('../features/account/routes/second-factor-page.tsx'),
  },
  recordAccesses: {
    layout: 'area',
    namespaces: ['audit'],
    load: () => import('../features/audit/routes/record-accesses-page.tsx'),
  },
  myVisits: {
    layout: 'area',
    settle: true,
    namespaces: ['visits', 'booking', 'waitlist', 'visit-types', 'trust'],
    load: () => import('../features/appointments/routes/my-appointments-page.tsx'),
  },
  waitlistOffer: {
    layout: 'area',
    namespaces: ['waitlist'],
    load: () => import('../features/waitlist/routes/claim-offer-page.tsx'),
  },
  chat: { layout: 'bare', namespaces: ['chat'], load: () => import('../features/chat/routes/chat-page.tsx') },
  medicalRecord: {
    layout: 'area',
    namespaces: ['records', 'clinical', 'trust'],
    load: () => import('../features/records/routes/medical-record-page.tsx'),
  },
  history: {
    layout: 'area',
    namespaces: ['history', 'clinical'],
    load: () => import('../features/history/routes/history-page.tsx'),
  },
  clinicToday: {
    layout: 'area',
    settle: true,
    namespaces: ['clinic-day', 'visit-types', 'notices'],
    load: () => import('../features/clinic-day/routes/clinic-today-page.tsx'),
  },
  deskPatients: {
    layout: 'area',
    namespaces: ['desk-patients', 'notices'],
    load: () => import('../features/desk/routes/desk-patients-page.tsx'),
  },
  deskBooking: {
    layout: 'area',
    namespaces: ['desk-booking', 'visit-types'],
    load: () => import('../features/desk/routes/desk-booking-page.tsx'),
  },
  toRelocate: {
    layout: 'area',
    namespaces: ['relocate'],
    load: () => import('../features/relocate/routes/to-relocate-page.tsx'),
  },
};

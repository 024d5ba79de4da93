import type { Role } from './roles.ts';

export type RouteAccess = 'public' | readonly Role[];

/** Every screen of the web app and who may open it (spec section 2). */
export const SCREENS = {
  home: { path: '/home', access: 'public' },
  register: { path: '/register', access: 'public' },
  login: { path: '/login', access: 'public' },
  contact: { path: '/contact', access: 'public' },
  terms: { path: '/terminos', access: 'public' },
  resetPassword: { path: '/restablecer-contrasena', access: 'public' },
  // A reminder's one-tap link (?token=...): confirm, cancel or change the time of one visit.
  oneTap: { path: '/enlace', access: 'public' },
  notFound: { path: '/404', access: 'public' },
  controlPanel: { path: '/panel-control', access: ['admin'] },
  doctorRegistration: { path: '/gestionRegister', access: ['admin'] },
  adminDashboard: { path: '/panel-admin', access: ['admin'] },
  userManagement: { path: '/gestion-usuarios', access: ['admin'] },
  auditLog: { path: '/auditoria', access: ['admin'] },
  clinicSettings: { path: '/clinica', access: ['admin'] },
  doctorDashboard: { path: '/perfil-doctor', access: ['doctor'] },
  doctorAgenda: { path: '/agenda-doctor', access: ['doctor'] },
  assignConsultations: { path: '/crear-consultas', access: ['doctor'] },
  doctorProfile: { path: '/ficha-doctor', access: ['doctor'] },
  patientList: { path: '/lista-pacientes', access: ['doctor', 'admin'] },
  patientDashboard: { path: '/panel-paciente', access: ['paciente'] },
  patientProfileEditorAlias: { path: '/paciente-perfil', access: ['paciente'] },
  patientProfileEditor: { path: '/perfil-paciente', access: ['paciente'] },
  patientMedicalFile: { path: '/ficha-paciente', access: ['paciente'] },
  bookVisit: { path: '/pedir-cita', access: ['paciente'] },
  patientSummary: { path: '/resumen-paciente', access: ['paciente'] },
  profile: { path: '/perfil', access: ['doctor', 'paciente'] },
  myAccount: { path: '/mi-cuenta', access: ['doctor', 'paciente', 'admin', 'recepcion'] },
  secondFactor: { path: '/mi-cuenta/segundo-factor', access: ['doctor', 'paciente', 'admin', 'recepcion'] },
  myVisits: { path: '/mis-visitas', access: ['doctor', 'paciente'] },
  // The link of a waitlist offer's e-mail (?token=...).
  waitlistOffer: { path: '/lista-espera/oferta', access: ['paciente'] },
  recordAccesses: { path: '/quien-ha-consultado', access: ['paciente'] },
  chat: { path: '/chat', access: ['doctor', 'paciente', 'admin', 'recepcion'] },
  medicalRecord: { path: '/medical-record', access: ['doctor', 'paciente'] },
  history: { path: '/historial', access: ['doctor', 'paciente'] },
  // The front desk (decision #34): the day across doctors, the caller's record, booking for them.
  clinicToday: { path: '/hoy-clinica', access: ['recepcion', 'admin'] },
  deskPatients: { path: '/recepcion/pacientes', access: ['recepcion', 'admin'] },
  deskBooking: { path: '/recepcion/citar', access: ['recepcion', 'admin'] },
  toRelocate: { path: '/por-reubicar', access: ['recepcion', 'admin'] },
} as const satisfies Record<string, { path: string; access: RouteAccess }>;

export type ScreenName = keyof typeof SCREENS;

export function canOpen(screen: ScreenName, role: Role | undefined): boolean {
  const access: RouteAccess = SCREENS[screen].access;
  return access === 'public' || (role !== undefined && access.includes(role));
}

/** Addresses that lead to a screen under another name. */
export const SCREEN_REDIRECTS: Readonly<Record<string, string>> = { '/': '/home', '/admin': '/panel-admin' };

/** An address as the route table spells it: matched without regard to case or a trailing slash, as addresses get typed. */
export function normalizedPath(pathname: string): string {
  return pathname.replace(/(.)\/+$/, '$1').toLowerCase();
}

const SCREEN_BY_PATH: ReadonlyMap<string, ScreenName> = new Map(
  (Object.keys(SCREENS) as ScreenName[]).map((name) => [normalizedPath(SCREENS[name].path), name] as const),
);

/** The screen an address opens (its query string and fragment aside), or undefined for none. */
export function screenAt(pathname: string): ScreenName | undefined {
  return SCREEN_BY_PATH.get(normalizedPath(pathname.split(/[?#]/)[0] ?? pathname));
}

/** Whether the web app answers this address with a screen (directly or by a redirect), not its not-found page. */
export function isScreenAddress(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? url;
  return screenAt(pathname) !== undefined || normalizedPath(pathname) in SCREEN_REDIRECTS;
}

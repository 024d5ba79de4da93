import type { Role } from './roles.ts';

export type RouteAccess = 'public' | readonly Role[];

/** Every screen of the web app and who may open it (spec section 2, decisions #9, #15, #16). */
export const SCREENS = {
  home: { path: '/home', access: 'public' },
  register: { path: '/register', access: 'public' },
  login: { path: '/login', access: 'public' },
  contact: { path: '/contact', access: 'public' },
  terms: { path: '/terminos', access: 'public' },
  resetPassword: { path: '/restablecer-contrasena', access: 'public' },
  notFound: { path: '/404', access: 'public' },
  panelControl: { path: '/panel-control', access: ['admin'] },
  gestionRegister: { path: '/gestionRegister', access: ['admin'] },
  panelAdmin: { path: '/panel-admin', access: ['admin'] },
  gestionUsuarios: { path: '/gestion-usuarios', access: ['admin'] },
  auditoria: { path: '/auditoria', access: ['admin'] },
  clinica: { path: '/clinica', access: ['admin'] },
  perfilDoctor: { path: '/perfil-doctor', access: ['doctor'] },
  agendaDoctor: { path: '/agenda-doctor', access: ['doctor'] },
  crearConsultas: { path: '/crear-consultas', access: ['doctor'] },
  fichaDoctor: { path: '/ficha-doctor', access: ['doctor'] },
  listaPacientes: { path: '/lista-pacientes', access: ['doctor', 'admin'] },
  panelPaciente: { path: '/panel-paciente', access: ['paciente'] },
  pacientePerfil: { path: '/paciente-perfil', access: ['paciente'] },
  perfilPaciente: { path: '/perfil-paciente', access: ['paciente'] },
  fichaPaciente: { path: '/ficha-paciente', access: ['paciente'] },
  pedirCita: { path: '/pedir-cita', access: ['paciente'] },
  resumenPaciente: { path: '/resumen-paciente', access: ['paciente'] },
  perfil: { path: '/perfil', access: ['doctor', 'paciente'] },
  miCuenta: { path: '/mi-cuenta', access: ['doctor', 'paciente', 'admin'] },
  segundoFactor: { path: '/mi-cuenta/segundo-factor', access: ['doctor', 'paciente', 'admin'] },
  misVisitas: { path: '/mis-visitas', access: ['doctor', 'paciente'] },
  // The link of a waitlist offer's e-mail (?token=...): issue 14, decision 0029.
  ofertaListaEspera: { path: '/lista-espera/oferta', access: ['paciente'] },
  accesosHistoria: { path: '/quien-ha-consultado', access: ['paciente'] },
  chat: { path: '/chat', access: ['doctor', 'paciente', 'admin'] },
  medicalRecord: { path: '/medical-record', access: ['doctor', 'paciente'] },
  historial: { path: '/historial', access: ['doctor', 'paciente'] },
} as const satisfies Record<string, { path: string; access: RouteAccess }>;

export type ScreenName = keyof typeof SCREENS;

export function canOpen(screen: ScreenName, role: Role | undefined): boolean {
  const access: RouteAccess = SCREENS[screen].access;
  return access === 'public' || (role !== undefined && access.includes(role));
}

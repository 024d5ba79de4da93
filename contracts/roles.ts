export const ROLES = ['paciente', 'doctor', 'admin', 'recepcion'] as const;
export type Role = (typeof ROLES)[number];

/** Where each role lands after logging in (spec section 4). */
export const HOME_BY_ROLE: Record<Role, string> = {
  paciente: '/panel-paciente',
  doctor: '/perfil-doctor',
  admin: '/panel-admin',
  recepcion: '/hoy-clinica',
};

/**
 * The booking rules' limits, defaults and words, without zod: the patient's screens quote them and
 * must not download the schemas to do so (contracts/booking-rules.ts re-exports all of it).
 */
export const LIMITES_REGLAS = {
  antelacion_reserva_min: { min: 0, max: 7 * 24 * 60 },
  horizonte_dias: { min: 1, max: 365 },
  antelacion_cancelacion_min: { min: 0, max: 7 * 24 * 60 },
  max_citas_activas: { min: 1, max: 50 },
  max_citas_doctor_dia: { min: 1, max: 10 },
  limite_no_presentados: { min: 1, max: 20 },
} as const;

export const REGLAS_POR_DEFECTO = {
  antelacion_reserva_min: 120,
  horizonte_dias: 90,
  antelacion_cancelacion_min: 24 * 60,
  limite_no_presentados: 3,
} as const;

/** How far back a patient's no-shows count (the doctor sees them; the limit counts them). */
export const MESES_NO_PRESENTADOS = 12;

/** What the doctor records about a visit whose time has passed. */
export const ASISTENCIAS = ['Asistió', 'No presentado'] as const;
export type Asistencia = (typeof ASISTENCIAS)[number];

const UNITS = {
  es: { hour: ['hora', 'horas'], minute: ['minuto', 'minutos'] },
  ca: { hour: ['hora', 'hores'], minute: ['minut', 'minuts'] },
  en: { hour: ['hour', 'hours'], minute: ['minute', 'minutes'] },
} as const;

/** A notice in words: 120 -> '2 horas', 1440 -> '24 horas', 90 -> '90 minutos' (or '2 h', '90 min' when short). */
export function plazoTexto(minutes: number, language: 'es' | 'ca' | 'en', short = false): string {
  const whole = minutes % 60 === 0 && minutes > 0;
  const amount = whole ? minutes / 60 : minutes;
  if (short) return `${amount} ${whole ? 'h' : 'min'}`;
  const [one, many] = UNITS[language][whole ? 'hour' : 'minute'];
  return `${amount} ${amount === 1 ? one : many}`;
}

/** 2026-06-01 -> 01/06/2026, as the messages quote dates. */
export const fechaTexto = (fecha: string) => fecha.split('-').reverse().join('/');

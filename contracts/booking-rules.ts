import { z } from 'zod';

/**
 * The clinic's booking rules (issue 14, docs/decisions/0013-booking-rules.md): one row edited by
 * admins on the 'Clínica' screen ('Reglas de reserva'), enforced by the server on the patient's
 * booking, cancel and reschedule, and shown on the screens before the patient tries.
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

const ruleField = (key: keyof typeof LIMITES_REGLAS) =>
  z
    .number({ error: 'numero_invalido' })
    .int('numero_invalido')
    .min(LIMITES_REGLAS[key].min, `regla_${key}_rango`)
    .max(LIMITES_REGLAS[key].max, `regla_${key}_rango`);

/** PUT /api/clinica/reglas and GET /api/clinica/reglas: the same shape, the same form. */
export const reglasReservaSchema = z.object({
  /** Minimum notice to book, in minutes (default 2 h). */
  antelacion_reserva_min: ruleField('antelacion_reserva_min'),
  /** The furthest bookable day, counted in days from today (default 90). */
  horizonte_dias: ruleField('horizonte_dias'),
  /** Minimum notice to cancel or reschedule online, in minutes (default 24 h). */
  antelacion_cancelacion_min: ruleField('antelacion_cancelacion_min'),
  /** Pending or confirmed visits still to come a patient may hold (decisions #30). */
  max_citas_activas: ruleField('max_citas_activas'),
  /** Visits a patient may hold with one doctor on one day (decisions #30). */
  max_citas_doctor_dia: ruleField('max_citas_doctor_dia'),
  /** No-shows in the last 12 months after which a patient may hold only one pending request. */
  limite_no_presentados: ruleField('limite_no_presentados'),
});
export type ReglasReserva = z.infer<typeof reglasReservaSchema>;

/**
 * The rules as the server answers them: the caps may still come from the configuration
 * (MAX_ACTIVE_VISITS_PER_PATIENT...), which has no upper bound, so the answer is not range-checked.
 */
export const reglasReservaRespuesta = z.object(
  Object.fromEntries(Object.keys(reglasReservaSchema.shape).map((key) => [key, z.number()])) as Record<keyof ReglasReserva, z.ZodNumber>,
);

/** GET /api/clinica/reglas/mias: the rules as they apply to the calling patient now. */
export const misReglasSchema = reglasReservaRespuesta.extend({
  /** The last bookable day (YYYY-MM-DD, clinic time). */
  fecha_limite: z.string(),
  /** The patient's no-shows of the last 12 months. */
  no_presentados: z.number().int(),
  /** Past the limit: only one pending request at a time. */
  restringido: z.boolean(),
  /** How many pending requests the patient holds now. */
  solicitudes_pendientes: z.number().int(),
});
export type MisReglas = z.infer<typeof misReglasSchema>;

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

import { z } from 'zod';
import { LIMITES_REGLAS } from './booking-rules-words.ts';

export * from './booking-rules-words.ts';

/**
 * The clinic's booking rules: one row edited by admins on the 'Clínica' screen ('Reglas de
 * reserva'), enforced by the server on the patient's booking, cancel and reschedule, and shown on
 * the screens before the patient tries.
 */

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
  /** Pending or confirmed visits still to come a patient may hold. */
  max_citas_activas: ruleField('max_citas_activas'),
  /** Visits a patient may hold with one doctor on one day. */
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
  Object.fromEntries(Object.keys(reglasReservaSchema.shape).map((key) => [key, z.number()])) as Record<
    keyof ReglasReserva,
    z.ZodNumber
  >,
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

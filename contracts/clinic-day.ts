import { z } from 'zod';
import { dateField, idField, linesText } from './common.ts';

/**
 * The clinic's day at the front desk ("Hoy en la clínica") and in the doctor's waiting room.
 * Reception sees identity, contact and the visit's reason only, never clinical data (decision #34).
 */

/** A visit's state on the day, in this order of its life. */
export const ESTADOS_DIA = ['citado', 'llego', 'en_consulta', 'atendido', 'no_presentado'] as const;
export type EstadoDia = (typeof ESTADOS_DIA)[number];

/** A doctor runs late when a patient has waited past their time by more than this many minutes. */
export const RETRASO_TOLERANCIA_MIN = 5;

/** How often the board and the waiting room ask again (another desk's check-in shows within it). */
export const DIA_REFRESCO_MS = 10_000;

export const diaQuery = z.object({ fecha: dateField.optional() });
export type DiaQuery = z.infer<typeof diaQuery>;

export const visitaDiaSchema = z.object({
  id_cita: z.number(),
  id_paciente: z.number(),
  /** HH:MM the visit was booked for (an extra visit: the time it was added). */
  hora: z.string(),
  paciente: z.string(),
  telefono: z.string().nullable(),
  motivo: z.string(),
  estado: z.enum(ESTADOS_DIA),
  /** An extra visit added by the desk outside the agenda's slots. */
  extra: z.boolean(),
  /** The patient said they will come, through the one-tap link of a notice. */
  confirmada_paciente: z.boolean(),
  /** When the patient arrived (ISO instant) and its local HH:MM. */
  llegada_en: z.string().nullable(),
  llegada: z.string().nullable(),
  /** Minutes waited: until now while waiting, until called in once in consultation; else null. */
  espera_min: z.number().nullable(),
});
export type VisitaDia = z.infer<typeof visitaDiaSchema>;

export const doctorDiaSchema = z.object({
  id_doctor: z.number(),
  doctor: z.string(),
  sexo: z.enum(['M', 'F']).nullable(),
  especialidad: z.string(),
  /** Minutes the first waiting patient is past their time (0 when nobody is), and whether that is late. */
  retraso_min: z.number(),
  retrasado: z.boolean(),
  visitas: z.array(visitaDiaSchema),
});
export type DoctorDia = z.infer<typeof doctorDiaSchema>;

/** GET /api/recepcion/hoy: every doctor's visits of one day, by doctor and time. */
export const diaClinicaSchema = z.object({
  fecha: z.string(),
  /** The clinic's today (YYYY-MM-DD) and the server's now (ISO), so screens tick from the same clock. */
  hoy: z.string(),
  ahora: z.string(),
  doctores: z.array(doctorDiaSchema),
});
export type DiaClinica = z.infer<typeof diaClinicaSchema>;

/** GET /api/medico/sala-espera: the doctor's patients of today who have arrived or are in with them. */
export const salaEsperaSchema = z.object({
  id_doctor: z.number(),
  hoy: z.string(),
  ahora: z.string(),
  retraso_min: z.number(),
  retrasado: z.boolean(),
  visitas: z.array(visitaDiaSchema),
});
export type SalaEspera = z.infer<typeof salaEsperaSchema>;

/** What a change of a visit's day state answers. */
export const cambioDiaSchema = z.object({ id_cita: z.number(), estado: z.enum(ESTADOS_DIA) });
export type CambioDia = z.infer<typeof cambioDiaSchema>;

export const MODOS_SIN_CITA = ['hueco', 'extra'] as const;

/** POST /api/recepcion/sin-cita: a walk-in, into the doctor's next free slot today or as an extra visit. */
export const sinCitaSchema = z.object({
  id_paciente: idField('paciente_requerido'),
  id_doctor: idField('cita_faltan_datos'),
  motivo: linesText('motivo_cita_requerido', 500),
  modo: z.enum(MODOS_SIN_CITA, { error: 'valor_invalido' }),
  /** The visit's type: in a slot, the walk-in takes the type's whole length from the next time it fits. */
  id_tipo_visita: idField('valor_invalido').optional(),
});
export type SinCita = z.infer<typeof sinCitaSchema>;

export const sinCitaCreadaSchema = z.object({
  id_cita: z.number(),
  id_doctor: z.number(),
  fecha: z.string(),
  hora: z.string(),
  extra: z.boolean(),
  estado: z.enum(ESTADOS_DIA),
});
export type SinCitaCreada = z.infer<typeof sinCitaCreadaSchema>;

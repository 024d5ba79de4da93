import { ASISTENCIAS } from './booking-rules.ts';
import { z } from 'zod';
import { tipoDeCita } from './visit-types.ts';
import { ESTADOS_CITA } from './appointment-states.ts';
import { dateField, idField, idParam, isOneLine, linesText, pagingQuery, timeField } from './common.ts';

export { ESTADOS_CITA, type EstadoCita } from './appointment-states.ts';

/** How a slot looks to a patient choosing a time (spec section 3, availability item). */
export const TIPOS_DISPONIBILIDAD = ['Disponible', 'Reservado', 'Bloqueado'] as const;
export type TipoDisponibilidad = (typeof TIPOS_DISPONIBILIDAD)[number];

/** GET /api/citas/doctores: optionally only the doctors of one specialty. */
export const doctoresQuery = z.object({
  especialidad: idParam.optional(),
});

export const especialidadItem = z.object({ id_especialidad: z.number(), nombre: z.string() });

/** A doctor a patient can book with; specialty names in the request's language. */
export const doctorCitaItem = z.object({
  id: z.number(),
  nombre: z.string(),
  especialidades: z.array(especialidadItem),
});
export type DoctorCita = z.infer<typeof doctorCitaItem>;

export const MAX_DIAS_DISPONIBILIDAD = 31;

/** GET /api/citas/agenda-disponible/{doctorId}?dias=7&desde=YYYY-MM-DD */
export const disponibilidadParams = z.object({ doctorId: idParam });
export const disponibilidadQuery = z.object({
  dias: z.coerce
    .number({ error: 'numero_invalido' })
    .int('numero_invalido')
    .min(1, 'numero_invalido')
    .max(MAX_DIAS_DISPONIBILIDAD, 'numero_invalido')
    .default(7),
  /** First day of the window; today in the clinic's time zone when absent. */
  desde: dateField.optional(),
  /** A visit type: only the times where a visit of its length fits are offered, each ending when the visit would. */
  tipo: idParam.optional(),
});

export const disponibilidadItem = z.object({
  fecha: z.string(),
  hora_inicio: z.string(),
  hora_fin: z.string(),
  tipo: z.enum(TIPOS_DISPONIBILIDAD),
  /** Only on the calling patient's own visits: their request (pendiente) or their visit (Confirmada). */
  mia: z.enum(['pendiente', 'Confirmada']).optional(),
});
export type Disponibilidad = z.infer<typeof disponibilidadItem>;

/** The booking form's own fields: what the patient types in the 'Confirmar Cita' modal. */
export const citaFormSchema = z.object({
  motivo: linesText('motivo_cita_requerido', 500),
  recordatorio: z.boolean({ error: 'valor_invalido' }).default(false),
});
export type CitaForm = z.input<typeof citaFormSchema>;

const requiredId = idField('cita_faltan_datos');

/**
 * POST /api/citas (spec section 3). The patient is the one in the token: id_paciente may be sent
 * (the spec's client does) but must then be the caller's own.
 */
export const nuevaCitaSchema = citaFormSchema.extend({
  id_paciente: requiredId.optional(),
  id_doctor: requiredId,
  fecha: dateField,
  hora: timeField,
  /** The visit type (GET /api/citas/tipos-visita/{doctorId}); without it a 'Consulta' of one slot. */
  id_tipo_visita: idField('valor_invalido').optional(),
});
export type NuevaCita = z.input<typeof nuevaCitaSchema>;

export const citaCreadaSchema = z.object({
  id_cita: z.number(),
  id_doctor: z.number(),
  fecha: z.string(),
  hora: z.string(),
  estado: z.enum(ESTADOS_CITA),
  recordatorio: z.boolean(),
  /** When the visit ends (its type's length after its start). */
  hora_fin: z.string().optional(),
  id_tipo_visita: z.number().optional(),
});
export type CitaCreada = z.infer<typeof citaCreadaSchema>;

/**
 * GET /api/citas/mias: upcoming (soonest first) or past (latest first) visits, paged; cancelled and
 * rejected ones (any date, latest first) form a group of their own.
 */
export const PERIODOS_CITAS = ['proximas', 'pasadas', 'canceladas'] as const;
export type PeriodoCitas = (typeof PERIODOS_CITAS)[number];
/** Who cancelled a visit: the patient, the doctor (a rejection when it was still pending) or the clinic. */
export const CANCELADA_POR = ['paciente', 'doctor', 'clinica'] as const;
export const misCitasQuery = pagingQuery.omit({ buscar: true }).extend({
  periodo: z.enum(PERIODOS_CITAS, { error: 'valor_invalido' }).default('proximas'),
});
export type MisCitasQuery = z.input<typeof misCitasQuery>;

export const miCitaItem = z.object({
  id_cita: z.number(),
  fecha: z.string(),
  hora: z.string(),
  motivo: z.string(),
  estado: z.enum(ESTADOS_CITA),
  recordatorio: z.boolean(),
  id_doctor: z.number(),
  doctor: z.string(),
  especialidad: z.string(),
  /** Upcoming and not cancelled: the patient may still cancel it. */
  cancelable: z.boolean(),
  /** For a cancelled visit: who cancelled it (null when unknown, or not cancelled). */
  cancelada_por: z.enum(CANCELADA_POR).nullable(),
  /** The doctor's reason, when they gave one. */
  motivo_rechazo: z.string().nullable(),
  /** Inside the clinic's notice to cancel or reschedule online: only by phone now. */
  fuera_de_plazo: z.boolean(),
  /** Whether the patient came, once the doctor said so ('Asistió', 'No presentado'). */
  asistencia: z.enum(ASISTENCIAS).nullable(),
  /** The visit's type, named in the request's language. */
  tipo_visita: tipoDeCita.nullable().optional(),
  /** A no-show of a visit booked on its own day, not disputed yet: the patient may dispute it. */
  no_presentado_disputable: z.boolean().optional(),
  /** The patient's dispute of the no-show, once made: it no longer counts. */
  disputa: z.object({ motivo: z.string(), disputada_en: z.string() }).nullable().optional(),
});
export type MiCita = z.infer<typeof miCitaItem>;

/** POST /api/citas/{id_cita}/disputa: the patient says a same-day no-show is wrong, in a short reason. */
export const DISPUTA_MOTIVO_MIN = 5;
export const DISPUTA_MOTIVO_MAX = 300;
export const disputaNoPresentadoInput = z.object({
  motivo: z
    .string({ error: 'disputa_motivo_requerido' })
    .trim()
    .min(1, 'disputa_motivo_requerido')
    .min(DISPUTA_MOTIVO_MIN, 'disputa_motivo_corto')
    .max(DISPUTA_MOTIVO_MAX, 'texto_largo')
    .refine(isOneLine, 'texto_una_linea'),
});
export type DisputaNoPresentado = z.infer<typeof disputaNoPresentadoInput>;
export const disputaNoPresentadoSchema = z.object({ id_cita: z.number(), disputada_en: z.string() });

/** PUT /api/citas/{id_cita}/cancelar */
export const citaParams = z.object({ id_cita: idParam });
export const citaCanceladaSchema = z.object({ id_cita: z.number(), estado: z.literal('Cancelada') });

/** PUT /api/citas/{id_cita}/cambiar: another free slot of the same doctor. */
export const cambioCitaSchema = z.object({ fecha: dateField, hora: timeField });
export type CambioCita = z.input<typeof cambioCitaSchema>;
export const citaCambiadaSchema = z.object({
  id_cita: z.number(),
  id_doctor: z.number(),
  fecha: z.string(),
  hora: z.string(),
  /** A moved visit waits for the doctor again. */
  estado: z.literal('pendiente'),
});
export type CitaCambiada = z.infer<typeof citaCambiadaSchema>;

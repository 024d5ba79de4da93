import { z } from 'zod';
import { tipoDeCita } from './visit-types.ts';
import { ESTADOS_CITA } from './appointment-states.ts';
import { dateField, idField, idParam, linesText, oneLineText } from './common.ts';

/** How many free times the desk's list offers at most, and by default. */
export const MAX_HUECOS = 50;
export const HUECOS_POR_DEFECTO = 12;

/**
 * GET /api/recepcion/huecos: the next free bookable times of one specialty's doctors or of one
 * doctor, soonest first across days. One of the two is required.
 */
export const huecosQuery = z
  .object({
    id_especialidad: idParam.optional(),
    id_doctor: idParam.optional(),
    desde: dateField.optional(),
    /** A visit type: only times where a visit of its length (the doctor's) fits, at doctors who offer it. */
    tipo: idParam.optional(),
    limite: z.coerce
      .number({ error: 'numero_invalido' })
      .int('numero_invalido')
      .min(1, 'numero_invalido')
      .max(MAX_HUECOS, 'numero_invalido')
      .default(HUECOS_POR_DEFECTO),
  })
  .refine((query) => query.id_especialidad !== undefined || query.id_doctor !== undefined, {
    message: 'recepcion_especialidad_o_doctor',
    path: ['id_especialidad'],
  });
export type HuecosQuery = z.input<typeof huecosQuery>;
export type HuecosFiltro = z.infer<typeof huecosQuery>;

export const huecoLibreItem = z.object({
  id_agenda: z.number(),
  id_doctor: z.number(),
  doctor: z.string(),
  id_especialidad: z.number(),
  especialidad: z.string(),
  fecha: z.string(),
  hora_inicio: z.string(),
  hora_fin: z.string(),
});
export type HuecoLibre = z.infer<typeof huecoLibreItem>;

/** Why the desk books past a cap of the patient's (decision #36): kept with the visit and audited. */
export const forzarLimiteSchema = z.object({ motivo: oneLineText('recepcion_motivo_limite_requerido', 300) });

/** POST /api/recepcion/citas: the desk books a free time for a patient, confirmed at once. */
export const citaRecepcionSchema = z.object({
  id_paciente: idField('recepcion_paciente_requerido'),
  id_agenda: idField('recepcion_hueco_requerido'),
  motivo: linesText('motivo_cita_requerido', 500),
  forzar_limite: forzarLimiteSchema.optional(),
  /** The visit type; without it a 'Consulta' of one slot. */
  id_tipo_visita: idField('valor_invalido').optional(),
});
export type CitaRecepcion = z.input<typeof citaRecepcionSchema>;
export type CitaRecepcionDatos = z.infer<typeof citaRecepcionSchema>;

/** POST /api/recepcion/citas/:id/mover: the visit moves to another free time (same specialty). */
export const moverCitaRecepcionSchema = z.object({
  id_agenda: idField('recepcion_hueco_requerido'),
  /**
   * The slot the desk saw the visit on: if it has moved since (another desk, the patient), the
   * move is refused rather than made on top of a change this desk never saw.
   */
  desde_agenda: idField('recepcion_hueco_requerido'),
  forzar_limite: forzarLimiteSchema.optional(),
});
export type MoverCitaRecepcion = z.input<typeof moverCitaRecepcionSchema>;
export type MoverCitaRecepcionDatos = z.infer<typeof moverCitaRecepcionSchema>;

/** POST /api/recepcion/citas/:id/cancelar: the reason is required; the patient reads it. */
export const cancelarCitaRecepcionSchema = z.object({
  motivo: oneLineText('recepcion_motivo_cancelacion_requerido', 300),
});
export type CancelarCitaRecepcion = z.input<typeof cancelarCitaRecepcionSchema>;

export const citaRecepcionParams = z.object({ id: idParam });
export const pacienteRecepcionParams = z.object({ id: idParam });

/**
 * A visit as the desk sees it: who, with whom, when. Not its reason, which may say something about
 * the patient's health (Ley 41/2002, art. 16.4): reception only needs the time.
 */
export const citaRecepcionItem = z.object({
  id_cita: z.number(),
  id_paciente: z.number(),
  id_doctor: z.number(),
  doctor: z.string(),
  id_especialidad: z.number(),
  especialidad: z.string(),
  id_agenda: z.number(),
  fecha: z.string(),
  hora: z.string(),
  estado: z.enum(ESTADOS_CITA),
  /** The reason the desk gave to pass a cap, if it did. */
  limite_forzado: z.string().nullable(),
  /** The visit's type, named in the request's language. */
  tipo_visita: tipoDeCita.nullable().optional(),
});
export type CitaRecepcionItem = z.infer<typeof citaRecepcionItem>;

export const citaRecepcionCanceladaSchema = z.object({ id_cita: z.number(), estado: z.literal('Cancelada') });

/** GET /api/recepcion/pacientes/:id/citas: who is being booked and their visits still to come. */
export const citasPacienteRecepcionSchema = z.object({
  paciente: z.object({
    id_paciente: z.number(),
    nombre: z.string(),
    apellido1: z.string(),
    apellido2: z.string().nullable(),
    telefono: z.string().nullable(),
    correo: z.string(),
  }),
  citas: z.array(citaRecepcionItem),
});
export type CitasPacienteRecepcion = z.infer<typeof citasPacienteRecepcionSchema>;

/** The cap refusals the desk may pass with a reason. */
export const LIMITES_FORZABLES = ['recepcion_limite_citas_activas', 'recepcion_limite_citas_doctor_dia'] as const;

/** GET /api/recepcion/doctores: the doctors the desk may book with, optionally of one specialty. */
export const doctoresRecepcionQuery = z.object({ id_especialidad: idParam.optional() });
export const doctorRecepcionItem = z.object({
  id_doctor: z.number(),
  nombre: z.string(),
  id_especialidad: z.number(),
  especialidad: z.string(),
});
export type DoctorRecepcion = z.infer<typeof doctorRecepcionItem>;

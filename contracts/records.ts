import { ASISTENCIAS } from './booking-rules.ts';
import { z } from 'zod';
import { consultaSchema } from './consultations.ts';
import { dateField, isOneLine, numberInBody, optionalText, requiredText } from './common.ts';
import { ESTADOS_CITA } from './appointment-states.ts';
import {
  alergiaSchema,
  discapacidadSchema,
  enfermedadSchema,
  fichaClinicaSchema,
  habitoSchema,
  vacunaSchema,
  writtenAt,
} from './clinical-file.ts';

/** An optional calendar date: empty and null mean "not known". */
const optionalDate = z.preprocess((value) => (value === '' || value === null ? undefined : value), dateField.optional());

const percentage = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  numberInBody(
    z.number({ error: 'porcentaje_invalido' }).int('porcentaje_invalido').min(0, 'porcentaje_invalido').max(100, 'porcentaje_invalido'),
  ).optional(),
);

/** What a doctor writes into each section of the clinical file (spec section 3 fields). */
export const alergiaInput = z.object({
  nombre: requiredText('nombre_requerido', 200),
  fecha_diagnostico: optionalDate,
  observaciones: optionalText(1000),
});
export const enfermedadInput = z.object({
  nombre: requiredText('nombre_requerido', 200),
  tipo: optionalText(100),
  fecha_diagnostico: optionalDate,
  observaciones: optionalText(1000),
  activa: z.boolean({ error: 'valor_invalido' }).default(true),
});
export const discapacidadInput = z.object({
  tipo: requiredText('tipo_requerido', 200),
  porcentaje: percentage,
  fecha_diagnostico: optionalDate,
  descripcion: optionalText(1000),
});
export const habitoInput = z.object({
  nombre: requiredText('nombre_requerido', 200),
  frecuencia: optionalText(100),
  duracion: optionalText(100),
  observaciones: optionalText(1000),
});
export const vacunaInput = z.object({
  nombre: requiredText('nombre_requerido', 200),
  fecha_aplicacion: optionalDate,
  dosis: optionalText(100),
  descripcion: optionalText(1000),
});

/** The editable sections of the clinical file: path segment, id field, input and output (the entry and when it was written). */
export const SECCIONES = {
  alergias: { id: 'id_alergia', input: alergiaInput, output: alergiaSchema.extend(writtenAt) },
  enfermedades: { id: 'id_enfermedad', input: enfermedadInput, output: enfermedadSchema.extend(writtenAt) },
  discapacidades: { id: 'id_discapacidad', input: discapacidadInput, output: discapacidadSchema.extend(writtenAt) },
  habitos: { id: 'id_habito', input: habitoInput, output: habitoSchema.extend(writtenAt) },
  vacunas: { id: 'id_vacuna', input: vacunaInput, output: vacunaSchema.extend(writtenAt) },
} as const;
export type Seccion = keyof typeof SECCIONES;
export const NOMBRES_SECCION = Object.keys(SECCIONES) as Seccion[];
export type EntradaInput<S extends Seccion> = z.input<(typeof SECCIONES)[S]['input']>;

export const pacienteHistoriaSchema = z.object({
  id_paciente: z.number(),
  nombre: z.string(),
  dni: z.string().nullable(),
  nacimiento: z.string().nullable(),
  sexo: z.enum(['M', 'F']).nullable(),
  correo: z.string(),
  telefono: z.string().nullable(),
  estado: z.enum(['Activo', 'Inactivo']),
  fecha_alta: z.string(),
});

/** GET /api/pacientes/{id}/historia: the record a doctor opens. */
export const historiaSchema = fichaClinicaSchema.extend({
  paciente: pacienteHistoriaSchema,
  consultas: z.array(consultaSchema),
  citas: z.array(
    z.object({
      id_cita: z.number(),
      fecha: z.string(),
      hora: z.string(),
      motivo: z.string(),
      estado: z.enum(ESTADOS_CITA),
      /** Whether the patient came ('Asistió', 'No presentado'), once the doctor said so. */
      asistencia: z.enum(ASISTENCIAS).nullable(),
      /** The patient's reason when they disputed a same-day no-show (it no longer counts); absent otherwise. */
      disputa_motivo: z.string().optional(),
    }),
  ),
  /** The patient's no-shows of the last 12 months, with any doctor. */
  no_presentados: z.number(),
  /**
   * Until when the doctor's stated reason opens this record (break the glass); null
   * when the doctor treats the patient.
   */
  acceso_urgente_hasta: z.string().nullable(),
});
export type Historia = z.infer<typeof historiaSchema>;

/** Break the glass: the reason a doctor states to open a record of a patient they do not treat. */
export const MOTIVO_URGENTE_MIN = 10;
export const MOTIVO_URGENTE_MAX = 500;
export const accesoUrgenteInput = z.object({
  motivo: z
    .string({ error: 'motivo_urgente_requerido' })
    .trim()
    .min(1, 'motivo_urgente_requerido')
    .min(MOTIVO_URGENTE_MIN, 'motivo_urgente_corto')
    .max(MOTIVO_URGENTE_MAX, 'texto_largo')
    .refine(isOneLine, 'texto_una_linea'),
});
export type AccesoUrgenteInput = z.infer<typeof accesoUrgenteInput>;
/** The access granted: until when the doctor may open the record without stating a reason again. */
export const accesoUrgenteSchema = z.object({ caduca_en: z.string() });

import { z } from 'zod';
import { tipoDeCita } from './visit-types.ts';
import { solicitudSchema } from './agenda.ts';
import { dateField, idField, linesText, optionalText, pagingQuery, requiredText, timeField } from './common.ts';

import { ESTADOS_CONSULTA, TIPOS_CONSULTA } from './consultation-types.ts';

export { ESTADOS_CONSULTA, TIPOS_CONSULTA, type EstadoConsulta, type TipoConsulta } from './consultation-types.ts';

/**
 * POST /api/consultas (spec section 3): diagnóstico and recomendaciones are sent empty. `pacienteId`
 * is the patient's account id, the `id` GET /api/usuarios hands out.
 */
export const crearConsultaSchema = z.object({
  pacienteId: idField('paciente_requerido'),
  fecha: dateField,
  hora: timeField,
  motivo: linesText('motivo_requerido', 200),
  descripcion: optionalText(2000),
  diagnostico: optionalText(2000),
  recomendaciones: optionalText(2000),
  tipo: z.enum(TIPOS_CONSULTA, { error: 'valor_invalido' }).default('Consulta'),
  /** A visit type of the catalogue the doctor offers: the visit takes its length of the agenda. */
  id_tipo_visita: idField('valor_invalido').optional(),
  /** The patient's e-mail reminder before the visit, as a booking has (on unless refused). */
  recordatorio: z.boolean({ error: 'valor_invalido' }).default(true),
});
export type CrearConsulta = z.infer<typeof crearConsultaSchema>;
export type CrearConsultaForm = z.input<typeof crearConsultaSchema>;

/** A consultation as the doctor's screens show it (paciente_nombre, fecha, hora HH:MM, motivo, estado). */
export const consultaSchema = z.object({
  id_consulta: z.number(),
  id_paciente: z.number(),
  paciente_nombre: z.string(),
  id_doctor: z.number(),
  doctor: z.string(),
  id_cita: z.number().nullable(),
  fecha: z.string(),
  hora: z.string(),
  tipo: z.enum(TIPOS_CONSULTA),
  motivo: z.string(),
  descripcion: z.string().nullable(),
  diagnostico: z.string().nullable(),
  recomendaciones: z.string().nullable(),
  estado: z.enum(ESTADOS_CONSULTA),
  finalizada_en: z.string().nullable(),
});
export type Consulta = z.infer<typeof consultaSchema>;

export const consultasQuery = pagingQuery.extend({
  estado: z.preprocess((value) => (value === '' ? undefined : value), z.enum(ESTADOS_CONSULTA, { error: 'valor_invalido' }).optional()),
});
export type ConsultasQuery = z.infer<typeof consultasQuery>;

/** PUT /api/consultas/{id}/finalizar: the doctor completes a consultation in the record. */
export const finalizarConsultaSchema = z.object({
  diagnostico: requiredText('diagnostico_requerido', 2000),
  recomendaciones: optionalText(2000),
});
export type FinalizarConsulta = z.infer<typeof finalizarConsultaSchema>;

/** GET /api/medico/pacientes: patients a doctor may pick (all, or only those they treat). */
export const medicoPacientesQuery = pagingQuery.extend({
  mis_pacientes: z
    .enum(['true', 'false'], { error: 'valor_invalido' })
    .optional()
    .transform((value) => value === 'true'),
});
export type MedicoPacientesQuery = z.infer<typeof medicoPacientesQuery>;
export const pacienteOpcionSchema = z.object({ id_paciente: z.number(), nombre: z.string(), correo: z.string() });
export type PacienteOpcion = z.infer<typeof pacienteOpcionSchema>;

/** A confirmed visit in the doctor's /mis-visitas. */
export const visitaSchema = solicitudSchema.omit({ estado: true, no_presentados: true }).extend({
  /** The visit's type, named in the request's language. */
  tipo_visita: tipoDeCita.nullable().optional(),
});
export type Visita = z.infer<typeof visitaSchema>;

import { z } from 'zod';
import { archivoSchema } from './files.ts';
import { seccionesFichaSchema } from './clinical-file.ts';
import { perfilPacienteSchema } from './patient.ts';
import { ROLES } from './roles.ts';

/**
 * GET /api/paciente/mis-datos: everything Galeno holds about the patient who asks.
 * The schema is also the response schema, so a field not listed here (a password hash, a token
 * version, a storage path) can never reach the file.
 */

/** When a file entry was written and by whom (a name, never an account id of the staff). */
const provenance = {
  creado_en: z.string(),
  registrado_por: z.string().nullable(),
};

export const consultaExportadaSchema = z.object({
  id_consulta: z.number(),
  id_cita: z.number().nullable(),
  fecha: z.string(),
  hora: z.string(),
  tipo: z.string(),
  estado: z.string(),
  doctor: z.string(),
  especialidad: z.string(),
  motivo: z.string(),
  descripcion: z.string().nullable(),
  diagnostico: z.string().nullable(),
  recomendaciones: z.string().nullable(),
  creado_en: z.string(),
  finalizada_en: z.string().nullable(),
});
export type ConsultaExportada = z.infer<typeof consultaExportadaSchema>;

export const citaExportadaSchema = z.object({
  id_cita: z.number(),
  fecha: z.string(),
  hora: z.string(),
  doctor: z.string(),
  especialidad: z.string(),
  motivo: z.string(),
  estado: z.string(),
  recordatorio: z.boolean(),
  /** The e-mail reminder, when one was asked for: its state and when it was (or will be) sent. */
  aviso: z
    .object({
      estado: z.string(),
      enviar_en: z.string(),
      enviado_en: z.string().nullable(),
    })
    .nullable(),
  creado_en: z.string(),
  actualizado_en: z.string(),
});
export type CitaExportada = z.infer<typeof citaExportadaSchema>;

export const mensajeExportadoSchema = z.object({
  rol: z.enum(['user', 'assistant']),
  contenido: z.string(),
  creado_en: z.string(),
});

export const conversacionExportadaSchema = z.object({
  id_chat: z.number(),
  nombre_chat: z.string(),
  creado_en: z.string(),
  actualizado_en: z.string(),
  mensajes: z.array(mensajeExportadoSchema),
});
export type ConversacionExportada = z.infer<typeof conversacionExportadaSchema>;

/** An audit entry about the patient or made by them. `ip` only on the patient's own actions. */
export const registroAuditoriaExportadoSchema = z.object({
  creado_en: z.string(),
  quien: z.string(),
  /** Sex of who did it, for the sentence ('La Dra. …'), and whether it was the patient themselves. */
  sexo: z.enum(['M', 'F']).nullable(),
  propio: z.boolean(),
  rol: z.string().nullable(),
  accion: z.string(),
  detalle: z.string().nullable(),
  ip: z.string().nullable(),
});
export type RegistroAuditoriaExportado = z.infer<typeof registroAuditoriaExportadoSchema>;

export const misDatosSchema = z.object({
  formato: z.literal('galeno.mis-datos'),
  version: z.literal(1),
  generado_en: z.string(),
  cuenta: z.object({
    id_usuario: z.number(),
    nombre_usuario: z.string(),
    correo: z.string(),
    rol: z.enum(ROLES),
    idioma: z.string(),
    activo: z.boolean(),
    creado_en: z.string(),
    /** Password reset links asked for: when, until when, and when used (never the token). */
    restablecimientos_contrasena: z.array(
      z.object({ creado_en: z.string(), caduca_en: z.string(), usado_en: z.string().nullable() }),
    ),
  }),
  paciente: perfilPacienteSchema.extend({ id_paciente: z.number() }),
  ficha: seccionesFichaSchema(provenance),
  consultas: z.array(consultaExportadaSchema),
  citas: z.array(citaExportadaSchema),
  archivos: z.array(archivoSchema),
  conversaciones: z.array(conversacionExportadaSchema),
  auditoria: z.array(registroAuditoriaExportadoSchema),
});
export type MisDatos = z.infer<typeof misDatosSchema>;

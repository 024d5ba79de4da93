import { z } from 'zod';
import { archivoSchema } from './files.ts';

/**
 * The clinical file: one model of its five sections (spec section 3 field names), the last finished
 * consultation and the attachments. The server's records module owns the five tables;
 * each endpoint shows one view of this model: the patient's own file (`fichaMedicaSchema`), the
 * doctor's record (`fichaClinicaSchema`, entries with `creado_en`), the one-page summary and the data
 * export (entries with who wrote them). Key order is the wire's order.
 */

export const alergiaSchema = z.object({
  id_alergia: z.number(),
  nombre: z.string(),
  fecha_diagnostico: z.string().nullable(),
  observaciones: z.string().nullable(),
});
export const enfermedadSchema = z.object({
  id_enfermedad: z.number(),
  nombre: z.string(),
  tipo: z.string().nullable(),
  fecha_diagnostico: z.string().nullable(),
  observaciones: z.string().nullable(),
  activa: z.boolean(),
});
export const discapacidadSchema = z.object({
  id_discapacidad: z.number(),
  tipo: z.string(),
  porcentaje: z.number().nullable(),
  fecha_diagnostico: z.string().nullable(),
  descripcion: z.string().nullable(),
});
export const habitoSchema = z.object({
  id_habito: z.number(),
  nombre: z.string(),
  frecuencia: z.string().nullable(),
  duracion: z.string().nullable(),
  observaciones: z.string().nullable(),
});
export const vacunaSchema = z.object({
  id_vacuna: z.number(),
  nombre: z.string(),
  fecha_aplicacion: z.string().nullable(),
  dosis: z.string().nullable(),
  descripcion: z.string().nullable(),
});
export type Alergia = z.infer<typeof alergiaSchema>;
export type Enfermedad = z.infer<typeof enfermedadSchema>;
export type Discapacidad = z.infer<typeof discapacidadSchema>;
export type Habito = z.infer<typeof habitoSchema>;
export type Vacuna = z.infer<typeof vacunaSchema>;

/** What the doctor's record adds to each entry: when it was written. */
export const writtenAt = { creado_en: z.string() };

/** The five sections, each entry with its fields and the view's `extra` ones (when and by whom it was written). */
export function seccionesFichaSchema<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.object({
    alergias: z.array(alergiaSchema.extend(extra)),
    enfermedades: z.array(enfermedadSchema.extend(extra)),
    discapacidades: z.array(discapacidadSchema.extend(extra)),
    habitos: z.array(habitoSchema.extend(extra)),
    vacunas: z.array(vacunaSchema.extend(extra)),
  });
}

/** The last finished consultation as the patient sees it: motivo, diagnostico, recomendaciones (+ when and with whom). */
export const ultimaConsultaSchema = z.object({
  id_consulta: z.number(),
  fecha: z.string(),
  hora: z.string(),
  tipo: z.string(),
  doctor: z.string(),
  motivo: z.string(),
  diagnostico: z.string().nullable(),
  recomendaciones: z.string().nullable(),
});
export type UltimaConsulta = z.infer<typeof ultimaConsultaSchema>;

/** The last finished consultation in the doctor's record (spec: motivo, diagnostico, recomendaciones). */
export const ultimaConsultaRegistroSchema = z.object({
  fecha: z.string(),
  motivo: z.string(),
  diagnostico: z.string().nullable(),
  recomendaciones: z.string().nullable(),
  doctor: z.string(),
});

/** An attachment as the doctor's record lists it. */
export const archivoRegistroSchema = z.object({
  id_archivo: z.number(),
  nombre: z.string(),
  tipo: z.string(),
  fecha_subida: z.string(),
});

/** GET /api/paciente/ficha: the patient's whole file in one answer (the read-only record). */
export const fichaMedicaSchema = seccionesFichaSchema({}).extend({
  ultima_consulta: ultimaConsultaSchema.nullable(),
  archivos: z.array(archivoSchema),
});
export type FichaMedica = z.infer<typeof fichaMedicaSchema>;

/** The file in the doctor's record (GET /api/pacientes/{id}/historia): each entry says when it was written. */
export const fichaClinicaSchema = seccionesFichaSchema(writtenAt).extend({
  ultima_consulta: ultimaConsultaRegistroSchema.nullable(),
  archivos: z.array(archivoRegistroSchema),
});
export type FichaClinica = z.infer<typeof fichaClinicaSchema>;

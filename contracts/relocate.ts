import { z } from 'zod';
import { ESTADOS_CITA } from './appointment-states.ts';
import { dateField, idField, idParam, MAX_ID, requiredText } from './common.ts';
import { MAX_DIAS_AUSENCIA } from './weekly-hours.ts';

/** POST /api/clinica/cierres: the whole clinic closes from fecha_inicio to fecha_fin (whole days). */
export const cierreSchema = z
  .object({
    fecha_inicio: dateField,
    fecha_fin: dateField,
    motivo: requiredText('motivo_requerido', 200),
  })
  .refine((c) => c.fecha_inicio <= c.fecha_fin, { message: 'rango_fechas_invalido', path: ['fecha_fin'] })
  .refine(
    (c) => (Date.parse(`${c.fecha_fin}T00:00:00Z`) - Date.parse(`${c.fecha_inicio}T00:00:00Z`)) / 86_400_000 < MAX_DIAS_AUSENCIA,
    { message: 'cierre_demasiado_largo', path: ['fecha_fin'] },
  );
export type NuevoCierre = z.infer<typeof cierreSchema>;

export const cierreResponse = z.object({
  id_cierre: z.number(),
  fecha_inicio: z.string(),
  fecha_fin: z.string(),
  motivo: z.string(),
});
export type Cierre = z.infer<typeof cierreResponse>;

export const cierreCreadoResponse = z.object({
  cierre: cierreResponse,
  /** Free slots the closure closed, and booked visits it left for the desk to relocate. */
  huecos_cerrados: z.number(),
  por_reubicar: z.number(),
});
export type CierreCreado = z.infer<typeof cierreCreadoResponse>;

/** POST /api/clinica/festivos: a local holiday (the clinic closes) or a public one it opens on. */
export const festivoClinicaSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('local'), fecha: dateField, nombre: requiredText('nombre_festivo_requerido', 100) }),
    z.object({ tipo: z.literal('abierto'), fecha: dateField }),
  ],
  { error: 'valor_invalido' },
);
export type NuevoFestivoClinica = z.infer<typeof festivoClinicaSchema>;

export const festivoFechaParam = z.object({ fecha: dateField });

/** POST /api/recepcion/por-reubicar/mover: each visit to a free slot of a doctor of the same specialty. */
export const moverReubicarSchema = z.object({
  citas: z
    .array(z.object({ id_cita: idField(), id_agenda: idField() }), { error: 'valor_invalido' })
    .min(1, 'valor_invalido')
    .max(200, 'valor_invalido'),
});
export type MoverReubicar = z.infer<typeof moverReubicarSchema>;

/** POST /api/recepcion/por-reubicar/cancelar: the visits called off, with the reason the patients read. */
export const cancelarReubicarSchema = z.object({
  ids: z.array(idField(), { error: 'valor_invalido' }).min(1, 'valor_invalido').max(200, 'valor_invalido'),
  motivo: requiredText('motivo_requerido', 200),
});
export type CancelarReubicar = z.infer<typeof cancelarReubicarSchema>;

/** One visit's outcome in a bulk move or cancellation: done, or the refusal's code and sentence. */
export const resultadoReubicarSchema = z.object({
  id_cita: z.number(),
  ok: z.boolean(),
  fecha: z.string().optional(),
  hora: z.string().optional(),
  doctor: z.string().optional(),
  code: z.string().optional(),
  detail: z.string().optional(),
});
export type ResultadoReubicar = z.infer<typeof resultadoReubicarSchema>;
export const resultadosReubicarResponse = z.object({ resultados: z.array(resultadoReubicarSchema) });
export type ResultadosReubicar = z.infer<typeof resultadosReubicarResponse>;

/** A visit waiting for the desk: who (identity and contact only), with whom, when, and why. */
export const citaPorReubicarSchema = z.object({
  id_cita: z.number(),
  fecha: z.string(),
  hora: z.string(),
  estado: z.enum(ESTADOS_CITA),
  id_doctor: z.number(),
  doctor: z.string(),
  id_especialidad: z.number().nullable(),
  especialidad: z.string().nullable(),
  id_paciente: z.number(),
  paciente: z.string(),
  telefono: z.string().nullable(),
  correo: z.string().nullable(),
  causa: z.enum(['cierre', 'ausencia']),
  motivo_causa: z.string(),
});
export type CitaPorReubicar = z.infer<typeof citaPorReubicarSchema>;

/** GET /api/recepcion/por-reubicar/propuestas?ids=1,2: the first free slot of the same specialty after each visit's time. */
export const propuestasQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, 'valor_invalido')
    .refine((value) => value.split(',').every((id) => Number(id) >= 1 && Number(id) <= MAX_ID), 'valor_invalido')
    .transform((value) => [...new Set(value.split(',').map(Number))]),
});
export const propuestaSchema = z.object({
  id_cita: z.number(),
  hueco: z
    .object({ id_agenda: z.number(), id_doctor: z.number(), doctor: z.string(), fecha: z.string(), hora: z.string() })
    .nullable(),
});
export type Propuesta = z.infer<typeof propuestaSchema>;

/** GET /api/recepcion/por-reubicar/huecos?id_cita=1&fecha=2026-03-20: the free slots of a day open to a visit (same specialty). */
export const huecosReubicarQuery = z.object({ id_cita: idParam, fecha: dateField });
export const huecoReubicarSchema = z.object({ id_agenda: z.number(), id_doctor: z.number(), doctor: z.string(), fecha: z.string(), hora: z.string() });
export type HuecoReubicar = z.infer<typeof huecoReubicarSchema>;

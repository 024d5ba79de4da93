import { z } from 'zod';
import { emailField, nameText, optionalNameText, pagingQuery } from './common.ts';
import { perfilPacienteUpdateSchema } from './patient.ts';

/**
 * The front desk's view of patients: who they are and how to reach them, their visits, waitlist
 * and the notices sent to them. Never their clinical record (Ley 41/2002, art. 16.4).
 */

/** GET /api/recepcion/pacientes: one search box (name, surnames, DNI/NIE, phone, e-mail, birth date), paged. */
export const pacientesRecepcionQuery = pagingQuery.extend({
  por_pagina: pagingQuery.shape.por_pagina.unwrap().default(20),
});
export type PacientesRecepcionQuery = z.infer<typeof pacientesRecepcionQuery>;

/** A patient as the desk finds them: identity and contact only. */
export const pacienteRecepcionSchema = z.object({
  id_paciente: z.number(),
  id_usuario: z.number(),
  nombre: z.string(),
  apellido1: z.string(),
  apellido2: z.string().nullable(),
  dni: z.string().nullable(),
  telefono: z.string().nullable(),
  /** Null for a caller who gave only a phone. */
  correo: z.string().nullable(),
  fecha_nacimiento: z.string().nullable(),
  /** Whether the patient has set a password (a desk registration has none until the invitation is used). */
  cuenta_activada: z.boolean(),
  proxima_cita: z
    .object({ id_cita: z.number(), fecha: z.string(), hora: z.string(), doctor: z.string() })
    .nullable(),
});
export type PacienteRecepcion = z.infer<typeof pacienteRecepcionSchema>;

/** One visit on the desk's card: when, with whom, in what state; never the reason given. */
export const visitaRecepcionSchema = z.object({
  id_cita: z.number(),
  fecha: z.string(),
  hora: z.string(),
  doctor: z.string(),
  especialidad: z.string(),
  estado: z.string(),
  asistencia: z.string().nullable(),
  /** Who made it, when the audit log tells: their role (the patient themselves, a doctor, the desk) and name. */
  reservada_por: z.object({ rol: z.string(), nombre: z.string() }).nullable(),
  /** The patient said they will come, through the one-tap link of a notice. */
  confirmada_paciente: z.boolean(),
});
export type VisitaRecepcion = z.infer<typeof visitaRecepcionSchema>;

export const esperaRecepcionSchema = z.object({
  id_entrada: z.number(),
  doctor: z.string().nullable(),
  especialidad: z.string(),
  desde: z.string(),
  hasta: z.string(),
  franja: z.string(),
  estado: z.string(),
  creado_en: z.string(),
});

/** A visit's reminder, or a link to create (the desk's invitation) or reset the password. */
export const TIPOS_AVISO = ['recordatorio', 'enlace_contrasena'] as const;
export const avisoRecepcionSchema = z.object({
  tipo: z.enum(TIPOS_AVISO),
  /** When it went out (or is due, for a reminder still pending). */
  fecha: z.string(),
  estado: z.string(),
  /** The visit it was about, for a reminder. */
  id_cita: z.number().nullable(),
});
export type AvisoRecepcion = z.infer<typeof avisoRecepcionSchema>;

/** GET /api/recepcion/pacientes/:id: the desk's card of one patient. */
export const fichaRecepcionSchema = z.object({
  paciente: pacienteRecepcionSchema.extend({
    nombre_usuario: z.string(),
    idioma: z.enum(['es', 'ca', 'en']),
    fecha_alta: z.string(),
  }),
  proximas: z.array(visitaRecepcionSchema),
  pasadas: z.array(visitaRecepcionSchema),
  lista_espera: z.array(esperaRecepcionSchema),
  avisos: z.array(avisoRecepcionSchema),
});
export type FichaRecepcion = z.infer<typeof fichaRecepcionSchema>;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * POST /api/recepcion/pacientes: a caller registered at the desk. A phone or an e-mail is needed to
 * reach them; the DNI/NIE and birth date follow the profile's rules. The desk's form uses this schema.
 */
export const altaRecepcionSchema = z
  .object({
    nombre: nameText('campo_requerido', 100),
    apellido1: nameText('campo_requerido', 100),
    apellido2: optionalNameText(100),
    telefono: perfilPacienteUpdateSchema.shape.telefono,
    correo: z.preprocess(blankToUndefined, emailField.optional()),
    dni: perfilPacienteUpdateSchema.shape.dni,
    fecha_nacimiento: perfilPacienteUpdateSchema.shape.nacimiento,
    idioma: z.enum(['es', 'ca', 'en'], { error: 'valor_invalido' }).default('es'),
    /** Create even though likely duplicates were shown (never past a DNI or e-mail in use). */
    confirmar_duplicado: z.boolean({ error: 'valor_invalido' }).optional(),
  })
  .superRefine((value, context) => {
    if (!value.telefono && !value.correo) {
      context.addIssue({ code: 'custom', path: ['telefono'], message: 'telefono_o_correo' });
    }
  });
export type AltaRecepcion = z.output<typeof altaRecepcionSchema>;
export type AltaRecepcionInput = z.input<typeof altaRecepcionSchema>;

/** Why a candidate looks like the caller. */
export const MOTIVOS_DUPLICADO = ['dni', 'nombre_nacimiento', 'telefono', 'correo'] as const;
export type MotivoDuplicado = (typeof MOTIVOS_DUPLICADO)[number];

export const candidatoDuplicadoSchema = pacienteRecepcionSchema.omit({ proxima_cita: true }).extend({
  motivos: z.array(z.enum(MOTIVOS_DUPLICADO)),
});
export type CandidatoDuplicado = z.infer<typeof candidatoDuplicadoSchema>;

/** The 409 of a registration that looks like patients already known: `code` is `posible_duplicado`. */
export const posibleDuplicadoSchema = z.object({
  detail: z.string(),
  code: z.string(),
  candidatos: z.array(candidatoDuplicadoSchema),
});
export type PosibleDuplicado = z.infer<typeof posibleDuplicadoSchema>;

export const ESTADOS_INVITACION = ['enviada', 'sin_correo'] as const;

/** The answer to a registration: the new patient as the desk finds them, and the invitation's fate. */
export const altaRecepcionRespuestaSchema = z.object({
  paciente: pacienteRecepcionSchema,
  nombre_usuario: z.string(),
  invitacion: z.enum(ESTADOS_INVITACION),
});
export type AltaRecepcionRespuesta = z.infer<typeof altaRecepcionRespuestaSchema>;

export const invitacionRespuestaSchema = z.object({ invitacion: z.literal('enviada'), caduca_en: z.string() });

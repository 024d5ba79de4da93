import { z } from 'zod';
import { pagingQuery } from './common.ts';
import { LANGUAGES } from './messages/languages.ts';
import { colegiadoField, especialidadIdField } from './doctors.ts';
import { ESTADOS_ACTIVIDAD } from './profiles.ts';
import { ROLES } from './roles.ts';
import { registroPacienteSchema } from './auth.ts';

const rolField = z.enum(ROLES, { error: 'rol_invalido' });

/** GET /api/usuarios: search, paging and an optional role filter (doctors may only ask for patients). */
export const usuariosQuery = pagingQuery.extend({ rol: rolField.optional() });
export type UsuariosQuery = z.infer<typeof usuariosQuery>;

/**
 * One account in the user lists. Both readings of the spec are served: the doctor screen's
 * (id, nombre, email, rol) and the management screen's (id_usuario, nombre_usuario, correo, rol,
 * numero_colegiado, id_especialidad).
 */
export const usuarioListaSchema = z.object({
  id_usuario: z.number(),
  id: z.number(),
  nombre_usuario: z.string(),
  nombre: z.string(),
  apellido1: z.string(),
  apellido2: z.string().nullable(),
  correo: z.string(),
  email: z.string(),
  rol: z.enum(ROLES),
  id_paciente: z.number().nullable(),
  id_doctor: z.number().nullable(),
  numero_colegiado: z.string().nullable(),
  id_especialidad: z.number().nullable(),
});
export type UsuarioLista = z.infer<typeof usuarioListaSchema>;

/** PUT /api/usuarios/{id}/rol. A doctor needs a 9-digit colegiado and a specialty. */
export const cambioRolSchema = z
  .object({
    nuevo_rol: rolField,
    numero_colegiado: z.preprocess((value) => (value === '' || value === null ? undefined : value), colegiadoField.optional()),
    id_especialidad: z.preprocess((value) => (value === '' || value === null ? undefined : value), especialidadIdField.optional()),
  })
  .superRefine((value, context) => {
    if (value.nuevo_rol !== 'doctor') return;
    if (value.numero_colegiado === undefined) {
      context.addIssue({ code: 'custom', path: ['numero_colegiado'], message: 'datos_doctor_requeridos' });
    }
    if (value.id_especialidad === undefined) {
      context.addIssue({ code: 'custom', path: ['id_especialidad'], message: 'datos_doctor_requeridos' });
    }
  });
export type CambioRol = z.infer<typeof cambioRolSchema>;

/** GET /api/pacientes: search and paging. */
export const pacientesQuery = pagingQuery;

/** One patient of the patient list, with what its detail modal shows. */
export const pacienteListaSchema = z.object({
  id_paciente: z.number(),
  id_usuario: z.number(),
  nombre: z.string(),
  apellido1: z.string(),
  apellido2: z.string().nullable(),
  /** Name and surnames, as the list shows them. */
  nombre_completo: z.string(),
  correo: z.string(),
  telefono: z.string().nullable(),
  /** Street, postal code, town and province in one line; null when none is known. */
  direccion: z.string().nullable(),
  fecha_alta: z.string(),
  estado_actividad: z.enum(ESTADOS_ACTIVIDAD),
});
export type PacienteLista = z.infer<typeof pacienteListaSchema>;

/** GET /api/mi-cuenta: the caller's own account, for the read-only account page of every role. */
export const miCuentaSchema = z.object({
  id_usuario: z.number(),
  nombre_usuario: z.string(),
  nombre: z.string(),
  apellido1: z.string(),
  apellido2: z.string().nullable(),
  correo: z.string(),
  rol: z.enum(ROLES),
  idioma: z.enum(['es', 'ca', 'en']),
  creado_en: z.string(),
});
export type MiCuenta = z.infer<typeof miCuentaSchema>;

/** PUT /api/mi-cuenta/idioma: the language of the account's e-mails, reminders and screens. */
export const idiomaCuentaSchema = z.object({ idioma: z.enum(LANGUAGES, { error: 'valor_invalido' }) });
export type IdiomaCuenta = z.infer<typeof idiomaCuentaSchema>;

/** POST /api/registro-recepcion: an admin opens a front-desk account (decision #34), with the fields of a patient's sign-up. */
export const registroRecepcionSchema = registroPacienteSchema;
export type RegistroRecepcion = z.infer<typeof registroRecepcionSchema>;

/** The form: the payload plus the password's confirmation, which is checked here and not sent. */
export const registroRecepcionFormSchema = registroRecepcionSchema
  .extend({ confirmacion: z.string().min(1, 'contrasena_requerida') })
  .refine((form) => form.contrasena === form.confirmacion, { message: 'contrasenas_no_coinciden', path: ['confirmacion'] });
export type RegistroRecepcionForm = z.input<typeof registroRecepcionFormSchema>;

export const registroRecepcionResponse = z.object({ id_usuario: z.number() });

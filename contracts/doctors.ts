import { z } from 'zod';
import { newPasswordField, usernameField } from './auth.ts';
import { emailField, idField, nameText } from './common.ts';
import { ESTADOS_ACTIVIDAD, usuarioFichaSchema } from './profiles.ts';

/** The professional registration number: exactly nine digits (spec section 5). */
export const colegiadoField = z
  .string({ error: 'colegiado_9_digitos' })
  .trim()
  .regex(/^\d{9}$/, 'colegiado_9_digitos');

export const especialidadIdField = idField('especialidad_requerida');

/** POST /api/registro-doctor (spec section 3). */
export const registroDoctorSchema = z.object({
  usuario: usernameField,
  email: emailField,
  contrasena: newPasswordField,
  nombre: nameText('nombre_requerido', 100),
  apellido_1: nameText('apellido1_requerido', 100),
  apellido_2: nameText('apellido2_requerido', 100),
  colegiado: colegiadoField,
  id_especialidad: especialidadIdField,
});
export type RegistroDoctor = z.infer<typeof registroDoctorSchema>;

/**
 * The doctor registration form (field names of spec section 3); the confirmation is checked here
 * and not sent. The specialty is the select's string value until it is sent.
 */
export const registroDoctorFormSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password1: newPasswordField,
    password2: z.string().min(1, 'contrasena_requerida'),
    nombre: nameText('nombre_requerido', 100),
    apellido1: nameText('apellido1_requerido', 100),
    apellido2: nameText('apellido2_requerido', 100),
    numeroColegiado: colegiadoField,
    id_especialidad: z.string({ error: 'especialidad_requerida' }).regex(/^[1-9]\d*$/, 'especialidad_requerida'),
  })
  .refine((form) => form.password1 === form.password2, { message: 'contrasenas_no_coinciden', path: ['password2'] });
export type RegistroDoctorForm = z.input<typeof registroDoctorFormSchema>;

/** What the form sends: the API payload built from the form's values. */
export function registroDoctorPayload(form: z.output<typeof registroDoctorFormSchema>): RegistroDoctor {
  return {
    usuario: form.username,
    email: form.email,
    contrasena: form.password1,
    nombre: form.nombre,
    apellido_1: form.apellido1,
    apellido_2: form.apellido2,
    colegiado: form.numeroColegiado,
    id_especialidad: Number(form.id_especialidad),
  };
}

export const registroDoctorResponse = z.object({ id_usuario: z.number(), id_doctor: z.number() });

/** GET /api/especialidades item: the name in the language asked for. */
export const especialidadSchema = z.object({ id_especialidad: z.number(), nombre: z.string() });
export type Especialidad = z.infer<typeof especialidadSchema>;

/** GET /api/doctor/perfil (spec section 3). */
export const doctorPerfilSchema = z.object({
  id_doctor: z.number(),
  usuario: usuarioFichaSchema,
  numero_colegiado: z.string(),
  id_especialidad: z.number(),
  especialidad: z.string(),
  horario: z.string().nullable(),
  estado: z.enum(ESTADOS_ACTIVIDAD),
  fecha_alta: z.string(),
  fecha_baja: z.string().nullable(),
  /** True when the profile was made by a role change rather than a doctor registration. */
  creado_automaticamente: z.boolean(),
});
export type DoctorPerfil = z.infer<typeof doctorPerfilSchema>;

import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';
import { emailField, linesText, nameText, optionalNameText } from './common.ts';
import { ROLES } from './roles.ts';

export const PASSWORD_SPECIALS = '!@#$%^&*';

/** The live checklist of the registration screen; the server enforces all of them. */
export const PASSWORD_RULES = [
  { key: 'mayuscula', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'minuscula', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digito', test: (p: string) => /\d/.test(p) },
  { key: 'especial', test: (p: string) => /[!@#$%^&*]/.test(p) },
  { key: 'longitud', test: (p: string) => p.length >= 8 },
] as const;

export const isStrongPassword = (password: string) => PASSWORD_RULES.every((rule) => rule.test(password));

/** The longest password accepted (a passphrase fits; a megabyte to hash does not). */
export const PASSWORD_MAX_LENGTH = 128;

export const newPasswordField = z
  .string({ error: 'contrasena_requerida' })
  .min(1, 'contrasena_requerida')
  .max(PASSWORD_MAX_LENGTH, 'contrasena_larga')
  .refine(isStrongPassword, 'contrasena_debil')
  // The common-password blocklist; see common-passwords.ts for how the list is loaded.
  .refine((password) => !isCommonPassword(password), 'contrasena_comun');

/** Usernames: never an e-mail nor like one, so log-in by either finds one account. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]*$/;

export const usernameField = z
  .string({ error: 'usuario_requerido' })
  .trim()
  .min(3, 'usuario_requerido')
  .max(32, 'usuario_largo')
  .regex(/^\S*$/, 'usuario_sin_espacios')
  // Spaces already have their own message.
  .refine((value) => /\s/.test(value) || USERNAME_PATTERN.test(value), 'usuario_caracteres')
  .transform((value) => value.toLowerCase());

/** POST /api/registro-paciente (spec section 3). */
export const registroPacienteSchema = z.object({
  usuario: usernameField,
  email: emailField,
  contrasena: newPasswordField,
  nombre: nameText('nombre_requerido', 100),
  apellido_1: nameText('apellido1_requerido', 100),
  apellido_2: optionalNameText(100),
});
export type RegistroPaciente = z.infer<typeof registroPacienteSchema>;

/** The registration form: the API payload plus the confirmation and the terms box. */
export const registroPacienteFormSchema = z
  .object({
    usuario: usernameField,
    email: emailField,
    contrasena: newPasswordField,
    confirmacion: z.string().min(1, 'contrasena_requerida'),
    nombre: nameText('nombre_requerido', 100),
    apellido_1: nameText('apellido1_requerido', 100),
    apellido_2: optionalNameText(100),
    terminos: z.boolean().refine((accepted) => accepted, 'terminos_requeridos'),
  })
  .refine((form) => form.contrasena === form.confirmacion, {
    message: 'contrasenas_no_coinciden',
    path: ['confirmacion'],
  });
export type RegistroPacienteForm = z.input<typeof registroPacienteFormSchema>;

/** POST /api/login. */
export const loginSchema = z.object({
  usuario: z
    .string({ error: 'login_usuario_obligatorio' })
    .trim()
    .min(1, 'login_usuario_obligatorio')
    .min(3, 'login_usuario_minimo')
    .max(254, 'texto_largo'),
  contrasena: z.string({ error: 'login_contrasena_obligatoria' }).min(1, 'login_contrasena_obligatoria').max(128, 'texto_largo'),
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const usuarioSesionSchema = z.object({
  id_usuario: z.number(),
  nombre: z.string(),
  nombre_usuario: z.string(),
  rol: z.enum(ROLES),
  id_paciente: z.number().nullable(),
  id_doctor: z.number().nullable(),
});
export type UsuarioSesion = z.infer<typeof usuarioSesionSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  usuario: usuarioSesionSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The token's payload, as the web decodes it (spec section 3). */
export interface TokenPayload {
  sub: string;
  id_usuario: number;
  id_paciente: number | null;
  id_doctor: number | null;
  nombre: string;
  nombre_usuario: string;
  rol: (typeof ROLES)[number];
  /** The session this token belongs to: ending the session ends the token. */
  sid: string;
  exp: number;
  iat: number;
}

/** POST /api/contacto. */
export const contactoSchema = z.object({
  name: nameText('contacto_nombre_requerido', 100),
  email: emailField,
  message: linesText('contacto_mensaje_requerido', 5000),
});
export type Contacto = z.infer<typeof contactoSchema>;

/** PUT /api/auth/contrasena: a logged-in user changes their password. */
export const cambioContrasenaSchema = z
  .object({
    contrasena_actual: z.string({ error: 'contrasena_requerida' }).min(1, 'contrasena_requerida').max(128, 'texto_largo'),
    contrasena_nueva: newPasswordField,
  })
  .refine((body) => body.contrasena_actual !== body.contrasena_nueva, {
    message: 'contrasena_igual',
    path: ['contrasena_nueva'],
  });
export type CambioContrasena = z.infer<typeof cambioContrasenaSchema>;

/** The web's form for a password change: the request, with the new password typed twice. */
export const cambioContrasenaFormSchema = cambioContrasenaSchema
  .safeExtend({ confirmacion: z.string().min(1, 'contrasena_requerida') })
  .refine((form) => form.contrasena_nueva === form.confirmacion, { message: 'contrasenas_no_coinciden', path: ['confirmacion'] });
export type CambioContrasenaForm = z.input<typeof cambioContrasenaFormSchema>;

/** POST /api/recuperar-contrasena: ask for a reset link, by username or e-mail (as at log-in). */
export const solicitudRestablecimientoSchema = z.object({ usuario: loginSchema.shape.usuario });
export type SolicitudRestablecimiento = z.infer<typeof solicitudRestablecimientoSchema>;

/** A reset link's token; the server answers 400 enlace_invalido for one it never issued. */
export const resetTokenField = z.string({ error: 'enlace_invalido' }).max(200, 'enlace_invalido');

/** POST /api/restablecer-contrasena/comprobar: is this link still good? */
export const comprobacionRestablecimientoSchema = z.object({ token: resetTokenField });

export const comprobacionRestablecimientoResponseSchema = z.object({
  /** The account's username, so the page (and a password manager) knows whose password it sets. */
  usuario: z.string(),
  caduca_en: z.string(),
});
export type ComprobacionRestablecimiento = z.infer<typeof comprobacionRestablecimientoResponseSchema>;

/** POST /api/restablecer-contrasena: the new password, under the registration rules. */
export const restablecimientoSchema = z.object({ token: resetTokenField, contrasena: newPasswordField });
export type Restablecimiento = z.infer<typeof restablecimientoSchema>;

/** The new-password form: the password and its confirmation. */
export const restablecimientoFormSchema = z
  .object({ contrasena: newPasswordField, confirmacion: z.string().min(1, 'contrasena_requerida') })
  .refine((form) => form.contrasena === form.confirmacion, { message: 'contrasenas_no_coinciden', path: ['confirmacion'] });
export type RestablecimientoForm = z.input<typeof restablecimientoFormSchema>;

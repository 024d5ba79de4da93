import { z } from 'zod';
import { emailField, linesText, oneLineText } from './common.ts';

export { CLINICA_POR_DEFECTO, clinicAddress, phoneHref } from './clinic-defaults.ts';

/** The largest logo accepted, in bytes: a letterhead image, not a photograph. */
export const MAX_LOGO_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const phoneField = z
  .string({ error: 'telefono_invalido' })
  .trim()
  .regex(/^\+?[\d\s]{9,20}$/, 'telefono_invalido')
  .refine((value) => value.replace(/\D/g, '').length >= 9, 'telefono_invalido');

/** PUT /api/clinica: everything but the logo (uploaded on its own). Same schema on the admin form. */
export const clinicaCambioSchema = z.object({
  nombre: oneLineText('clinica_nombre_requerido', 120),
  razon_social: oneLineText('clinica_razon_social_requerida', 160),
  nif: oneLineText('campo_requerido', 20),
  direccion: oneLineText('clinica_direccion_requerida', 200),
  codigo_postal: z
    .string({ error: 'codigo_postal_invalido' })
    .trim()
    .regex(/^\d{5}$/, 'codigo_postal_invalido'),
  localidad: oneLineText('campo_requerido', 100),
  telefono: phoneField,
  correo: emailField,
  correo_privacidad: emailField,
  web: z
    .string({ error: 'valor_invalido' })
    .trim()
    .max(200, 'texto_largo')
    .regex(/^(https?:\/\/)?[\w.-]+\.[a-z]{2,}(\/\S*)?$/i, 'clinica_web_invalida'),
  // Opening hours: a few lines ('Lunes a viernes: 8:00-20:00'), no other control characters.
  horario: linesText('clinica_horario_requerido', 500),
});
export type ClinicaCambio = z.infer<typeof clinicaCambioSchema>;

/** GET /api/clinica: what every page, e-mail and document shows. Public: no personal data. */
export const clinicaSchema = z.object({
  nombre: z.string(),
  razon_social: z.string(),
  nif: z.string(),
  direccion: z.string(),
  codigo_postal: z.string(),
  localidad: z.string(),
  telefono: z.string(),
  correo: z.string(),
  correo_privacidad: z.string(),
  web: z.string(),
  horario: z.string(),
  /** Where the logo is served (changes with it, so it can be cached for long), or null without one. */
  logo_url: z.string().nullable(),
  /** The clinic's time zone (CLINIC_TIMEZONE): the web shows instants in it. */
  zona_horaria: z.string(),
  actualizado_en: z.string(),
});
export type Clinica = z.infer<typeof clinicaSchema>;

/** GET /api/reloj: the clinic's clock, so screens count days in the clinic's time zone. */
export const relojSchema = z.object({
  zona_horaria: z.string(),
  /** Today in the clinic (YYYY-MM-DD) and the time there (HH:MM). */
  fecha: z.string(),
  hora: z.string(),
  ahora: z.string(),
});
export type Reloj = z.infer<typeof relojSchema>;

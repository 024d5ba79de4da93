import { z } from 'zod';
import { ESTADOS_CITA } from './appointment-states.ts';
import { dateField, nameText, optionalNameText, optionalText } from './common.ts';
import { alergiaSchema, enfermedadSchema, ultimaConsultaSchema, vacunaSchema } from './clinical-file.ts';
import { usuarioFichaSchema } from './profiles.ts';
import { findProvincia, isSpanishPostalCode, isValidDniNie, normalizeDni, postalCodeMatchesProvince } from './spain.ts';

export const SEXOS = ['M', 'F'] as const;
export const ESTADOS_PACIENTE = ['Activo', 'Inactivo'] as const;

/** Empty strings and null mean "no value" in the profile form and in PUT bodies. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const dniField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'dni_invalido' })
    .max(20, 'dni_invalido')
    .transform(normalizeDni)
    .refine(isValidDniNie, 'dni_invalido')
    .optional(),
);

const sexoField = z.preprocess(blankToUndefined, z.enum(SEXOS, { error: 'sexo_invalido' }).optional());

const nacimientoField = z.preprocess(
  blankToUndefined,
  dateField.refine((value) => value >= '1900-01-01', 'fecha_invalida').optional(),
);

const telefonoField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'telefono_invalido' })
    .trim()
    // As people write it ('+33 6 12 34 56 78', '(93) 200-00-00'); the server stores it in E.164.
    .regex(/^\+?[\d\s().-]{9,24}$/, 'telefono_invalido')
    .refine((value) => value.replace(/\D/g, '').length >= 9, 'telefono_invalido')
    .optional(),
);

// The spec's file form sent the postal code as an integer (08036 became 8036): accept that too.
const codigoPostalField = z.preprocess(
  (value) => (typeof value === 'number' && Number.isInteger(value) ? String(value).padStart(5, '0') : blankToUndefined(value)),
  z
    .string({ error: 'codigo_postal_invalido' })
    .trim()
    .refine(isSpanishPostalCode, 'codigo_postal_invalido')
    .optional(),
);

const provinciaField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'provincia_invalida' })
    .trim()
    .refine((value) => findProvincia(value) !== undefined, 'provincia_invalida')
    .transform((value) => findProvincia(value)?.nombre ?? value)
    .optional(),
);

/**
 * PUT /api/paciente/perfil: the flat profile fields. It replaces the editable profile: an optional
 * field that is absent, empty or null is cleared (so a form that leaves out empty values, as the
 * spec's did, can still clear one). The e-mail is not editable; if sent, it is ignored.
 */
export const perfilPacienteUpdateSchema = z
  .object({
    nombre: nameText('perfil_campos_obligatorios', 100),
    apellido1: nameText('perfil_campos_obligatorios', 100),
    apellido2: optionalNameText(100),
    dni: dniField,
    nacimiento: nacimientoField,
    sexo: sexoField,
    telefono: telefonoField,
    direccion: optionalText(200),
    codigo_postal: codigoPostalField,
    localidad: optionalText(100),
    provincia: provinciaField,
    pais: optionalText(100),
    /** Not editable: accepted so that a client sending back the whole profile is not refused, and ignored. */
    correo: z.unknown().optional(),
  })
  .superRefine((profile, context) => {
    // An unknown province has its own message; only a known one is compared.
    if (profile.codigo_postal && profile.provincia && findProvincia(profile.provincia) && !postalCodeMatchesProvince(profile.codigo_postal, profile.provincia)) {
      context.addIssue({ code: 'custom', path: ['codigo_postal'], message: 'codigo_postal_provincia' });
    }
  });
export type PerfilPacienteUpdate = z.output<typeof perfilPacienteUpdateSchema>;
export type PerfilPacienteInput = z.input<typeof perfilPacienteUpdateSchema>;

/** The profile form's schema: the API's, plus "the birth date is not after today" (the server checks it with its clock). */
export function perfilPacienteFormSchema(today: string) {
  return perfilPacienteUpdateSchema.refine((profile) => !profile.nacimiento || profile.nacimiento <= today, {
    message: 'nacimiento_futura',
    path: ['nacimiento'],
  });
}

/** GET /api/paciente/perfil (spec section 3). */
export const perfilPacienteSchema = z.object({
  usuario: usuarioFichaSchema,
  estado: z.enum(ESTADOS_PACIENTE),
  fecha_alta: z.string(),
});
export type PerfilPaciente = z.infer<typeof perfilPacienteSchema>;

/** The next appointment that is not cancelled. */
export const proximaCitaSchema = z.object({
  id_cita: z.number(),
  fecha: z.string(),
  hora: z.string(),
  doctor: z.string(),
  especialidad: z.string(),
  motivo: z.string(),
  estado: z.enum(ESTADOS_CITA),
});

/** GET /api/paciente/resumen: the one-page clinical summary. */
export const resumenClinicoSchema = z.object({
  paciente: z.object({
    nombre: z.string(),
    apellido1: z.string(),
    apellido2: z.string().nullable(),
    nacimiento: z.string().nullable(),
    sexo: z.enum(SEXOS).nullable(),
    estado: z.enum(ESTADOS_PACIENTE),
  }),
  alergias: z.array(alergiaSchema),
  enfermedades_activas: z.array(enfermedadSchema),
  vacunas: z.array(vacunaSchema),
  ultima_consulta: ultimaConsultaSchema.nullable(),
  proxima_cita: proximaCitaSchema.nullable(),
});
export type ResumenClinico = z.infer<typeof resumenClinicoSchema>;

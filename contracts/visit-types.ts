import { z } from 'zod';
import { idField, idParam, numberInBody, oneLineText, optionalText } from './common.ts';
import type { Language } from './messages/languages.ts';

/**
 * The clinic's catalogue of visit types: a name in each language, the minutes a visit of the type
 * takes, a colour, who may book it online, instructions for the patient and an optional buffer
 * after it. Each doctor offers some of them, possibly at their own length.
 */
export const RESERVA_TIPO = ['todos', 'pacientes_doctor', 'personal'] as const;
export type ReservaTipo = (typeof RESERVA_TIPO)[number];

export const MIN_DURACION_TIPO = 5;
export const MAX_DURACION_TIPO = 480;
export const MAX_MARGEN_TIPO = 120;

const minutesField = numberInBody(
  z.number({ error: 'tipo_duracion_rango' }).int('tipo_duracion_rango').min(MIN_DURACION_TIPO, 'tipo_duracion_rango').max(MAX_DURACION_TIPO, 'tipo_duracion_rango'),
);
const bufferField = numberInBody(z.number({ error: 'tipo_margen_rango' }).int('tipo_margen_rango').min(0, 'tipo_margen_rango').max(MAX_MARGEN_TIPO, 'tipo_margen_rango'));

export const tipoVisitaSchema = z.object({
  nombre_es: oneLineText('tipo_nombre_requerido', 60),
  nombre_ca: oneLineText('tipo_nombre_requerido', 60),
  nombre_en: oneLineText('tipo_nombre_requerido', 60),
  duracion_min: minutesField,
  color: z.string({ error: 'tipo_color_invalido' }).regex(/^#[0-9a-fA-F]{6}$/, 'tipo_color_invalido'),
  reserva: z.enum(RESERVA_TIPO, { error: 'valor_invalido' }),
  instrucciones: optionalText(300),
  margen_min: bufferField.default(0),
  activo: z.boolean({ error: 'valor_invalido' }).default(true),
});
export type TipoVisitaDatos = z.infer<typeof tipoVisitaSchema>;
export type TipoVisitaForm = z.input<typeof tipoVisitaSchema>;

export const tipoVisitaParams = z.object({ id_tipo: idParam });

export const tipoVisitaItem = z.object({
  id_tipo: z.number(),
  /** The spec's consultation type it stands for, if it is one of the three first ones. */
  clave: z.string().nullable(),
  nombre_es: z.string(),
  nombre_ca: z.string(),
  nombre_en: z.string(),
  duracion_min: z.number(),
  color: z.string(),
  reserva: z.enum(RESERVA_TIPO),
  instrucciones: z.string().nullable(),
  margen_min: z.number(),
  activo: z.boolean(),
});
export type TipoVisita = z.infer<typeof tipoVisitaItem>;

/** A type as a doctor's offer shows it: whether they offer it, and their own length if any. */
export const tipoOfertaItem = tipoVisitaItem.extend({ ofrecido: z.boolean(), duracion_propia: z.number().nullable() });
export type TipoOferta = z.infer<typeof tipoOfertaItem>;

/** PUT /api/doctor/tipos-visita: the doctor's whole offer (types not listed are not offered). */
export const ofertaTiposSchema = z.object({
  tipos: z
    .array(z.object({ id_tipo: idField('valor_invalido'), duracion_min: minutesField.nullable().default(null) }), { error: 'valor_invalido' })
    .min(1, 'tipo_oferta_vacia')
    .max(100, 'valor_invalido'),
});
export type OfertaTipos = z.input<typeof ofertaTiposSchema>;

/** A type someone may book with one doctor: its name in the request's language and the minutes it takes there. */
export const tipoReservableItem = z.object({
  id_tipo: z.number(),
  nombre: z.string(),
  color: z.string(),
  /** The visit's length with this doctor. */
  duracion_min: z.number(),
  /** Minutes kept free after it. */
  margen_min: z.number(),
  instrucciones: z.string().nullable(),
  reserva: z.enum(RESERVA_TIPO),
});
export type TipoReservable = z.infer<typeof tipoReservableItem>;
export const tiposReservablesParams = z.object({ doctorId: idParam });

/** A type's name in a language. */
export const tipoNombre = (tipo: { nombre_es: string; nombre_ca: string; nombre_en: string }, language: Language): string =>
  ({ es: tipo.nombre_es, ca: tipo.nombre_ca, en: tipo.nombre_en })[language];

/** How a visit's type travels on the screens that show a visit. */
export const tipoDeCita = z.object({ id_tipo: z.number(), nombre: z.string(), color: z.string() });
export type TipoDeCita = z.infer<typeof tipoDeCita>;

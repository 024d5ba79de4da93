import { z } from 'zod';
import { citaFormSchema } from './appointments.ts';
import { dateField, idField, idParam, timeField } from './common.ts';

/**
 * The waitlist: a patient waits for a doctor or a specialty; a slot that frees up is offered by
 * e-mail to the first entries, and the first to claim it gets the visit.
 */

/** Parts of the day a patient may ask for; 'rango' takes hora_desde and hora_hasta. */
export const FRANJAS_ESPERA = ['manana', 'tarde', 'cualquiera', 'rango'] as const;
export type FranjaEspera = (typeof FRANJAS_ESPERA)[number];

/** What 'mañana', 'tarde' and 'cualquiera' mean: slots starting in [from, to). */
export const HORAS_FRANJA: Record<Exclude<FranjaEspera, 'rango'>, readonly [string, string]> = {
  manana: ['00:00', '14:00'],
  tarde: ['14:00', '24:00'],
  cualquiera: ['00:00', '24:00'],
};

/** The longest range of dates one entry may cover, from today. */
export const MAX_DIAS_LISTA_ESPERA = 90;
/** Active entries one patient may hold at once. */
export const MAX_ENTRADAS_ACTIVAS = 3;

export const ESTADOS_ENTRADA_ESPERA = ['activa', 'atendida', 'caducada', 'retirada', 'agotada'] as const;
export type EstadoEntradaEspera = (typeof ESTADOS_ENTRADA_ESPERA)[number];

export const ESTADOS_OFERTA_ESPERA = ['enviada', 'aceptada', 'perdida', 'caducada'] as const;
export type EstadoOfertaEspera = (typeof ESTADOS_OFERTA_ESPERA)[number];

/** POST /api/lista-espera: a doctor or a specialty (one of them), dates and a part of the day. */
export const nuevaEntradaEsperaSchema = z.object({
  id_doctor: idField().optional(),
  id_especialidad: idField().optional(),
  desde: dateField,
  hasta: dateField,
  franja: z.enum(FRANJAS_ESPERA, { error: 'valor_invalido' }),
  hora_desde: timeField.optional(),
  hora_hasta: timeField.optional(),
  /** The visit type waited for: only times where it fits whole are offered. */
  id_tipo_visita: idField().optional(),
});
export type NuevaEntradaEspera = z.input<typeof nuevaEntradaEsperaSchema>;

export const entradaEsperaItem = z.object({
  id_entrada: z.number(),
  id_doctor: z.number().nullable(),
  /** The doctor's full name, or null for a specialty entry. */
  doctor: z.string().nullable(),
  id_especialidad: z.number(),
  /** The specialty's name in the request's language. */
  especialidad: z.string(),
  desde: z.string(),
  hasta: z.string(),
  franja: z.enum(FRANJAS_ESPERA),
  hora_desde: z.string(),
  hora_hasta: z.string(),
  estado: z.enum(ESTADOS_ENTRADA_ESPERA),
  creado_en: z.string(),
  terminada_en: z.string().nullable(),
});
export type EntradaEspera = z.infer<typeof entradaEsperaItem>;

export const entradaEsperaParams = z.object({ id_entrada: idParam });

/** The token of an offer's link (43 base64url characters); anything else names no offer. */
export const ofertaEsperaParams = z.object({ token: z.string().max(200) });

/** An offer as its patient sees it on the claim screen. */
export const ofertaEsperaSchema = z.object({
  /** 'caducada' once its time is up, 'perdida' when another patient took the slot. */
  estado: z.enum(ESTADOS_OFERTA_ESPERA),
  id_doctor: z.number(),
  doctor: z.string(),
  especialidad: z.string(),
  fecha: z.string(),
  hora: z.string(),
  hora_fin: z.string(),
  caduca_en: z.string(),
  /** The clinic's time (HH:MM) when the offer runs out. */
  caduca_hora: z.string(),
});
export type OfertaEspera = z.infer<typeof ofertaEsperaSchema>;

/** POST /api/lista-espera/ofertas/{token}/aceptar: the booking form's fields (reason, reminder). */
export const aceptarOfertaSchema = citaFormSchema;
export type AceptarOferta = z.input<typeof aceptarOfertaSchema>;

import { z } from 'zod';
import { ESTADOS_CITA } from './appointment-states.ts';
import { ASISTENCIAS } from './booking-rules.ts';
import { TIPOS_CONSULTA } from './consultation-types.ts';
import { dateField, hasNoHiddenCharacters, idField, idParam, numberInBody, optionalText, pagingQuery, requiredText, timeField } from './common.ts';
import { isValidInterval } from './slots.ts';
import { tipoDeCita } from './visit-types.ts';

export const TIPOS_BLOQUE = ['Consulta', 'Bloqueo'] as const;
export const ESTADOS_BLOQUE = ['Disponible', 'Reservado', 'Bloqueado'] as const;
/** What the 'Editar Bloque' modal may set (spec section 4). */
export const ESTADOS_EDITABLES = ['Disponible', 'Bloqueado'] as const;
/** The doctor's answer to an appointment request. */
export const RESPUESTAS_CITA = ['Confirmada', 'Cancelada'] as const;

export type TipoBloque = (typeof TIPOS_BLOQUE)[number];
export type EstadoBloque = (typeof ESTADOS_BLOQUE)[number];

/** A doctor id in a body: optional, the caller's own when left out; another doctor's is refused. */
const doctorIdBody = idField().optional();
const doctorIdQuery = idParam.optional();

export const intervalField = numberInBody(z.number({ error: 'intervalo_invalido' }).refine(isValidInterval, 'intervalo_invalido'));

export const miIdDoctorResponse = z.object({ id_doctor: z.number(), intervalo_min: z.number() });
export type MiIdDoctor = z.infer<typeof miIdDoctorResponse>;

/** The appointment behind a Reservado slot. */
export const citaDeBloqueSchema = z.object({
  id_cita: z.number(),
  id_paciente: z.number(),
  paciente: z.string(),
  motivo: z.string(),
  estado: z.enum(ESTADOS_CITA),
  /** The type of the visit's consultation (a request not yet accepted is a 'Consulta'). */
  tipo: z.enum(TIPOS_CONSULTA),
  /** Whether the patient came, once the doctor said so. */
  asistencia: z.enum(ASISTENCIAS).nullable(),
  /** The catalogue's type the visit was booked as (name in the reader's language, colour). */
  tipo_visita: tipoDeCita.nullable().optional(),
  /** The patient said they will come, through the one-tap link of a notice. */
  confirmada_paciente: z.boolean(),
});

/** An agenda block (spec section 3). */
export const bloqueSchema = z.object({
  id_agenda: z.number(),
  fecha: z.string(),
  hora_inicio: z.string(),
  hora_fin: z.string(),
  tipo: z.enum(TIPOS_BLOQUE),
  estado: z.enum(ESTADOS_BLOQUE),
  descripcion: z.string().nullable(),
  duracion_min: z.number(),
  cita: citaDeBloqueSchema.nullable(),
  /** A slot a longer visit holds after its first one: that visit's id (its first slot carries `cita`). */
  parte_de_cita: z.number().nullable().optional(),
});
export type Bloque = z.infer<typeof bloqueSchema>;

export const agendaDiaQuery = z.object({ fecha: dateField, id_doctor: doctorIdQuery });
export type AgendaDiaQuery = z.infer<typeof agendaDiaQuery>;

/** POST /api/agenda/crear: opening a day from a list of start times. */
export const crearAgendaSchema = z.object({
  id_doctor: doctorIdBody,
  fecha: dateField,
  bloques: z.array(timeField, { error: 'bloques_requeridos' }).min(1, 'bloques_requeridos').max(24 * 12, 'valor_invalido'),
  /** Minutes per slot; when left out, the smallest gap between the start times, else the doctor's interval. */
  duracion_min: intervalField.optional(),
  /** Galeno's own modal's name for the same length, also kept as the doctor's usual interval. */
  intervalo_min: intervalField.optional(),
});
export type CrearAgenda = z.infer<typeof crearAgendaSchema>;
export const crearAgendaResponse = z.object({ bloques_creados: z.number(), bloques_existentes: z.number() });

/** PUT /api/agenda/bloquear and /desbloquear: a time range of one day. */
export const rangoAgendaSchema = z
  .object({
    id_doctor: doctorIdBody,
    fecha: dateField,
    hora_inicio: timeField,
    hora_fin: timeField,
    motivo: requiredText('motivo_requerido', 200),
  })
  .refine((range) => range.hora_inicio < range.hora_fin, { message: 'rango_horas_invalido', path: ['hora_fin'] });
export type RangoAgenda = z.infer<typeof rangoAgendaSchema>;
export const bloquearResponse = z.object({ bloques_bloqueados: z.number() });
export const desbloquearResponse = z.object({ bloques_desbloqueados: z.number(), bloques_creados: z.number() });

/** PUT /api/agenda/bloqueo-actualizar: the 'Editar Bloque' modal. */
export const bloqueoActualizarSchema = z.object({
  id_agenda: idField(),
  tipo: z.enum(TIPOS_BLOQUE, { error: 'valor_invalido' }),
  estado: z.enum(ESTADOS_EDITABLES, { error: 'valor_invalido' }),
  descripcion: optionalText(200),
});
export type BloqueoActualizar = z.infer<typeof bloqueoActualizarSchema>;

export const mesQuery = z.object({
  id_doctor: doctorIdQuery,
  anio: z.coerce.number({ error: 'numero_invalido' }).int('numero_invalido').min(2000, 'numero_invalido').max(2100, 'numero_invalido'),
  mes: z.coerce.number({ error: 'numero_invalido' }).int('numero_invalido').min(1, 'numero_invalido').max(12, 'numero_invalido'),
});
export type MesQuery = z.infer<typeof mesQuery>;
/** Day numbers (1-31) of a month. */
export const diasResponse = z.array(z.number());

/** An appointment request as the agenda lists it (spec section 3). */
export const solicitudSchema = z.object({
  id_cita: z.number(),
  id_paciente: z.number(),
  paciente: z.string(),
  fecha: z.string(),
  hora: z.string(),
  motivo: z.string(),
  estado: z.enum(ESTADOS_CITA),
  /** The patient's no-shows of the last 12 months, for the doctor deciding. */
  no_presentados: z.number(),
});
export type Solicitud = z.infer<typeof solicitudSchema>;

/** The longest reason a doctor may give when rejecting or cancelling a visit. */
export const MAX_MOTIVO_RECHAZO = 500;
/** A control character (line breaks included) or a Unicode line or paragraph separator. */
export const breaksLine = (character: string): boolean => {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
};

/**
 * The reason for a rejection, shown to the patient and quoted in an e-mail: trimmed, one line,
 * at most 500 characters; empty means none.
 */
export const motivoRechazoField = z.preprocess(
  (value) => (value === null ? undefined : value),
  z
    .string({ error: 'valor_invalido' })
    .trim()
    .max(MAX_MOTIVO_RECHAZO, 'motivo_rechazo_largo')
    .refine((value) => ![...value].some(breaksLine), 'motivo_rechazo_una_linea')
    .refine(hasNoHiddenCharacters, 'texto_caracteres_ocultos')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
);

/** PUT /api/agenda/citas/{id_cita}: accept or reject, with an optional reason for the patient. */
export const respuestaCitaSchema = z
  .object({
    estado: z.enum(RESPUESTAS_CITA, { error: 'valor_invalido' }),
    motivo: motivoRechazoField,
    /** The day and time of the request as the doctor saw it: if the patient has moved it since, 409. */
    fecha: dateField.optional(),
    hora: timeField.optional(),
  })
  .refine((body) => (body.fecha === undefined) === (body.hora === undefined), { message: 'valor_invalido', path: ['hora'] });
export type RespuestaCita = z.infer<typeof respuestaCitaSchema>;

/** GET /api/agenda/solicitudes: the doctor's inbox of pending requests still to come, oldest request first. */
export const bandejaQuery = pagingQuery.omit({ buscar: true });
export type BandejaQuery = z.infer<typeof bandejaQuery>;
export const solicitudBandejaSchema = solicitudSchema.extend({
  /** When the patient asked (ISO instant). */
  creado_en: z.string(),
});
export type SolicitudBandeja = z.infer<typeof solicitudBandejaSchema>;

/** GET /api/agenda/solicitudes-por-dia: how many pending requests each day of a month has. */
export const solicitudesPorDiaResponse = z.array(z.object({ dia: z.number(), solicitudes: z.number() }));
export type SolicitudesPorDia = z.infer<typeof solicitudesPorDiaResponse>;
export const respuestaCitaResponse = z.object({ id_cita: z.number(), estado: z.enum(ESTADOS_CITA) });

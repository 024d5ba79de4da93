import { z } from 'zod';
import { intervalField } from './agenda.ts';
import { ESTADOS_CITA } from './appointment-states.ts';
import { dateField, idField, idParam, numberInBody, requiredText, timeField } from './common.ts';
import { toMinutes } from './slots.ts';

/** 1 Monday ... 7 Sunday (weeks start on Monday). */
export const DIAS_SEMANA = [1, 2, 3, 4, 5, 6, 7] as const;
export const MAX_FRANJAS = 50;
/** The longest absence one request may add (a year and a day). */
export const MAX_DIAS_AUSENCIA = 366;

/** One range of a weekday, cut into slots of `duracion_min` that end by `hora_fin`. */
export const franjaSchema = z
  .object({
    dia_semana: numberInBody(z.number({ error: 'valor_invalido' }).int('valor_invalido').min(1, 'valor_invalido').max(7, 'valor_invalido')),
    hora_inicio: timeField,
    hora_fin: timeField,
    duracion_min: intervalField,
  })
  .refine((franja) => franja.hora_inicio < franja.hora_fin, { message: 'rango_horas_invalido', path: ['hora_fin'] })
  .refine((franja) => toMinutes(franja.hora_fin) - toMinutes(franja.hora_inicio) >= franja.duracion_min, {
    message: 'franja_sin_huecos',
    path: ['duracion_min'],
  });
export type Franja = z.infer<typeof franjaSchema>;

const overlapping = (franjas: Franja[]) =>
  franjas.some((a, i) =>
    franjas.some((b, j) => j > i && a.dia_semana === b.dia_semana && a.hora_inicio < b.hora_fin && b.hora_inicio < a.hora_fin),
  );

/** PUT /api/agenda/horario: the whole week at once (an empty list stops the generator). */
export const horarioSemanalSchema = z.object({
  id_doctor: idField().optional(),
  /** From which day the hours apply; today when left out. */
  vigente_desde: dateField.optional(),
  franjas: z
    .array(franjaSchema, { error: 'valor_invalido' })
    .max(MAX_FRANJAS, 'valor_invalido')
    .refine((franjas) => !overlapping(franjas), 'franjas_solapadas'),
});
export type HorarioSemanal = z.infer<typeof horarioSemanalSchema>;

export const horarioQuery = z.object({ id_doctor: idParam.optional() });
export type HorarioQuery = z.infer<typeof horarioQuery>;

export const horarioResponse = z.object({
  id_doctor: z.number(),
  vigente_desde: z.string().nullable(),
  franjas: z.array(z.object({ dia_semana: z.number(), hora_inicio: z.string(), hora_fin: z.string(), duracion_min: z.number() })),
  /** How many weeks ahead the clinic keeps agendas open (AGENDA_WEEKS_AHEAD). */
  semanas_abiertas: z.number(),
});
export type HorarioRespuesta = z.infer<typeof horarioResponse>;

/** POST /api/agenda/ausencias: whole days, or from a day's hour to another day's hour. */
export const ausenciaSchema = z
  .object({
    id_doctor: idField().optional(),
    fecha_inicio: dateField,
    fecha_fin: dateField,
    hora_inicio: timeField.optional(),
    hora_fin: timeField.optional(),
    motivo: requiredText('motivo_requerido', 200),
  })
  .refine((a) => a.fecha_inicio <= a.fecha_fin, { message: 'rango_fechas_invalido', path: ['fecha_fin'] })
  .refine(
    (a) =>
      a.fecha_inicio !== a.fecha_fin || a.hora_inicio === undefined || a.hora_fin === undefined || a.hora_inicio < a.hora_fin,
    { message: 'rango_horas_invalido', path: ['hora_fin'] },
  )
  .refine(
    (a) => (Date.parse(`${a.fecha_fin}T00:00:00Z`) - Date.parse(`${a.fecha_inicio}T00:00:00Z`)) / 86_400_000 < MAX_DIAS_AUSENCIA,
    { message: 'ausencia_demasiado_larga', path: ['fecha_fin'] },
  );
export type NuevaAusencia = z.infer<typeof ausenciaSchema>;

export const ausenciaResponse = z.object({
  id_ausencia: z.number(),
  id_doctor: z.number(),
  fecha_inicio: z.string(),
  fecha_fin: z.string(),
  hora_inicio: z.string().nullable(),
  hora_fin: z.string().nullable(),
  motivo: z.string(),
});
export type Ausencia = z.infer<typeof ausenciaResponse>;

/** A visit still to come inside an absence: the doctor cancels it or keeps it. */
export const citaAfectadaSchema = z.object({
  id_cita: z.number(),
  fecha: z.string(),
  hora: z.string(),
  paciente: z.string(),
  motivo: z.string(),
  estado: z.enum(ESTADOS_CITA),
});
export type CitaAfectada = z.infer<typeof citaAfectadaSchema>;

export const crearAusenciaResponse = z.object({
  ausencia: ausenciaResponse,
  /** Free slots the absence closed. */
  huecos_cerrados: z.number(),
  citas: z.array(citaAfectadaSchema),
});
export type AusenciaCreada = z.infer<typeof crearAusenciaResponse>;

export const ausenciasQuery = z.object({ id_doctor: idParam.optional() });

/** POST /api/agenda/ausencias/{id}/cancelar-citas: the visits of the absence the doctor cancels. */
export const cancelarCitasSchema = z.object({
  citas: z.array(idField(), { error: 'valor_invalido' }).min(1, 'valor_invalido').max(500, 'valor_invalido'),
});
export const cancelarCitasResponse = z.object({ canceladas: z.number() });

export const festivosQuery = z.object({
  anio: z.coerce.number({ error: 'numero_invalido' }).int('numero_invalido').min(2000, 'numero_invalido').max(2100, 'numero_invalido'),
});
/** A day of the clinic's holiday list: a public one (abierto when the clinic opens on it) or a local one. */
export const festivoSchema = z.object({ fecha: z.string(), nombre: z.string(), origen: z.enum(['publico', 'local']), abierto: z.boolean() });
export type Festivo = z.infer<typeof festivoSchema>;

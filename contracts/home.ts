import { z } from 'zod';
import { TIPOS_CONSULTA } from './consultations.ts';
import { tipoDeCita } from './visit-types.ts';

/**
 * The day's work on each role's home screen. Dates are the clinic's (YYYY-MM-DD, HH:MM);
 * estado and tipo are the stored Spanish values, translated by the web.
 */

/** How many upcoming visits, answers and oldest requests a home screen lists. */
export const HOME_UPCOMING_LIMIT = 5;
export const HOME_ANSWERS_LIMIT = 5;
export const HOME_OLDEST_REQUESTS_LIMIT = 5;

const ESTADOS_ACTIVOS = ['pendiente', 'Confirmada'] as const;

/** One of the patient's visits still to come. */
export const visitaPacienteSchema = z.object({
  id_cita: z.number(),
  fecha: z.string(),
  hora: z.string(),
  doctor: z.string(),
  especialidad: z.string(),
  estado: z.enum(ESTADOS_ACTIVOS),
  tipo: z.enum(TIPOS_CONSULTA),
  motivo: z.string(),
  /** Inside the clinic's cancellation notice: the patient must call to cancel it (as in GET /api/citas/mias). */
  fuera_de_plazo: z.boolean(),
});
export type VisitaPaciente = z.infer<typeof visitaPacienteSchema>;

/** The doctor's answer to one of the patient's requests: confirmed, or rejected with its reason. */
export const respuestaSolicitudSchema = z.object({
  id_cita: z.number(),
  fecha: z.string(),
  hora: z.string(),
  doctor: z.string(),
  estado: z.enum(['Confirmada', 'Cancelada']),
  motivo_rechazo: z.string().nullable(),
  /** When the doctor answered (ISO instant). */
  respondida_en: z.string(),
});
export type RespuestaSolicitud = z.infer<typeof respuestaSolicitudSchema>;

/** GET /api/paciente/inicio */
export const inicioPacienteSchema = z.object({
  hoy: z.string(),
  proxima: visitaPacienteSchema.nullable(),
  /** The next upcoming visits after `proxima`, at most HOME_UPCOMING_LIMIT. */
  otras: z.array(visitaPacienteSchema),
  /** Every upcoming active visit, `proxima` included. */
  total_proximas: z.number(),
  /** Answers to the patient's requests given since their last visit, newest first. */
  respuestas: z.array(respuestaSolicitudSchema),
});
export type InicioPaciente = z.infer<typeof inicioPacienteSchema>;

/** One of today's visits on the doctor's home. */
/** How many visits of one type: the home figures by type. */
export const visitasPorTipoSchema = tipoDeCita.extend({ visitas: z.number() });
export type VisitasPorTipo = z.infer<typeof visitasPorTipoSchema>;

export const visitaHoySchema = z.object({
  id_cita: z.number(),
  hora: z.string(),
  id_paciente: z.number(),
  paciente: z.string(),
  tipo: z.enum(TIPOS_CONSULTA),
  estado: z.enum(ESTADOS_ACTIVOS),
  motivo: z.string(),
  /** The catalogue's type booked (name in the reader's language, colour). */
  tipo_visita: tipoDeCita.nullable().optional(),
});
export type VisitaHoy = z.infer<typeof visitaHoySchema>;

/** A request waiting for the doctor's answer. */
export const solicitudPendienteSchema = z.object({
  id_cita: z.number(),
  fecha: z.string(),
  hora: z.string(),
  id_paciente: z.number(),
  paciente: z.string(),
  motivo: z.string(),
  /** When the patient asked (ISO instant). */
  solicitada_en: z.string(),
});
export type SolicitudPendiente = z.infer<typeof solicitudPendienteSchema>;

/** GET /api/medico/inicio */
export const inicioMedicoSchema = z.object({
  hoy: z.string(),
  manana: z.string(),
  visitas_hoy: z.array(visitaHoySchema),
  /** Today's visits counted by their type, most first. */
  visitas_hoy_por_tipo: z.array(visitasPorTipoSchema).optional(),
  /** Requests still waiting (today onwards). */
  pendientes_total: z.number(),
  /** The ones waiting longest, at most HOME_OLDEST_REQUESTS_LIMIT. */
  pendientes: z.array(solicitudPendienteSchema),
  /** Active visits tomorrow. */
  manana_total: z.number(),
  /** Of those, the requests still to answer. */
  manana_pendientes: z.number(),
});
export type InicioMedico = z.infer<typeof inicioMedicoSchema>;

/** A doctor's booked share of the slots they opened this week. */
export const ocupacionDoctorSchema = z.object({
  id_doctor: z.number(),
  doctor: z.string(),
  especialidad: z.string(),
  reservados: z.number(),
  abiertos: z.number(),
});
export type OcupacionDoctor = z.infer<typeof ocupacionDoctorSchema>;

/** The days the admin's no-show rate looks back over. */
export const DIAS_NO_PRESENTADOS = 90;

/** GET /api/admin/cifras: the clinic in figures. */
export const cifrasClinicaSchema = z.object({
  hoy: z.string(),
  /** Monday and Sunday of this week. */
  semana_desde: z.string(),
  semana_hasta: z.string(),
  /** First and last day of this month. */
  mes_desde: z.string(),
  mes_hasta: z.string(),
  /** Active visits (pending or confirmed). */
  visitas_hoy: z.number(),
  visitas_semana: z.number(),
  /** This week's active visits counted by their type, most first. */
  visitas_semana_por_tipo: z.array(visitasPorTipoSchema).optional(),
  /** Requests waiting for a doctor's answer (today onwards). */
  solicitudes_pendientes: z.number(),
  pacientes_nuevos_mes: z.number(),
  /**
   * The no-show rate of the last 90 days up to yesterday: of the confirmed visits on
   * those days, the share the doctor marked 'No presentado' (null without visits).
   */
  no_presentados: z.object({
    desde: z.string(),
    hasta: z.string(),
    visitas: z.number(),
    no_presentados: z.number(),
    tasa: z.number().nullable(),
  }),
  /** Doctors who opened consultation slots this week, busiest share first. */
  ocupacion: z.array(ocupacionDoctorSchema),
  /**
   * Bursts of break-the-glass openings by one doctor in the last 7 days, latest first: who, how
   * many records, from the first opening to the last.
   */
  alertas_acceso_urgente: z.array(
    z.object({ id_doctor: z.number(), doctor: z.string(), aperturas: z.number(), desde: z.string(), hasta: z.string() }),
  ),
});
export type CifrasClinica = z.infer<typeof cifrasClinicaSchema>;

import { z } from 'zod';

/** Kinds of message about a visit (server/modules/notices): what changed, or the doctor's heads-up. */
export const TIPOS_AVISO = [
  'solicitada',
  'confirmada',
  'rechazada',
  'cambiada',
  'cancelada',
  'reservada_recepcion',
  'reservada_doctor',
  'no_presentada',
  'por_reubicar',
  'recordatorio',
  'doctor_cancelada',
  'doctor_cambiada',
  'doctor_baja_paciente',
] as const;

export const ESTADOS_AVISO = ['pendiente', 'enviado', 'entregado', 'fallido', 'respondido', 'cancelado'] as const;

/** GET /api/citas/{id_cita}/avisos: one message about the visit, what it was and what became of it. */
export const avisoCitaItem = z.object({
  id_notificacion: z.number(),
  destinatario: z.enum(['paciente', 'doctor']),
  canal: z.enum(['email', 'sms']),
  tipo: z.string(),
  estado: z.enum(ESTADOS_AVISO),
  intentos: z.number(),
  creado_en: z.string(),
  /** When it goes (or went, or was to go): a reminder's planned time. */
  enviar_en: z.string(),
  enviado_en: z.string().nullable(),
  actualizado_en: z.string(),
});
export type AvisoCita = z.infer<typeof avisoCitaItem>;

/** At most this many reminders a visit. */
export const MAX_PASOS_RECORDATORIO = 3;
/** The earliest a reminder may go: 30 days before the visit. */
export const MAX_HORAS_ANTES = 720;

/** One reminder of the clinic's plan: by which channel, how many hours before the visit. */
export const pasoRecordatorioSchema = z.object({
  canal: z.enum(['email', 'sms'], { error: 'canal_invalido' }),
  horas_antes: z
    .number({ error: 'horas_antes_invalidas' })
    .int('horas_antes_invalidas')
    .min(1, 'horas_antes_invalidas')
    .max(MAX_HORAS_ANTES, 'horas_antes_invalidas'),
});
export type PasoRecordatorio = z.infer<typeof pasoRecordatorioSchema>;

/** GET/PUT /api/clinica/recordatorios: the clinic's reminder plan (an empty list: no reminders). */
export const planRecordatoriosSchema = z
  .object({ pasos: z.array(pasoRecordatorioSchema).max(MAX_PASOS_RECORDATORIO, 'demasiados_recordatorios') })
  .superRefine((plan, context) => {
    const seen = new Set<string>();
    plan.pasos.forEach((paso, index) => {
      const key = `${paso.canal}:${paso.horas_antes}`;
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['pasos', index, 'horas_antes'], message: 'recordatorio_repetido' });
      seen.add(key);
    });
  });
export type PlanRecordatorios = z.infer<typeof planRecordatoriosSchema>;

/** PUT /api/mi-cuenta/avisos: the patient's own switches. */
export const avisosPacienteCambioSchema = z.object({
  /** Reminder e-mails (the messages about a change of a visit always go). */
  recordatorio_correo: z.boolean(),
  /** Every SMS: reminders and the messages about changes. */
  sms: z.boolean(),
});
export type AvisosPacienteCambio = z.infer<typeof avisosPacienteCambioSchema>;

/** GET /api/mi-cuenta/avisos: the switches, and the number SMS go to (null: none they can reach). */
export const avisosPacienteSchema = avisosPacienteCambioSchema.extend({
  telefono: z.string().nullable(),
  /** The number answered BAJA to an SMS: no SMS go to it whatever the switch says. */
  baja: z.boolean(),
});
export type AvisosPaciente = z.infer<typeof avisosPacienteSchema>;

/** GET /api/medico/avisos: what the doctor was told of lately (a patient cancelled, moved, left). */
export const avisoDoctorItem = z.object({
  id_notificacion: z.number(),
  id_cita: z.number(),
  tipo: z.enum(['doctor_cancelada', 'doctor_cambiada', 'doctor_baja_paciente']),
  paciente: z.string(),
  fecha: z.string(),
  hora: z.string(),
  creado_en: z.string(),
});
export type AvisoDoctor = z.infer<typeof avisoDoctorItem>;

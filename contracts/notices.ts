import { z } from 'zod';

/** Kinds of message about a visit (server/modules/notices): what changed, or the doctor's heads-up. */
export const TIPOS_AVISO = [
  'solicitada',
  'confirmada',
  'rechazada',
  'cambiada',
  'cancelada',
  'reservada_recepcion',
  'no_presentada',
  'por_reubicar',
  'recordatorio',
  'doctor_cancelada',
  'doctor_cambiada',
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
  enviado_en: z.string().nullable(),
  actualizado_en: z.string(),
});
export type AvisoCita = z.infer<typeof avisoCitaItem>;

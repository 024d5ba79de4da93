import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../../lib/mail.ts';
import { quotedLine } from '../../lib/mail-text.ts';
import type { AppointmentMailRow, AppointmentMailRows } from './appointment-mail-row.ts';
import { appointmentIcs, clinicPlace, link, longDate, patientVisit, signature, type MailContext } from './reminders.mail.ts';
import { calendarContext } from './reminders.service.ts';

/**
 * Tells the patient, in their language, that the clinic moved their visit (a closed day, the
 * doctor away): from when, why, and the new time, doctor and place, with the calendar entry that
 * replaces the old one (same UID, a later SEQUENCE).
 */
export function relocatedMail(row: AppointmentMailRow, context: MailContext, before: { fecha: string; hora: string; motivo: string }): MailMessage {
  const { t, hora, date, lines: visit } = patientVisit(row);
  const language = row.paciente_idioma;
  const lines = [
    t('greeting', { name: quotedLine(row.paciente_nombre) }),
    '',
    t('relocated_intro', { old_date: longDate(before.fecha, language), old_time: before.hora.slice(0, 5), reason: quotedLine(before.motivo) }),
    '',
    ...visit,
    `${t('label_place')}: ${clinicPlace(context.clinic)}`,
    '',
    t('relocated_action') + link(context, '/mis-visitas'),
    t('attachment'),
    '',
    ...signature(context.clinic),
  ];
  return {
    to: row.paciente_correo,
    subject: t('relocated_subject', { date, time: hora }),
    text: lines.join('\n'),
    attachments: [{ filename: 'cita.ics', content: appointmentIcs(row, context, language), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}

/** After the commit: the patient hears of the new time; nobody waits for the mail. */
export async function notifyPatientOfRelocation(
  app: FastifyInstance,
  read: AppointmentMailRows,
  id_cita: number,
  before: { fecha: string; hora: string; motivo: string },
): Promise<void> {
  const [row] = await read(app.db, [id_cita]);
  if (!row) return;
  app.mailer.sendLater(relocatedMail(row, await calendarContext(app), before), (error) =>
    app.log.warn({ id_cita, code: typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown' }, 'relocation notice not sent'),
  );
}

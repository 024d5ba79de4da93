import { clinicAddress, type Clinica } from '../../../contracts/clinic.ts';
import { fullName } from '../../../contracts/names.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { instantOf } from '../../lib/clock.ts';
import { buildIcs, type CalendarMethod } from '../../lib/ics.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { inertLine } from '../../lib/mail-text.ts';
import { textsFor } from '../../lib/texts.ts';
import { eventUid, longDate, type AppointmentMailRow } from '../reminders/index.ts';
import type { NoticeData, NoticeKind } from './notice-data.ts';

export interface NoticeContext {
  timeZone: string;
  publicUrl: string | undefined;
  now: Date;
  clinic: Clinica;
}

const texts = (language: Language) => textsFor('visit-notices', language);

// Names read as names, inert (one line, no links), without quotation marks around them.
const doctorName = (row: AppointmentMailRow) =>
  inertLine(fullName({ nombre: row.doctor_nombre, apellido1: row.doctor_apellido1, apellido2: row.doctor_apellido2 }));
const patientName = (row: AppointmentMailRow) => inertLine(`${row.paciente_nombre} ${row.paciente_apellido1}`);
const specialtyName = (row: AppointmentMailRow, language: Language) =>
  ({ es: row.especialidad_es, ca: row.especialidad_ca, en: row.especialidad_en })[language];
/** The visit's type in `language` ("Revisión"), when the visit has one. */
export const visitTypeName = (row: AppointmentMailRow, language: Language): string | null =>
  ({ es: row.tipo_es, ca: row.tipo_ca, en: row.tipo_en })[language] ?? row.tipo_es ?? null;
/** What the patient should do before the visit, on one inert line. */
export const visitInstructions = (row: AppointmentMailRow): string | null =>
  row.tipo_instrucciones?.trim() ? inertLine(row.tipo_instrucciones, 500) : null;

const link = (context: NoticeContext, screen: string) =>
  context.publicUrl ? `: ${new URL(screen, context.publicUrl).toString()}` : '.';

const signature = (clinic: Clinica) => [clinic.nombre, clinicAddress(clinic), `${clinic.telefono} · ${clinic.correo}`];

/** Why the clinic gave up a visit, when it was not a person's choice. */
const CAUSE_TEXT = { ausencia: 'absence_reason', baja_doctor: 'doctor_left_reason' } as const;

/** Which calendar change a kind of notice carries: none for a notice that changes nothing in it. */
const CALENDAR: Partial<Record<NoticeKind, CalendarMethod>> = {
  solicitada: 'REQUEST',
  confirmada: 'REQUEST',
  reservada_recepcion: 'REQUEST',
  cambiada: 'REQUEST',
  reservada_doctor: 'REQUEST',
  recordatorio: 'REQUEST',
  rechazada: 'CANCEL',
  cancelada: 'CANCEL',
};

/**
 * The visit's calendar entry as the patient's calendar should hold it after this notice: one UID
 * for the visit's whole life, its SEQUENCE as it was at the change (raised by each change), and
 * METHOD:REQUEST to add or update it or METHOD:CANCEL to remove it (RFC 5546).
 */
export function noticeIcs(row: AppointmentMailRow, context: NoticeContext, method: CalendarMethod): string {
  const language = row.paciente_idioma;
  const t = textsFor('calendar', language);
  const type = visitTypeName(row, language);
  const instructions = visitInstructions(row);
  const summary = t('summary', { doctor: doctorName(row), specialty: specialtyName(row, language) });
  return buildIcs(
    {
      uid: eventUid(row, context),
      stamp: context.now,
      start: instantOf(row.fecha, row.hora.slice(0, 5), context.timeZone),
      end: instantOf(row.fecha, row.hora_fin.slice(0, 5), context.timeZone),
      summary: type ? `${inertLine(type, 80)}: ${summary}` : summary,
      ...(instructions ? { description: instructions } : {}),
      location: `${context.clinic.nombre}, ${clinicAddress(context.clinic)}`,
      status: method === 'CANCEL' ? 'CANCELLED' : row.estado === 'Confirmada' ? 'CONFIRMED' : 'TENTATIVE',
      sequence: row.secuencia,
      organizer: { name: context.clinic.nombre, email: context.clinic.correo },
      attendee: row.paciente_correo,
      ...(method === 'CANCEL' ? {} : { alarmMinutesBefore: 60 }),
    },
    '-//Galeno//Citas//ES',
    method,
  );
}

/** A visit's one-tap links: confirm that one will come, cancel, change the time. */
export interface OneTapLinks {
  confirmar: string;
  cancelar: string;
  cambiar: string;
}

/** The kinds of notice that carry the visit's one-tap links: those about a visit that will happen. */
const WITH_LINKS: ReadonlySet<NoticeKind> = new Set(['confirmada', 'reservada_recepcion', 'reservada_doctor', 'cambiada', 'recordatorio']);

/** The e-mail a notice sends to the visit's patient, in their language (with its one-tap links, when given). */
export function patientNoticeMail(data: NoticeData, context: NoticeContext, links?: OneTapLinks): MailMessage {
  const row = data.visit;
  const change = data.change;
  const language = row.paciente_idioma;
  const t = texts(language);
  const date = longDate(row.fecha, language);
  const time = row.hora.slice(0, 5);
  const names = { doctor: doctorName(row), clinic: inertLine(context.clinic.nombre) };
  const intro = (() => {
    switch (change.tipo) {
      case 'cambiada':
        return t(`cambiada_intro_${change.por}`, {
          ...names,
          old_date: longDate(change.antes.fecha, language),
          old_time: change.antes.hora.slice(0, 5),
        });
      case 'cancelada':
        return t(`cancelada_intro_${change.por}`, names);
      default:
        return t(`${change.tipo}_intro`, names);
    }
  })();
  const reason = [
    ...('motivo' in change && change.motivo ? [t('reason', { reason: inertLine(change.motivo, 300) })] : []),
    ...('causa' in change && change.causa ? [t(CAUSE_TEXT[change.causa], names)] : []),
  ];
  const method = CALENDAR[change.tipo];
  const closing =
    change.tipo === 'cancelada' || change.tipo === 'rechazada' ? t('book_again') + link(context, '/pedir-cita') : t('see_visits') + link(context, '/mis-visitas');
  const lines = [
    t('greeting', { name: inertLine(row.paciente_nombre) }),
    '',
    intro,
    ...reason,
    '',
    `${t('label_date')}: ${date}`,
    `${t('label_time')}: ${time}`,
    `${t('label_doctor')}: ${doctorName(row)}`,
    `${t('label_specialty')}: ${specialtyName(row, language)}`,
    ...(visitTypeName(row, language) ? [`${t('label_visit_type')}: ${inertLine(visitTypeName(row, language) ?? '', 80)}`] : []),
    ...(visitInstructions(row) && change.tipo !== 'cancelada' && change.tipo !== 'rechazada' ? [`${t('label_instructions')}: ${visitInstructions(row)}`] : []),
    `${t('label_place')}: ${context.clinic.nombre}, ${clinicAddress(context.clinic)}`,
    `${t('label_phone')}: ${context.clinic.telefono}`,
    '',
    ...(links && WITH_LINKS.has(change.tipo)
      ? [
          t('one_tap_intro'),
          `- ${t('one_tap_confirmar')}: ${links.confirmar}`,
          `- ${t('one_tap_cancelar')}: ${links.cancelar}`,
          `- ${t('one_tap_cambiar')}: ${links.cambiar}`,
          '',
        ]
      : []),
    closing,
    ...(method ? [t(method === 'CANCEL' ? 'attachment_cancel' : 'attachment')] : []),
    '',
    ...signature(context.clinic),
  ];
  return {
    to: row.paciente_correo,
    subject: t(`${change.tipo}_subject`, { date, time }),
    text: lines.join('\n'),
    ...(method
      ? {
          attachments: [
            { filename: 'cita.ics', content: noticeIcs(row, context, method), contentType: `text/calendar; charset=utf-8; method=${method}` },
          ],
        }
      : {}),
  };
}

/** The e-mail telling the doctor that a patient cancelled or moved a visit soon. */
export function doctorNoticeMail(data: NoticeData, kind: 'doctor_cancelada' | 'doctor_cambiada' | 'doctor_baja_paciente', context: NoticeContext): MailMessage {
  const row = data.visit;
  const language = row.doctor_idioma;
  const t = texts(language);
  const date = longDate(row.fecha, language);
  const time = row.hora.slice(0, 5);
  const before = data.change.tipo === 'cambiada' ? data.change.antes : undefined;
  const lines = [
    t('greeting_doctor', { name: inertLine(row.doctor_nombre) }),
    '',
    t(`${kind}_intro`, {
      patient: patientName(row),
      ...(before ? { old_date: longDate(before.fecha, language), old_time: before.hora.slice(0, 5) } : {}),
    }),
    '',
    `${t('label_date')}: ${date}`,
    `${t('label_time')}: ${time}`,
    ...(visitTypeName(row, language) ? [`${t('label_visit_type')}: ${inertLine(visitTypeName(row, language) ?? '', 80)}`] : []),
    '',
    t('doctor_action') + link(context, '/agenda-doctor'),
    '',
    ...signature(context.clinic),
  ];
  return { to: row.doctor_correo, subject: t(`${kind}_subject`, { date, time }), text: lines.join('\n') };
}

import { fullName } from '../../../contracts/names.ts';
import { clinicAddress, type Clinica } from '../../../contracts/clinic.ts';
import type { TipoConsulta } from '../../../contracts/consultation-types.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { inertLine } from '../../lib/mail-text.ts';
import { instantOf } from '../../lib/clock.ts';
import { buildIcs } from '../../lib/ics.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { textsFor } from '../../lib/texts.ts';
import { type AppointmentMailRow } from './appointment-mail-row.ts';

const LOCALES: Record<Language, string> = { es: 'es-ES', ca: 'ca-ES', en: 'en-GB' };

type MailTexts = ReturnType<typeof mailTexts>;
const mailTexts = (language: Language) => textsFor('appointment-mail', language);

/** The texts of the doctor's calendar feed, in a language. */
export function feedTexts(language: Language) {
  const t = textsFor('calendar', language);
  return {
    feedName: (clinic: string, doctor: string) => t('feed_name', { clinic, doctor }),
    visitTypes: {
      Consulta: t('visit_Consulta'),
      Revisión: t('visit_Revisión'),
      Urgencia: t('visit_Urgencia'),
    } satisfies Record<TipoConsulta, string>,
    pendingMark: t('pending_mark'),
    noShowMark: t('no_show_mark'),
  };
}

export interface MailContext {
  timeZone: string;
  publicUrl: string | undefined;
  now: Date;
  /** The clinic's identity as stored now: named, placed and signed in every e-mail and .ics. */
  clinic: Clinica;
}

/** Where visits take place: 'Galeno Centro Médico, Carrer de Provença 286, 08008 Barcelona'. */
/** Where the clinic is: an event's LOCATION, an e-mail's place. */
export const clinicPlace = (clinic: Clinica) => `${clinic.nombre}, ${clinicAddress(clinic)}`;

/** The closing lines of every e-mail: the clinic's name, then its phone and e-mail. */
export const signature = (clinic: Clinica) => [clinic.nombre, `${clinic.telefono} · ${clinic.correo}`];

// One formatter per language for the life of the process: each new Intl.DateTimeFormat cost 150 µs
// and held about 25 KB of ICU memory outside the JavaScript heap until a collection that its small
// JavaScript size did not prompt, so a round of e-mails grew the server by tens of megabytes.
const longDates = new Map(
  Object.entries(LOCALES).map(([language, locale]) => [language, new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' })]),
);

/** A clinic date (YYYY-MM-DD) written out in a language: 'lunes, 9 de marzo de 2026'. */
export function longDate(fecha: string, language: Language): string {
  return (longDates.get(language) as Intl.DateTimeFormat).format(new Date(`${fecha}T12:00:00Z`));
}

// Names are text people typed: in an e-mail they are one quoted line.
const doctorName = (row: AppointmentMailRow) =>
  inertLine(fullName({ nombre: row.doctor_nombre, apellido1: row.doctor_apellido1, apellido2: row.doctor_apellido2 }));

const specialtyName = (row: AppointmentMailRow, language: Language) =>
  ({ es: row.especialidad_es, ca: row.especialidad_ca, en: row.especialidad_en })[language];

export const link = (context: MailContext, screen: string) =>
  context.publicUrl ? `: ${new URL(screen, context.publicUrl).toString()}` : '.';

/** The UID of an appointment's calendar entry, stable across e-mails about it. */
export function eventUid(row: { id_cita: number }, context: Pick<MailContext, 'publicUrl' | 'clinic'>) {
  const host = context.publicUrl ? new URL(context.publicUrl).hostname : (context.clinic.web.replace(/^https?:\/\//, '').split('/')[0] ?? 'example.es');
  return `cita-${row.id_cita}@${host}`;
}

/** What the patient's e-mails say about the visit, in the patient's language. */
export function patientVisit(row: AppointmentMailRow) {
  const language = row.paciente_idioma;
  const t = mailTexts(language);
  const hora = row.hora.slice(0, 5);
  const date = longDate(row.fecha, language);
  const doctor = doctorName(row);
  const specialty = specialtyName(row, language);
  const lines = [
    `${t('label_date')}: ${date}`,
    `${t('label_time')}: ${hora}`,
    `${t('label_doctor')}: ${doctor}`,
    `${t('label_specialty')}: ${specialty}`,
  ];
  return { t, hora, date, doctor, specialty, lines };
}

/**
 * When a visit ends: its length after its start in real time, so a slot across a daylight-saving
 * change lasts what it says (01:30-02:00 on October's last Sunday is 30 minutes, not 90). A slot
 * without a length (old data) still shows as a short event.
 */
export function visitEnd(row: Pick<AppointmentMailRow, 'fecha' | 'hora' | 'duracion_min'>, timeZone: string): Date {
  const start = instantOf(row.fecha, row.hora.slice(0, 5), timeZone);
  return new Date(start.getTime() + (row.duracion_min > 0 ? row.duracion_min : 15) * 60_000);
}

/**
 * An appointment as a calendar file, in a language: the reminder attaches it and the patient
 * downloads it after booking ("add to calendar"). Same UID, so a later file updates the event.
 */
export function appointmentIcs(row: AppointmentMailRow, context: MailContext, language: Language): string {
  const t = textsFor('calendar', language);
  const status = row.estado === 'Confirmada' ? 'CONFIRMED' : row.estado === 'Cancelada' ? 'CANCELLED' : 'TENTATIVE';
  return buildIcs({
    uid: eventUid(row, context),
    stamp: context.now,
    start: instantOf(row.fecha, row.hora.slice(0, 5), context.timeZone),
    end: visitEnd(row, context.timeZone),
    summary: t('summary', { doctor: doctorName(row), specialty: specialtyName(row, language) }),
    location: clinicPlace(context.clinic),
    status,
    sequence: row.secuencia,
    alarmMinutesBefore: 60,
  });
}

/** A reminder's one-tap links (server/modules/appointments/one-tap.service.ts). */
/** A notice to the doctor about one visit, in the doctor's language; the reason stays in the app. */
function doctorNotice(
  row: AppointmentMailRow,
  context: MailContext,
  say: (t: MailTexts, patient: string) => [intro: string, action: string],
) {
  const language = row.doctor_idioma;
  const t = mailTexts(language);
  const hora = row.hora.slice(0, 5);
  const date = longDate(row.fecha, language);
  const [intro, action] = say(t, inertLine(`${row.paciente_nombre} ${row.paciente_apellido1}`));
  const lines = [
    t('greeting', { name: inertLine(row.doctor_nombre) }),
    '',
    intro,
    '',
    `${t('label_date')}: ${date}`,
    `${t('label_time')}: ${hora}`,
    '',
    action + link(context, '/agenda-doctor'),
    '',
    ...signature(context.clinic),
  ];
  return { t, date, hora, text: lines.join('\n') };
}

/** The doctor's notice of a new request. */
export function bookingNoticeMail(row: AppointmentMailRow, context: MailContext): MailMessage {
  const { t, date, hora, text } = doctorNotice(row, context, (t, patient) => [
    t('notice_intro', { patient }),
    t('notice_action'),
  ]);
  return { to: row.doctor_correo, subject: t('notice_subject', { date, time: hora }), text };
}

/**
 * The doctor's grouped notice of new requests: one request reads as before; several
 * are listed one a line, each patient's name a quoted one-line value, oldest first.
 */
export function groupedNoticeMail(rows: AppointmentMailRow[], context: MailContext): MailMessage {
  const [first] = rows;
  if (!first) throw new Error('a grouped notice needs at least one request');
  if (rows.length === 1) return bookingNoticeMail(first, context);
  const language = first.doctor_idioma;
  const t = mailTexts(language);
  const sorted = [...rows].sort((a, b) => `${a.fecha} ${a.hora}`.localeCompare(`${b.fecha} ${b.hora}`));
  const lines = [
    t('greeting', { name: inertLine(first.doctor_nombre) }),
    '',
    t('grouped_intro', { count: rows.length }),
    '',
    ...sorted.map(
      (row) =>
        `- ${longDate(row.fecha, language)}, ${row.hora.slice(0, 5)}: ${inertLine(`${row.paciente_nombre} ${row.paciente_apellido1}`)}`,
    ),
    '',
    t('grouped_action', { count: rows.length }) + link(context, '/agenda-doctor'),
    '',
    ...signature(context.clinic),
  ];
  return { to: first.doctor_correo, subject: t('grouped_subject', { count: rows.length }), text: lines.join('\n') };
}

import { fullName } from '../../../contracts/names.ts';
import { breaksLine } from '../../../contracts/agenda.ts';
import { clinicAddress, type Clinica } from '../../../contracts/clinic.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { quotedLine } from '../../lib/mail-text.ts';
import { instantOf } from '../../lib/clock.ts';
import { buildIcs } from '../../lib/ics.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { type AppointmentMailRow } from '../appointments/index.ts';

const LOCALES: Record<Language, string> = { es: 'es-ES', ca: 'ca-ES', en: 'en-GB' };

interface Texts {
  reminderSubject: (date: string, time: string) => string;
  greeting: (name: string) => string;
  reminderIntro: (clinic: string) => string;
  pending: string;
  labels: { date: string; time: string; doctor: string; specialty: string; place: string };
  cancelHint: string;
  attachment: string;
  summary: (doctor: string, specialty: string) => string;
  noticeSubject: (date: string, time: string) => string;
  noticeIntro: (patient: string) => string;
  noticeAction: string;
  groupedSubject: (count: number) => string;
  groupedIntro: (count: number) => string;
  cancelSubject: (date: string, time: string) => string;
  cancelIntro: (doctor: string, clinic: string) => string;
  cancelAction: string;
  patientLeftIntro: (patient: string, clinic: string) => string;
  patientLeftAction: string;
  rejectedSubject: (date: string, time: string) => string;
  rejectedIntro: (doctor: string) => string;
  doctorCancelledSubject: (date: string, time: string) => string;
  doctorCancelledIntro: (doctor: string) => string;
  /** The doctor's reason, quoted as one line. */
  reason: (reason: string) => string;
  seeVisits: string;
  bookAgain: string;
  movedSubject: (date: string, time: string) => string;
  movedIntro: (patient: string, oldDate: string, oldTime: string) => string;
  /** The doctor's calendar feed: its name, and a visit as '<initials> · <type>'. */
  feedName: (clinic: string, doctor: string) => string;
  visitTypes: Record<'Consulta' | 'Revisión' | 'Urgencia', string>;
  pendingMark: string;
}

const TEXTS: Record<Language, Texts> = {
  es: {
    reminderSubject: (date, time) => `Recordatorio de tu cita: ${date} a las ${time}`,
    greeting: (name) => `Hola, ${name}:`,
    reminderIntro: (clinic) => `Te recordamos tu cita en ${clinic}.`,
    pending: 'La cita aún está pendiente de confirmación por el doctor.',
    labels: { date: 'Fecha', time: 'Hora', doctor: 'Doctor', specialty: 'Especialidad', place: 'Lugar' },
    cancelHint: 'Si no puedes venir, cancela la cita en «Mis visitas»',
    attachment: 'Encontrarás la cita adjunta en formato de calendario (.ics).',
    summary: (doctor, specialty) => `Cita médica con ${doctor} (${specialty})`,
    noticeSubject: (date, time) => `Nueva solicitud de cita: ${date} a las ${time}`,
    noticeIntro: (patient) => `${patient} ha pedido una cita contigo.`,
    noticeAction: 'La solicitud está pendiente: acéptala o recházala en tu agenda',
    groupedSubject: (count) => `${count} solicitudes de cita nuevas`,
    groupedIntro: (count) => `Tienes ${count} solicitudes de cita nuevas:`,
    cancelSubject: (date, time) => `Cita cancelada: ${date} a las ${time}`,
    cancelIntro: (doctor, clinic) => `Tu cita con ${doctor} se ha cancelado porque ya no pasa consulta en ${clinic}.`,
    cancelAction: 'Puedes pedir una cita nueva con otro doctor en «Pedir cita»',
    patientLeftIntro: (patient, clinic) =>
      `La cita de ${patient} contigo se ha cancelado porque ya no es paciente de ${clinic}.`,
    patientLeftAction: 'La hora vuelve a estar libre en tu agenda',
    rejectedSubject: (date, time) => `Solicitud de cita rechazada: ${date} a las ${time}`,
    rejectedIntro: (doctor) => `${doctor} no ha podido aceptar tu solicitud de cita.`,
    doctorCancelledSubject: (date, time) => `Cita cancelada por el doctor: ${date} a las ${time}`,
    doctorCancelledIntro: (doctor) => `${doctor} ha cancelado tu cita.`,
    reason: (reason) => `Motivo: «${reason}»`,
    seeVisits: 'La verás como cancelada en «Mis visitas».',
    bookAgain: 'Puedes pedir otra hora en «Pedir cita»',
    movedSubject: (date, time) => `Cita cambiada de hora: ${date} a las ${time}`,
    movedIntro: (patient, oldDate, oldTime) =>
      `${patient} ha cambiado su cita del ${oldDate} a las ${oldTime} a esta hora:`,
    feedName: (clinic, doctor) => `${clinic}: agenda de ${doctor}`,
    visitTypes: { Consulta: 'Consulta', Revisión: 'Revisión', Urgencia: 'Urgencia' },
    pendingMark: 'pendiente',
  },
  ca: {
    reminderSubject: (date, time) => `Recordatori de la teva cita: ${date} a les ${time}`,
    greeting: (name) => `Hola, ${name}:`,
    reminderIntro: (clinic) => `Et recordem la teva cita a ${clinic}.`,
    pending: 'La cita encara està pendent de confirmació per part del doctor.',
    labels: { date: 'Data', time: 'Hora', doctor: 'Doctor', specialty: 'Especialitat', place: 'Lloc' },
    cancelHint: 'Si no pots venir, cancel·la la cita a «Les meves visites»',
    attachment: 'Trobaràs la cita adjunta en format de calendari (.ics).',
    summary: (doctor, specialty) => `Cita mèdica amb ${doctor} (${specialty})`,
    noticeSubject: (date, time) => `Nova sol·licitud de cita: ${date} a les ${time}`,
    noticeIntro: (patient) => `${patient} ha demanat una cita amb tu.`,
    noticeAction: 'La sol·licitud està pendent: accepta-la o rebutja-la a la teva agenda',
    groupedSubject: (count) => `${count} sol·licituds de cita noves`,
    groupedIntro: (count) => `Tens ${count} sol·licituds de cita noves:`,
    cancelSubject: (date, time) => `Cita cancel·lada: ${date} a les ${time}`,
    cancelIntro: (doctor, clinic) =>
      `La teva cita amb ${doctor} s'ha cancel·lat perquè ja no passa consulta a ${clinic}.`,
    cancelAction: 'Pots demanar una cita nova amb un altre doctor a «Demana cita»',
    patientLeftIntro: (patient, clinic) =>
      `La cita de ${patient} amb tu s'ha cancel·lat perquè ja no és pacient de ${clinic}.`,
    patientLeftAction: 'L’hora torna a estar lliure a la teva agenda',
    rejectedSubject: (date, time) => `Sol·licitud de cita rebutjada: ${date} a les ${time}`,
    rejectedIntro: (doctor) => `${doctor} no ha pogut acceptar la teva sol·licitud de cita.`,
    doctorCancelledSubject: (date, time) => `Cita cancel·lada pel doctor: ${date} a les ${time}`,
    doctorCancelledIntro: (doctor) => `${doctor} ha cancel·lat la teva cita.`,
    reason: (reason) => `Motiu: «${reason}»`,
    seeVisits: 'La veuràs com a cancel·lada a «Les meves visites».',
    bookAgain: 'Pots demanar una altra hora a «Demana cita»',
    movedSubject: (date, time) => `Cita canviada d’hora: ${date} a les ${time}`,
    movedIntro: (patient, oldDate, oldTime) =>
      `${patient} ha canviat la seva cita del ${oldDate} a les ${oldTime} a aquesta hora:`,
    feedName: (clinic, doctor) => `${clinic}: agenda de ${doctor}`,
    visitTypes: { Consulta: 'Consulta', Revisión: 'Revisió', Urgencia: 'Urgència' },
    pendingMark: 'pendent',
  },
  en: {
    reminderSubject: (date, time) => `Reminder of your appointment: ${date} at ${time}`,
    greeting: (name) => `Hello ${name},`,
    reminderIntro: (clinic) => `This is a reminder of your appointment at ${clinic}.`,
    pending: 'The doctor has not confirmed the appointment yet.',
    labels: { date: 'Date', time: 'Time', doctor: 'Doctor', specialty: 'Specialty', place: 'Place' },
    cancelHint: 'If you cannot come, please cancel it in “My visits”',
    attachment: 'The appointment is attached as a calendar file (.ics).',
    summary: (doctor, specialty) => `Medical appointment with ${doctor} (${specialty})`,
    noticeSubject: (date, time) => `New appointment request: ${date} at ${time}`,
    noticeIntro: (patient) => `${patient} has requested an appointment with you.`,
    noticeAction: 'The request is pending: accept or reject it in your agenda',
    groupedSubject: (count) => `${count} new appointment requests`,
    groupedIntro: (count) => `You have ${count} new appointment requests:`,
    cancelSubject: (date, time) => `Appointment cancelled: ${date} at ${time}`,
    cancelIntro: (doctor, clinic) =>
      `Your appointment with ${doctor} has been cancelled because they no longer see patients at ${clinic}.`,
    cancelAction: 'You can book a new appointment with another doctor in “Book a visit”',
    patientLeftIntro: (patient, clinic) =>
      `The appointment ${patient} had with you has been cancelled because they are no longer a patient at ${clinic}.`,
    patientLeftAction: 'The slot is free again in your agenda',
    rejectedSubject: (date, time) => `Appointment request declined: ${date} at ${time}`,
    rejectedIntro: (doctor) => `${doctor} could not accept your appointment request.`,
    doctorCancelledSubject: (date, time) => `Appointment cancelled by the doctor: ${date} at ${time}`,
    doctorCancelledIntro: (doctor) => `${doctor} has cancelled your appointment.`,
    reason: (reason) => `Reason: “${reason}”`,
    seeVisits: 'You will see it as cancelled in “My visits”.',
    bookAgain: 'You can book another time in “Book a visit”',
    movedSubject: (date, time) => `Appointment moved: ${date} at ${time}`,
    movedIntro: (patient, oldDate, oldTime) =>
      `${patient} has moved their appointment of ${oldDate} at ${oldTime} to this time:`,
    feedName: (clinic, doctor) => `${clinic}: ${doctor}'s agenda`,
    visitTypes: { Consulta: 'Consultation', Revisión: 'Follow-up', Urgencia: 'Urgent visit' },
    pendingMark: 'pending',
  },
};

/** The texts of the doctor's calendar feed, in a language. */
export const feedTexts = (language: Language) => TEXTS[language];

export interface MailContext {
  timeZone: string;
  publicUrl: string | undefined;
  now: Date;
  /** The clinic's identity as stored now (issue 13): named, placed and signed in every e-mail and .ics. */
  clinic: Clinica;
}

/** Where visits take place: 'Galeno Centro Médico, Carrer de Provença 286, 08008 Barcelona'. */
/** Where the clinic is: an event's LOCATION, an e-mail's place. */
export const clinicPlace = (clinic: Clinica) => `${clinic.nombre}, ${clinicAddress(clinic)}`;

/** The closing lines of every e-mail: the clinic's name, then its phone and e-mail. */
const signature = (clinic: Clinica) => [clinic.nombre, `${clinic.telefono} · ${clinic.correo}`];

/** A clinic date (YYYY-MM-DD) written out in a language: 'lunes, 9 de marzo de 2026'. */
export function longDate(fecha: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${fecha}T12:00:00Z`),
  );
}

// Names are text people typed: in an e-mail they are one quoted line (issue 12).
const doctorName = (row: AppointmentMailRow) =>
  quotedLine(fullName({ nombre: row.doctor_nombre, apellido1: row.doctor_apellido1, apellido2: row.doctor_apellido2 }));

const specialtyName = (row: AppointmentMailRow, language: Language) =>
  ({ es: row.especialidad_es, ca: row.especialidad_ca, en: row.especialidad_en })[language];

const link = (context: MailContext, screen: string) =>
  context.publicUrl ? `: ${new URL(screen, context.publicUrl).toString()}` : '.';

/** The UID of an appointment's calendar entry, stable across e-mails about it. */
export function eventUid(row: { id_cita: number }, context: Pick<MailContext, 'publicUrl' | 'clinic'>) {
  const host = context.publicUrl ? new URL(context.publicUrl).hostname : (context.clinic.web.replace(/^https?:\/\//, '').split('/')[0] ?? 'example.es');
  return `cita-${row.id_cita}@${host}`;
}

/** What the patient's e-mails say about the visit, in the patient's language. */
function patientVisit(row: AppointmentMailRow) {
  const language = row.paciente_idioma;
  const t = TEXTS[language];
  const hora = row.hora.slice(0, 5);
  const date = longDate(row.fecha, language);
  const doctor = doctorName(row);
  const specialty = specialtyName(row, language);
  const lines = [
    `${t.labels.date}: ${date}`,
    `${t.labels.time}: ${hora}`,
    `${t.labels.doctor}: ${doctor}`,
    `${t.labels.specialty}: ${specialty}`,
  ];
  return { t, hora, date, doctor, specialty, lines };
}

/**
 * An appointment as a calendar file, in a language: the reminder attaches it and the patient
 * downloads it after booking ("add to calendar"). Same UID, so a later file updates the event.
 */
export function appointmentIcs(row: AppointmentMailRow, context: MailContext, language: Language): string {
  const t = TEXTS[language];
  const status = row.estado === 'Confirmada' ? 'CONFIRMED' : row.estado === 'Cancelada' ? 'CANCELLED' : 'TENTATIVE';
  return buildIcs({
    uid: eventUid(row, context),
    stamp: context.now,
    start: instantOf(row.fecha, row.hora.slice(0, 5), context.timeZone),
    end: instantOf(row.fecha, row.hora_fin.slice(0, 5), context.timeZone),
    summary: t.summary(doctorName(row), specialtyName(row, language)),
    location: clinicPlace(context.clinic),
    status,
    sequence: row.secuencia,
    alarmMinutesBefore: 60,
  });
}

/** The patient's reminder (decisions #14): in their language, with the visit as an .ics file. */
export function reminderMail(row: AppointmentMailRow, context: MailContext): MailMessage {
  const { t, hora, date, lines: visit } = patientVisit(row);
  const language = row.paciente_idioma;
  const lines = [
    t.greeting(quotedLine(row.paciente_nombre)),
    '',
    t.reminderIntro(context.clinic.nombre),
    ...(row.estado === 'pendiente' ? [t.pending] : []),
    '',
    ...visit,
    `${t.labels.place}: ${clinicPlace(context.clinic)}`,
    '',
    t.cancelHint + link(context, '/mis-visitas'),
    t.attachment,
    '',
    ...signature(context.clinic),
  ];
  const ics = appointmentIcs(row, context, language);
  return {
    to: row.paciente_correo,
    subject: t.reminderSubject(date, hora),
    text: lines.join('\n'),
    attachments: [{ filename: 'cita.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}

/** A notice to the doctor about one visit, in the doctor's language; the reason stays in the app. */
function doctorNotice(
  row: AppointmentMailRow,
  context: MailContext,
  say: (t: Texts, patient: string) => [intro: string, action: string],
) {
  const language = row.doctor_idioma;
  const t = TEXTS[language];
  const hora = row.hora.slice(0, 5);
  const date = longDate(row.fecha, language);
  const [intro, action] = say(t, quotedLine(`${row.paciente_nombre} ${row.paciente_apellido1}`));
  const lines = [
    t.greeting(quotedLine(row.doctor_nombre)),
    '',
    intro,
    '',
    `${t.labels.date}: ${date}`,
    `${t.labels.time}: ${hora}`,
    '',
    action + link(context, '/agenda-doctor'),
    '',
    ...signature(context.clinic),
  ];
  return { t, date, hora, text: lines.join('\n') };
}

/** The doctor's notice of a new request. */
export function bookingNoticeMail(row: AppointmentMailRow, context: MailContext): MailMessage {
  const { t, date, hora, text } = doctorNotice(row, context, (t, patient) => [t.noticeIntro(patient), t.noticeAction]);
  return { to: row.doctor_correo, subject: t.noticeSubject(date, hora), text };
}

/**
 * The doctor's grouped notice of new requests (decision 0024): one request reads as before; several
 * are listed one a line, each patient's name a quoted one-line value, oldest first.
 */
export function groupedNoticeMail(rows: AppointmentMailRow[], context: MailContext): MailMessage {
  const [first] = rows;
  if (!first) throw new Error('a grouped notice needs at least one request');
  if (rows.length === 1) return bookingNoticeMail(first, context);
  const language = first.doctor_idioma;
  const t = TEXTS[language];
  const sorted = [...rows].sort((a, b) => `${a.fecha} ${a.hora}`.localeCompare(`${b.fecha} ${b.hora}`));
  const lines = [
    t.greeting(quotedLine(first.doctor_nombre)),
    '',
    t.groupedIntro(rows.length),
    '',
    ...sorted.map(
      (row) =>
        `- ${longDate(row.fecha, language)}, ${row.hora.slice(0, 5)}: ${quotedLine(`${row.paciente_nombre} ${row.paciente_apellido1}`)}`,
    ),
    '',
    t.noticeAction + link(context, '/agenda-doctor'),
    '',
    ...signature(context.clinic),
  ];
  return { to: first.doctor_correo, subject: t.groupedSubject(rows.length), text: lines.join('\n') };
}

/** Tells the doctor a visit was cancelled because the patient is no longer one of the clinic's. */
export function patientLeftMail(row: AppointmentMailRow, context: MailContext): MailMessage {
  const { t, date, hora, text } = doctorNotice(row, context, (t, patient) => [
    t.patientLeftIntro(patient, context.clinic.nombre),
    t.patientLeftAction,
  ]);
  return { to: row.doctor_correo, subject: t.cancelSubject(date, hora), text };
}

/**
 * Tells the doctor that a patient moved a visit (decision 0026): from when to when, and that it
 * waits for their answer again. Names and dates are quoted on one line.
 */
export function movedNoticeMail(
  row: AppointmentMailRow,
  context: MailContext,
  before: { fecha: string; hora: string },
): MailMessage {
  const language = row.doctor_idioma;
  const oldDate = longDate(before.fecha, language);
  const oldTime = before.hora.slice(0, 5);
  const { t, date, hora, text } = doctorNotice(row, context, (t, patient) => [
    t.movedIntro(patient, oldDate, oldTime),
    t.noticeAction,
  ]);
  return { to: row.doctor_correo, subject: t.movedSubject(date, hora), text };
}

/** Tells the patient their visit was cancelled because the doctor left the clinic, in the patient's language. */
export function cancellationMail(row: AppointmentMailRow, context: MailContext): MailMessage {
  const { t, hora, date, doctor, lines: visit } = patientVisit(row);
  const lines = [
    t.greeting(quotedLine(row.paciente_nombre)),
    '',
    t.cancelIntro(doctor, context.clinic.nombre),
    '',
    ...visit,
    '',
    t.cancelAction + link(context, '/pedir-cita'),
    '',
    ...signature(context.clinic),
  ];
  return { to: row.paciente_correo, subject: t.cancelSubject(date, hora), text: lines.join('\n') };
}

/**
 * Tells the patient, in their language, that the doctor rejected their request (or cancelled a
 * confirmed visit), with the doctor's reason quoted on one line, and where to book another time.
 */
export function doctorCancellationMail(
  row: AppointmentMailRow,
  context: MailContext,
  wasRequest: boolean,
): MailMessage {
  const { t, hora, date, doctor, lines: visit } = patientVisit(row);
  const lines = [
    t.greeting(row.paciente_nombre),
    '',
    wasRequest ? t.rejectedIntro(doctor) : t.doctorCancelledIntro(doctor),
    ...(row.motivo_rechazo ? [t.reason(oneLine(row.motivo_rechazo))] : []),
    '',
    ...visit,
    '',
    t.seeVisits,
    t.bookAgain + link(context, '/pedir-cita'),
    '',
    ...signature(context.clinic),
  ];
  const subject = wasRequest ? t.rejectedSubject(date, hora) : t.doctorCancelledSubject(date, hora);
  return { to: row.paciente_correo, subject, text: lines.join('\n') };
}

/** Typed text as one line whatever got stored: control characters and line separators become spaces. */
const oneLine = (text: string) =>
  [...text]
    .map((character) => (breaksLine(character) ? ' ' : character))
    .join('')
    .trim();

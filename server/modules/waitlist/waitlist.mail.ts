import { fullName } from '../../../contracts/names.ts';
import type { Clinica } from '../../../contracts/clinic.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { localTime } from '../../lib/clock.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { inertLine } from '../../lib/mail-text.ts';
import { textsFor } from '../../lib/texts.ts';
import { longDate } from '../reminders/index.ts';
import type { OfferRow } from './waitlist.repository.ts';

export interface WaitlistMailContext {
  timeZone: string;
  /** Where the app is reached; the claim link starts there. */
  baseUrl: string;
  clinic: Clinica;
}

const signature = (clinic: Clinica) => [clinic.nombre, `${clinic.telefono} · ${clinic.correo}`];

function slotLines(row: OfferRow, language: Language) {
  const t = textsFor('waitlist-mail', language);
  const date = longDate(row.fecha ?? '', language);
  const time = (row.hora_inicio ?? '').slice(0, 5);
  const doctor = inertLine(fullName({ nombre: row.doctor_nombre ?? '', apellido1: row.doctor_apellido1 ?? '', apellido2: row.doctor_apellido2 }));
  const specialty = { es: row.especialidad_es, ca: row.especialidad_ca, en: row.especialidad_en }[language] ?? '';
  return {
    date,
    time,
    lines: [
      `${t('label_date')}: ${date}`,
      `${t('label_time')}: ${time}`,
      `${t('label_doctor')}: ${doctor}`,
      `${t('label_specialty')}: ${specialty}`,
    ],
  };
}

/** The claim screen of an offer, as the password reset link carries its token. */
export const claimPath = (token: string) => `/lista-espera/oferta?token=${token}`;

/** The offer of a freed slot, in the patient's language, with the link to claim it. */
export function offerMail(row: OfferRow, token: string, context: WaitlistMailContext): MailMessage {
  const language = row.paciente_idioma;
  const t = textsFor('waitlist-mail', language);
  const { date, time, lines } = slotLines(row, language);
  const until = localTime(new Date(row.caduca_en), context.timeZone);
  const text = [
    t('greeting', { name: inertLine(row.paciente_nombre) }),
    '',
    t('offer_intro', { clinic: context.clinic.nombre }),
    '',
    ...lines,
    '',
    t('first_wins', { until }),
    `${t('claim')}: ${new URL(claimPath(token), context.baseUrl).toString()}`,
    t('only_you'),
    '',
    ...signature(context.clinic),
  ];
  return { to: row.paciente_correo, subject: t('offer_subject', { date, time }), text: text.join('\n') };
}

/** Tells the holder of an offer that another patient booked the slot first. */
export function goneMail(row: OfferRow, context: WaitlistMailContext): MailMessage {
  const language = row.paciente_idioma;
  const t = textsFor('waitlist-mail', language);
  const { date, time, lines } = slotLines(row, language);
  const text = [
    t('greeting', { name: inertLine(row.paciente_nombre) }),
    '',
    t('gone_intro'),
    '',
    ...lines,
    '',
    t('still_waiting'),
    `${t('my_visits')}: ${new URL('/mis-visitas', context.baseUrl).toString()}`,
    '',
    ...signature(context.clinic),
  ];
  return { to: row.paciente_correo, subject: t('gone_subject', { date, time }), text: text.join('\n') };
}

import type { Clinica } from '../../../contracts/clinic.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { localTime } from '../../lib/clock.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { quotedLine } from '../../lib/mail-text.ts';
import { longDate } from '../reminders/index.ts';
import type { OfferRow } from './waitlist.repository.ts';

interface Texts {
  offerSubject: (date: string, time: string) => string;
  greeting: (name: string) => string;
  offerIntro: (clinic: string) => string;
  labels: { date: string; time: string; doctor: string; specialty: string };
  firstWins: (until: string) => string;
  claim: string;
  onlyYou: string;
  goneSubject: (date: string, time: string) => string;
  goneIntro: string;
  stillWaiting: string;
  myVisits: string;
}

// Typed per language, so a missing text in one of them does not compile.
const TEXTS: Record<Language, Texts> = {
  es: {
    offerSubject: (date, time) => `Hay una hora libre para ti: ${date} a las ${time}`,
    greeting: (name) => `Hola ${name}:`,
    offerIntro: (clinic) => `Se ha liberado una hora en ${clinic} que encaja con tu lista de espera.`,
    labels: { date: 'Fecha', time: 'Hora', doctor: 'Doctor', specialty: 'Especialidad' },
    firstWins: (until) =>
      `Se la hemos ofrecido a varias personas de la lista: la reserva quien la confirme primero. La oferta vale hasta las ${until}.`,
    claim: 'Confírmala aquí',
    onlyYou: 'El enlace solo funciona con tu cuenta: inicia sesión si te lo pide.',
    goneSubject: (date, time) => `La hora del ${date} a las ${time} ya está reservada`,
    goneIntro: 'Otra persona de la lista de espera ha reservado antes la hora que te ofrecimos:',
    stillWaiting: 'Sigues en la lista de espera: te avisaremos de la próxima hora libre.',
    myVisits: 'Puedes ver o dejar tus listas de espera en «Mis visitas»',
  },
  ca: {
    offerSubject: (date, time) => `Hi ha una hora lliure per a tu: ${date} a les ${time}`,
    greeting: (name) => `Hola ${name}:`,
    offerIntro: (clinic) => `S’ha alliberat una hora a ${clinic} que encaixa amb la teva llista d’espera.`,
    labels: { date: 'Data', time: 'Hora', doctor: 'Metge', specialty: 'Especialitat' },
    firstWins: (until) =>
      `L’hem oferta a diverses persones de la llista: la reserva qui la confirmi primer. L’oferta val fins a les ${until}.`,
    claim: 'Confirma-la aquí',
    onlyYou: 'L’enllaç només funciona amb el teu compte: inicia sessió si t’ho demana.',
    goneSubject: (date, time) => `L’hora del ${date} a les ${time} ja està reservada`,
    goneIntro: 'Una altra persona de la llista d’espera ha reservat abans l’hora que et vam oferir:',
    stillWaiting: 'Continues a la llista d’espera: t’avisarem de la propera hora lliure.',
    myVisits: 'Pots veure o deixar les teves llistes d’espera a «Les meves visites»',
  },
  en: {
    offerSubject: (date, time) => `A time is free for you: ${date} at ${time}`,
    greeting: (name) => `Hello ${name},`,
    offerIntro: (clinic) => `A time has become free at ${clinic} that matches your waiting list.`,
    labels: { date: 'Date', time: 'Time', doctor: 'Doctor', specialty: 'Specialty' },
    firstWins: (until) =>
      `We have offered it to several people on the list: whoever confirms first gets it. The offer is valid until ${until}.`,
    claim: 'Confirm it here',
    onlyYou: 'The link only works with your account: log in if asked.',
    goneSubject: (date, time) => `The time on ${date} at ${time} has been booked`,
    goneIntro: 'Another person on the waiting list booked the time we offered you first:',
    stillWaiting: 'You are still on the waiting list: we will tell you about the next free time.',
    myVisits: 'You can see or leave your waiting lists in “My visits”',
  },
};

export interface WaitlistMailContext {
  timeZone: string;
  /** Where the app is reached; the claim link starts there. */
  baseUrl: string;
  clinic: Clinica;
}

const signature = (clinic: Clinica) => [clinic.nombre, `${clinic.telefono} · ${clinic.correo}`];

function slotLines(row: OfferRow, language: Language) {
  const t = TEXTS[language];
  const date = longDate(row.fecha ?? '', language);
  const time = (row.hora_inicio ?? '').slice(0, 5);
  const doctor = quotedLine([row.doctor_nombre, row.doctor_apellido1, row.doctor_apellido2].filter(Boolean).join(' '));
  const specialty = { es: row.especialidad_es, ca: row.especialidad_ca, en: row.especialidad_en }[language] ?? '';
  return {
    date,
    time,
    lines: [`${t.labels.date}: ${date}`, `${t.labels.time}: ${time}`, `${t.labels.doctor}: ${doctor}`, `${t.labels.specialty}: ${specialty}`],
  };
}

/** The claim screen of an offer, as the password reset link carries its token. */
export const claimPath = (token: string) => `/lista-espera/oferta?token=${token}`;

/** The offer of a freed slot, in the patient's language, with the link to claim it. */
export function offerMail(row: OfferRow, token: string, context: WaitlistMailContext): MailMessage {
  const language = row.paciente_idioma;
  const t = TEXTS[language];
  const { date, time, lines } = slotLines(row, language);
  const until = localTime(new Date(row.caduca_en), context.timeZone);
  const text = [
    t.greeting(quotedLine(row.paciente_nombre)),
    '',
    t.offerIntro(context.clinic.nombre),
    '',
    ...lines,
    '',
    t.firstWins(until),
    `${t.claim}: ${new URL(claimPath(token), context.baseUrl).toString()}`,
    t.onlyYou,
    '',
    ...signature(context.clinic),
  ];
  return { to: row.paciente_correo, subject: t.offerSubject(date, time), text: text.join('\n') };
}

/** Tells the holder of an offer that another patient booked the slot first. */
export function goneMail(row: OfferRow, context: WaitlistMailContext): MailMessage {
  const language = row.paciente_idioma;
  const t = TEXTS[language];
  const { date, time, lines } = slotLines(row, language);
  const text = [
    t.greeting(quotedLine(row.paciente_nombre)),
    '',
    t.goneIntro,
    '',
    ...lines,
    '',
    t.stillWaiting,
    `${t.myVisits}: ${new URL('/mis-visitas', context.baseUrl).toString()}`,
    '',
    ...signature(context.clinic),
  ];
  return { to: row.paciente_correo, subject: t.goneSubject(date, time), text: text.join('\n') };
}

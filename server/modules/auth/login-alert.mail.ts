import type { Language } from '../../../contracts/messages/index.ts';
import { quotedLine } from '../../lib/mail-text.ts';
import type { MailMessage } from '../../lib/mail.ts';

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  body: (username: string, failures: number) => string;
  stillYours: string;
  advice: string;
}

const TEXTS: Record<Language, Texts> = {
  es: {
    subject: 'Intentos fallidos de entrar en tu cuenta de Galeno',
    greeting: (name) => `Hola, ${name}:`,
    body: (username, failures) => `En las últimas 24 horas ha habido ${failures} intentos fallidos de iniciar sesión en tu cuenta de Galeno (usuario: ${username}).`,
    stillYours:
      'Tu cuenta sigue abierta para ti: Galeno frena los intentos desde las direcciones que fallan, no desde la tuya.',
    advice: 'Si no has sido tú y crees que alguien puede conocer tu contraseña, cámbiala en «Mi cuenta» o avisa a la clínica.',
  },
  ca: {
    subject: 'Intents fallits d’entrar al teu compte de Galeno',
    greeting: (name) => `Hola, ${name}:`,
    body: (username, failures) => `En les últimes 24 hores hi ha hagut ${failures} intents fallits d’iniciar sessió al teu compte de Galeno (usuari: ${username}).`,
    stillYours: 'El teu compte continua obert per a tu: Galeno frena els intents des de les adreces que fallen, no des de la teva.',
    advice: 'Si no has estat tu i creus que algú pot conèixer la teva contrasenya, canvia-la a «El meu compte» o avisa la clínica.',
  },
  en: {
    subject: 'Failed attempts to sign in to your Galeno account',
    greeting: (name) => `Hello ${name},`,
    body: (username, failures) => `In the last 24 hours there have been ${failures} failed attempts to sign in to your Galeno account (username: ${username}).`,
    stillYours: 'Your account is still open to you: Galeno slows down the addresses that fail, not yours.',
    advice: 'If this was not you and you think someone may know your password, change it in "My account" or tell the clinic.',
  },
};

/** The one notice an owner gets when failed log-ins of their account pass the daily ceiling. */
export function loginAlertMail(
  account: { correo: string; nombre: string; nombre_usuario: string; idioma: Language },
  failures: number,
): MailMessage {
  const t = TEXTS[account.idioma] ?? TEXTS.es;
  const lines = [t.greeting(quotedLine(account.nombre)), '', t.body(account.nombre_usuario, failures), t.stillYours, '', t.advice, '', 'Galeno'];
  return { to: account.correo, subject: t.subject, text: lines.join('\n') };
}

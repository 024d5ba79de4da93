import type { Language } from '../../../contracts/messages/index.ts';
import { quotedLine } from '../../lib/mail-text.ts';
import type { MailMessage } from '../../lib/mail.ts';
import type { ResetAccount } from './password-reset.repository.ts';

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  intro: (username: string) => string;
  action: string;
  ignore: string;
  changedSubject: string;
  changed: (username: string) => string;
  notYou: string;
}

const TEXTS: Record<Language, Texts> = {
  es: {
    subject: 'Restablece tu contraseña de Galeno',
    greeting: (name) => `Hola, ${name}:`,
    intro: (username) => `Hemos recibido una petición para restablecer la contraseña de tu cuenta de Galeno (usuario: ${username}).`,
    action: 'Para elegir una contraseña nueva, abre este enlace. Caduca en una hora y solo se puede usar una vez:',
    ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambiará.',
    changedSubject: 'Tu contraseña de Galeno ha cambiado',
    changed: (username) => `La contraseña de tu cuenta de Galeno (usuario: ${username}) se acaba de cambiar y se han cerrado todas tus sesiones.`,
    notYou: 'Si no has sido tú, ponte en contacto con la clínica cuanto antes.',
  },
  ca: {
    subject: 'Restableix la teva contrasenya de Galeno',
    greeting: (name) => `Hola, ${name}:`,
    intro: (username) => `Hem rebut una petició per restablir la contrasenya del teu compte de Galeno (usuari: ${username}).`,
    action: 'Per triar una contrasenya nova, obre aquest enllaç. Caduca d’aquí a una hora i només es pot fer servir una vegada:',
    ignore: 'Si no ho has demanat tu, ignora aquest correu: la teva contrasenya no canviarà.',
    changedSubject: 'La teva contrasenya de Galeno ha canviat',
    changed: (username) => `La contrasenya del teu compte de Galeno (usuari: ${username}) s’acaba de canviar i s’han tancat totes les teves sessions.`,
    notYou: 'Si no has estat tu, posa’t en contacte amb la clínica com més aviat millor.',
  },
  en: {
    subject: 'Reset your Galeno password',
    greeting: (name) => `Hello ${name},`,
    intro: (username) => `We have received a request to reset the password of your Galeno account (username: ${username}).`,
    action: 'To choose a new password, open this link. It expires in one hour and works only once:',
    ignore: 'If you did not ask for this, ignore this e-mail: your password will not change.',
    changedSubject: 'Your Galeno password has been changed',
    changed: (username) => `The password of your Galeno account (username: ${username}) has just been changed, and all your sessions have been ended.`,
    notYou: 'If this was not you, please contact the clinic as soon as possible.',
  },
};

/** The e-mail with the reset link, in the account's language (Spanish by default). */
export function resetLinkMail(account: ResetAccount, link: string): MailMessage {
  const t = TEXTS[account.idioma] ?? TEXTS.es;
  const lines = [t.greeting(quotedLine(account.nombre)), '', t.intro(account.nombre_usuario), '', t.action, link, '', t.ignore, '', 'Galeno'];
  return { to: account.correo, subject: t.subject, text: lines.join('\n') };
}

/** The notice after a reset, so an owner who did not ask for it finds out. */
export function passwordChangedMail(account: ResetAccount): MailMessage {
  const t = TEXTS[account.idioma] ?? TEXTS.es;
  const lines = [t.greeting(quotedLine(account.nombre)), '', t.changed(account.nombre_usuario), t.notYou, '', 'Galeno'];
  return { to: account.correo, subject: t.changedSubject, text: lines.join('\n') };
}

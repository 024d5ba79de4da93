import { inertLine } from '../../lib/mail-text.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { textsFor } from '../../lib/texts.ts';

/** The invitation to set a first password, in the patient's language, with the username they were given. */
export function invitationMail(
  account: { nombre: string; nombre_usuario: string; correo: string; idioma: 'es' | 'ca' | 'en' },
  link: string,
  caduca_en: string,
  timeZone: string,
): MailMessage {
  const t = textsFor('account-mail', account.idioma);
  const date = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(caduca_en));
  const lines = [
    t('greeting', { name: inertLine(account.nombre) }),
    '',
    t('invite_intro', { username: account.nombre_usuario }),
    '',
    t('invite_action', { date }),
    link,
    '',
    t('invite_ignore'),
    '',
    'Galeno',
  ];
  return { to: account.correo, subject: t('invite_subject'), text: lines.join('\n') };
}

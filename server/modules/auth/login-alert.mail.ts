import type { Language } from '../../../contracts/messages/index.ts';
import { inertLine } from '../../lib/mail-text.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { textsFor } from '../../lib/texts.ts';

/** The one notice an owner gets when failed log-ins of their account pass the daily ceiling. */
export function loginAlertMail(
  account: { correo: string; nombre: string; nombre_usuario: string; idioma: Language },
  failures: number,
): MailMessage {
  const t = textsFor('account-mail', account.idioma);
  const lines = [
    t('greeting', { name: inertLine(account.nombre) }),
    '',
    t('login_alert_body', { count: failures, username: account.nombre_usuario }),
    t('login_alert_still_yours'),
    '',
    t('login_alert_advice'),
    '',
    'Galeno',
  ];
  return { to: account.correo, subject: t('login_alert_subject'), text: lines.join('\n') };
}

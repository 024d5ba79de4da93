import { inertLine } from '../../lib/mail-text.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { textsFor } from '../../lib/texts.ts';
import type { ResetAccount } from './password-reset.repository.ts';

/** The e-mail with the reset link, in the account's language (Spanish by default). */
export function resetLinkMail(account: ResetAccount, link: string): MailMessage {
  const t = textsFor('account-mail', account.idioma);
  const lines = [
    t('greeting', { name: inertLine(account.nombre) }),
    '',
    t('reset_intro', { username: account.nombre_usuario }),
    '',
    t('reset_action'),
    link,
    '',
    t('reset_ignore'),
    '',
    'Galeno',
  ];
  return { to: account.correo, subject: t('reset_subject'), text: lines.join('\n') };
}

/** The notice after a reset, so an owner who did not ask for it finds out. */
export function passwordChangedMail(account: ResetAccount): MailMessage {
  const t = textsFor('account-mail', account.idioma);
  const lines = [
    t('greeting', { name: inertLine(account.nombre) }),
    '',
    t('changed', { username: account.nombre_usuario }),
    t('changed_not_you'),
    '',
    'Galeno',
  ];
  return { to: account.correo, subject: t('changed_subject'), text: lines.join('\n') };
}

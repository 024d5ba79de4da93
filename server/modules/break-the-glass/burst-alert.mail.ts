import { fullName } from '../../../contracts/names.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { inertLine } from '../../lib/mail-text.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { textsFor } from '../../lib/texts.ts';

/**
 * Tells one administrator that a doctor opened many records by break-the-glass in a short time,
 * in the administrator's language; the reasons stay in the audit log, where the link leads.
 */
export function burstAlertMail(
  admin: { correo: string; nombre: string; idioma: Language },
  burst: { doctor: { nombre: string; apellido1: string }; aperturas: number; minutes: number },
  auditUrl: string,
): MailMessage {
  const t = textsFor('account-mail', admin.idioma);
  const doctor = inertLine(fullName({ nombre: burst.doctor.nombre, apellido1: burst.doctor.apellido1, apellido2: null }));
  const lines = [
    t('greeting', { name: inertLine(admin.nombre) }),
    '',
    t('break_glass_alert_body', { doctor, count: burst.aperturas, minutes: burst.minutes }),
    '',
    `${t('break_glass_alert_action')} ${auditUrl}`,
    '',
    'Galeno',
  ];
  return { to: admin.correo, subject: t('break_glass_alert_subject', { doctor, count: burst.aperturas }), text: lines.join('\n') };
}

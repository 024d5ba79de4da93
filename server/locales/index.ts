import { createInstance } from 'i18next';
import { AUDIT_SENTENCES_NAMESPACE, auditSentenceTexts } from '../../contracts/audit-sentences.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contracts/messages/languages.ts';
import esAccountMail from './es/account-mail.json' with { type: 'json' };
import esAppointmentMail from './es/appointment-mail.json' with { type: 'json' };
import esAssistant from './es/assistant.json' with { type: 'json' };
import esCalendar from './es/calendar.json' with { type: 'json' };
import esDataExportPdf from './es/data-export-pdf.json' with { type: 'json' };
import esDayListPdf from './es/day-list-pdf.json' with { type: 'json' };
import esHistoryPdf from './es/history-pdf.json' with { type: 'json' };
import esWaitlistMail from './es/waitlist-mail.json' with { type: 'json' };
import esVisitNotices from './es/visit-notices.json' with { type: 'json' };
import caAccountMail from './ca/account-mail.json' with { type: 'json' };
import caAppointmentMail from './ca/appointment-mail.json' with { type: 'json' };
import caAssistant from './ca/assistant.json' with { type: 'json' };
import caCalendar from './ca/calendar.json' with { type: 'json' };
import caDataExportPdf from './ca/data-export-pdf.json' with { type: 'json' };
import caDayListPdf from './ca/day-list-pdf.json' with { type: 'json' };
import caHistoryPdf from './ca/history-pdf.json' with { type: 'json' };
import caWaitlistMail from './ca/waitlist-mail.json' with { type: 'json' };
import caVisitNotices from './ca/visit-notices.json' with { type: 'json' };
import enAccountMail from './en/account-mail.json' with { type: 'json' };
import enAppointmentMail from './en/appointment-mail.json' with { type: 'json' };
import enAssistant from './en/assistant.json' with { type: 'json' };
import enCalendar from './en/calendar.json' with { type: 'json' };
import enDataExportPdf from './en/data-export-pdf.json' with { type: 'json' };
import enDayListPdf from './en/day-list-pdf.json' with { type: 'json' };
import enHistoryPdf from './en/history-pdf.json' with { type: 'json' };
import enWaitlistMail from './en/waitlist-mail.json' with { type: 'json' };
import enVisitNotices from './en/visit-notices.json' with { type: 'json' };

/**
 * The texts of the server's e-mails, PDFs, calendar files and assistant, one JSON file per
 * namespace and language in the web's i18next style: {{placeholders}}, plural forms as key_one,
 * key_many, key_other, points of view as i18next contexts. Spanish is the reference;
 * scripts/check-locales.ts keeps ca and en with the same keys and placeholders. Imported, so they
 * are read once, when the server starts.
 */
const es = {
  'account-mail': esAccountMail,
  'appointment-mail': esAppointmentMail,
  assistant: esAssistant,
  calendar: esCalendar,
  'data-export-pdf': esDataExportPdf,
  'day-list-pdf': esDayListPdf,
  'history-pdf': esHistoryPdf,
  'waitlist-mail': esWaitlistMail,
  'visit-notices': esVisitNotices,
};

const ca = {
  'account-mail': caAccountMail,
  'appointment-mail': caAppointmentMail,
  assistant: caAssistant,
  calendar: caCalendar,
  'data-export-pdf': caDataExportPdf,
  'day-list-pdf': caDayListPdf,
  'history-pdf': caHistoryPdf,
  'waitlist-mail': caWaitlistMail,
  'visit-notices': caVisitNotices,
};

const en = {
  'account-mail': enAccountMail,
  'appointment-mail': enAppointmentMail,
  assistant: enAssistant,
  calendar: enCalendar,
  'data-export-pdf': enDataExportPdf,
  'day-list-pdf': enDayListPdf,
  'history-pdf': enHistoryPdf,
  'waitlist-mail': enWaitlistMail,
  'visit-notices': enVisitNotices,
};

export type ServerLocale = typeof es;

const serverLocales: Record<Language, Record<keyof ServerLocale, Readonly<Record<string, string>>>> = { es, ca, en };

/**
 * The server's one i18next instance, made when this module is first imported: every namespace of
 * every language is in memory (no backend), so it is ready at once and translates synchronously.
 * The audit sentences are the web's own JSON (contracts/locales), so both say the same.
 */
export const serverI18n = createInstance();
void serverI18n.init({
  initAsync: false,
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { ...serverLocales[language], [AUDIT_SENTENCES_NAMESPACE]: auditSentenceTexts[language] },
    ]),
  ),
  lng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // A text missing in a language is a mistake the locale check catches, not a reason to mix languages.
  fallbackLng: false,
  ns: [...Object.keys(es), AUDIT_SENTENCES_NAMESPACE],
  defaultNS: false,
  // Keys are flat and may be made from data ('appointment_state_Cancelada'): no '.' or ':' syntax.
  keySeparator: false,
  nsSeparator: false,
  // Plain text: mail bodies, PDFs and .ics files escape (or need not escape) on their own terms.
  interpolation: { escapeValue: false, skipOnVariables: true },
});

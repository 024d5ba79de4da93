import type { Language } from '../../contracts/messages/languages.ts';
import esAccountMail from './es/account-mail.json' with { type: 'json' };
import esAppointmentMail from './es/appointment-mail.json' with { type: 'json' };
import esCalendar from './es/calendar.json' with { type: 'json' };
import esDataExportPdf from './es/data-export-pdf.json' with { type: 'json' };
import esHistoryPdf from './es/history-pdf.json' with { type: 'json' };
import esWaitlistMail from './es/waitlist-mail.json' with { type: 'json' };
import caAccountMail from './ca/account-mail.json' with { type: 'json' };
import caAppointmentMail from './ca/appointment-mail.json' with { type: 'json' };
import caCalendar from './ca/calendar.json' with { type: 'json' };
import caDataExportPdf from './ca/data-export-pdf.json' with { type: 'json' };
import caHistoryPdf from './ca/history-pdf.json' with { type: 'json' };
import caWaitlistMail from './ca/waitlist-mail.json' with { type: 'json' };
import enAccountMail from './en/account-mail.json' with { type: 'json' };
import enAppointmentMail from './en/appointment-mail.json' with { type: 'json' };
import enCalendar from './en/calendar.json' with { type: 'json' };
import enDataExportPdf from './en/data-export-pdf.json' with { type: 'json' };
import enHistoryPdf from './en/history-pdf.json' with { type: 'json' };
import enWaitlistMail from './en/waitlist-mail.json' with { type: 'json' };

/**
 * The texts of the server's e-mails, PDFs and calendar files, one JSON file per namespace and
 * language in the web's i18next style: {{placeholders}}, plural forms as key_one, key_many,
 * key_other. Spanish is the reference; scripts/check-locales.ts keeps ca and en with the same keys
 * and placeholders. Imported, so they are read once, when the server starts.
 */
const es = {
  'account-mail': esAccountMail,
  'appointment-mail': esAppointmentMail,
  calendar: esCalendar,
  'data-export-pdf': esDataExportPdf,
  'history-pdf': esHistoryPdf,
  'waitlist-mail': esWaitlistMail,
};

const ca = {
  'account-mail': caAccountMail,
  'appointment-mail': caAppointmentMail,
  calendar: caCalendar,
  'data-export-pdf': caDataExportPdf,
  'history-pdf': caHistoryPdf,
  'waitlist-mail': caWaitlistMail,
};

const en = {
  'account-mail': enAccountMail,
  'appointment-mail': enAppointmentMail,
  calendar: enCalendar,
  'data-export-pdf': enDataExportPdf,
  'history-pdf': enHistoryPdf,
  'waitlist-mail': enWaitlistMail,
};

export type ServerLocale = typeof es;

export const serverLocales: Record<Language, Record<keyof ServerLocale, Readonly<Record<string, string>>>> = {
  es,
  ca,
  en,
};

import { createInstance, type i18n as I18n } from 'i18next';
import ca from './locales/ca/audit-sentences.json' with { type: 'json' };
import en from './locales/en/audit-sentences.json' with { type: 'json' };
import es from './locales/es/audit-sentences.json' with { type: 'json' };
import type { Language } from './messages/languages.ts';

/**
 * Audit entries as sentences in the reader's language: 'La Dra. Laura García consultó tu historia
 * clínica el 24/11/2026 a las 10:15.', never 'historia.leer'. One function for every place that
 * shows the log (the admin's audit screen, 'Quién ha consultado mi historia' and the data-export
 * PDF), over one set of texts: contracts/locales/<language>/audit-sentences.json, read by the web's
 * and the server's i18next. Each action has a whole sentence per point of view, chosen by i18next
 * context: did_<action> (the admin reads about {{patient}}), _yours (the patient reads), _theirs
 * (the admin reads about a patient's action on their own data) and _self (the patient reader did
 * it: 'Descargaste tus datos').
 * scripts/check-locales.ts refuses an action without its four sentences.
 */

export const AUDIT_SENTENCES_NAMESPACE = 'audit-sentences';
export const auditSentenceTexts: Record<Language, Record<string, string>> = { es, ca, en };

export interface AuditSentenceEntry {
  accion: string;
  /** ISO instant. */
  creado_en: string;
  /** The full name of who did it; null when the account no longer exists. */
  quien: string | null;
  rol: string | null;
  sexo?: 'M' | 'F' | null | undefined;
  /** Whose data it was, on the admin's screen (the patient's own screens leave it out). */
  paciente?: string | null | undefined;
  /** The reader did it themselves: 'Descargaste tus datos (PDF)…'. */
  propio?: boolean | undefined;
}

export interface AuditSentenceOptions {
  language: Language;
  timeZone: string;
  /** 'patient': a patient reading about their own data ('tu historia'); 'admin': anyone's ('la historia de Ana López'). */
  reader: 'patient' | 'admin';
  /** The same thing done several times that day, up to this ISO instant. */
  repeated?: { count: number; until: string } | undefined;
  /** The i18next instance to translate with (the server's, the web's); without one, a private one. */
  i18n?: I18n | undefined;
}

type Translate = (key: string, values: Record<string, string | number | undefined>) => string;

let ownInstance: I18n | undefined;
const withTexts = new WeakSet<I18n>();

function privateInstance(): I18n {
  if (ownInstance) return ownInstance;
  ownInstance = createInstance();
  void ownInstance.init({ initAsync: false, interpolation: { escapeValue: false } });
  return ownInstance;
}

/**
 * The instance's translator for the language, the sentences added to it the first time. The
 * instance must not escape values (the web and the PDFs escape on output). A value is filled in
 * once (i18next's skipOnVariables): a name that looks like {{a placeholder}} or $t(a nesting) stays
 * as typed.
 */
function translatorOf(instance: I18n | undefined, language: Language): Translate {
  const i18n = instance ?? privateInstance();
  if (!withTexts.has(i18n)) {
    for (const [lng, texts] of Object.entries(auditSentenceTexts)) {
      if (!i18n.hasResourceBundle(lng, AUDIT_SENTENCES_NAMESPACE))
        i18n.addResourceBundle(lng, AUDIT_SENTENCES_NAMESPACE, texts);
    }
    withTexts.add(i18n);
  }
  return i18n.getFixedT(language, AUDIT_SENTENCES_NAMESPACE);
}

// One formatter per time zone: a sentence per audit row each building its own cost 150 µs and ICU
// memory outside the JavaScript heap.
const clinicFormatters = new Map<string, Intl.DateTimeFormat>();

/** DD/MM/YYYY and HH:MM at the clinic. */
function clinicDateTime(iso: string, timeZone: string): { date: string; time: string } {
  let formatter = clinicFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clinicFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** Who did it, as the sentence's subject. */
function subjectOf(entry: AuditSentenceEntry, t: Translate): string {
  if (!entry.quien || entry.quien === '-') return t('who_someone', {});
  const name = entry.quien;
  if (entry.rol === 'doctor')
    return t('who_doctor', { name, context: entry.sexo === 'F' ? 'female' : entry.sexo === 'M' ? 'male' : undefined });
  if (entry.rol === 'admin') return t('who_admin', { name });
  if (entry.rol === 'recepcion') return t('who_recepcion', { name });
  return name;
}

/** From whose side the sentence is told: the i18next context of the action's sentence. */
function pointOfView(entry: AuditSentenceEntry, reader: AuditSentenceOptions['reader']) {
  if (entry.propio) return 'self';
  if (reader === 'patient') return 'yours';
  // On the admin's screen, a patient's action on their own data reads 'Ana López descargó sus datos'.
  const ownData = entry.rol === 'paciente' && !!entry.paciente && entry.paciente === entry.quien;
  return ownData ? 'theirs' : undefined;
}

/** One audit entry as one sentence in the reader's language. */
export function auditSentence(entry: AuditSentenceEntry, options: AuditSentenceOptions): string {
  const t = translatorOf(options.i18n, options.language);
  const key = `did_${entry.accion.replace(/\./g, '_')}`;
  const known = Object.hasOwn(auditSentenceTexts[options.language], key);
  const what = t(known ? key : 'did_unknown', {
    context: pointOfView(entry, options.reader),
    who: subjectOf(entry, t),
    patient: entry.paciente ?? t('a_patient', {}),
    code: entry.accion,
  });
  const { date, time } = clinicDateTime(entry.creado_en, options.timeZone);
  const repeated = options.repeated && options.repeated.count > 1 ? options.repeated : undefined;
  if (!repeated) return t('at', { what, date, time });
  const until = clinicDateTime(repeated.until, options.timeZone).time;
  return t('at_repeated', { what, date, time, count: repeated.count, until });
}

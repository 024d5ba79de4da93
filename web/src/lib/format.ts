import i18n from 'i18next';
import { TIPO_LABELS } from '../../../contracts/consultation-types.ts';
import { isLanguage, type Language } from '../../../contracts/messages/languages.ts';
import { localeOf } from './calendar.ts';
import { clinicTimeZone } from './clinic-clock.ts';
import { dateTimeFormat, numberFormat } from './intl-cache.ts';

/**
 * A clinic date (YYYY-MM-DD) for people: 2 mar 2026 (es). Not shifted by the browser's zone. Its
 * spaces do not break: in a phone's narrow column it moves to a line of its own, not '2 mar' / '2026'.
 */
export function formatDate(iso: string | null | undefined, language?: string): string {
  if (!iso) return '-';
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return iso;
  return dateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' })
    .format(new Date(Date.UTC(year, month - 1, day)))
    .replace(/ /g, '\u00a0');
}

/** An instant (ISO timestamp) in the clinic's zone, with date and time (an upload, an audit entry). */
export function formatInstant(iso: string | null | undefined, language?: string): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: clinicTimeZone() }).format(date);
}

/** A count for people, grouped even with four digits: 1.000 (es, ca), 1,000 (en). */
export function formatCount(count: number, language?: string): string {
  return numberFormat(localeOf(language), { useGrouping: 'always' }).format(count);
}

/** A size in bytes as KB or MB, one decimal. */
export function formatBytes(bytes: number, language?: string): string {
  const number = numberFormat(localeOf(language), { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${number.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} KB`;
  return `${number.format(bytes / (1024 * 1024))} MB`;
}

/** Years completed on `today` by someone born on `birth` (both YYYY-MM-DD). */
export function ageOn(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) >= birth.slice(5) ? years : years - 1;
}

/** A consultation type (stored in Spanish) in the interface's language. */
export function consultationTypeLabel(tipo: string, language?: string): string {
  const lang = isLanguage(language ?? i18n.language) ? ((language ?? i18n.language) as Language) : 'es';
  return (TIPO_LABELS[lang] as Record<string, string>)[tipo] ?? tipo;
}

/**
 * Words of the clinical file stored in Spanish (a disease's type, a vaccine's dose, a habit's
 * frequency…) as the interface's language says them; free text the dictionary does not know is
 * shown as typed.
 */
const STORED_WORDS: Record<string, { ca: string; en: string }> = {
  Crónica: { ca: 'Crònica', en: 'Chronic' },
  Aguda: { ca: 'Aguda', en: 'Acute' },
  Hereditaria: { ca: 'Hereditària', en: 'Hereditary' },
  Infecciosa: { ca: 'Infecciosa', en: 'Infectious' },
  Congénita: { ca: 'Congènita', en: 'Congenital' },
  Única: { ca: 'Única', en: 'Single dose' },
  Recuerdo: { ca: 'Record', en: 'Booster' },
  Refuerzo: { ca: 'Reforç', en: 'Booster' },
  'Primera dosis': { ca: 'Primera dosi', en: 'First dose' },
  'Segunda dosis': { ca: 'Segona dosi', en: 'Second dose' },
  'Tercera dosis': { ca: 'Tercera dosi', en: 'Third dose' },
  Diaria: { ca: 'Diària', en: 'Daily' },
  Semanal: { ca: 'Setmanal', en: 'Weekly' },
  Mensual: { ca: 'Mensual', en: 'Monthly' },
  Ocasional: { ca: 'Ocasional', en: 'Occasional' },
  Física: { ca: 'Física', en: 'Physical' },
  Visual: { ca: 'Visual', en: 'Visual' },
  Auditiva: { ca: 'Auditiva', en: 'Hearing' },
  Intelectual: { ca: 'Intel·lectual', en: 'Intellectual' },
  Consulta: { ca: 'Consulta', en: 'Consultation' },
  Revisión: { ca: 'Revisió', en: 'Check-up' },
  Urgencia: { ca: 'Urgència', en: 'Emergency' },
};

export function storedWordLabel(value: string, language: string = i18n.language): string {
  if (language !== 'ca' && language !== 'en') return value;
  return STORED_WORDS[value.trim()]?.[language] ?? value;
}

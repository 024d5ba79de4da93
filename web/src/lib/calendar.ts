import i18n from 'i18next';
import { clinicParts } from './clinic-clock.ts';
import { dateTimeFormat } from './intl-cache.ts';

/**
 * Calendar helpers for screens: ISO dates (YYYY-MM-DD) computed on the calendar, never through
 * time zones, and labels in the interface language. Weeks start on Monday.
 */

const LOCALES: Record<string, string> = { es: 'es-ES', ca: 'ca-ES', en: 'en-GB' };
export const localeOf = (language: string = i18n.language) => LOCALES[language] ?? 'es-ES';

const pad = (n: number) => String(n).padStart(2, '0');

export const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Today in the clinic's calendar (its time zone, not the browser's). */
export function todayIso(now = new Date()): string {
  return clinicParts(now).date;
}

/**
 * Whether a visit at `fecha` `hora` has begun in the clinic by the browser's clock (a hint for what
 * to offer; the server decides with the clinic's clock).
 */
export function hasBegun(fecha: string, hora: string, now = new Date()): boolean {
  const { date: today, time } = clinicParts(now);
  return fecha < today || (fecha === today && hora.slice(0, 5) <= time);
}

export function partsOf(iso: string): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return { year, month, day };
}

const utc = (iso: string) => {
  const { year, month, day } = partsOf(iso);
  return new Date(Date.UTC(year, month - 1, day));
};

export function addDaysIso(iso: string, days: number): string {
  const date = utc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The same day `months` months later, kept inside the target month (31 Jan + 1 -> 28/29 Feb). */
export function addMonthsIso(iso: string, months: number): string {
  const { year, month, day } = partsOf(iso);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return isoOf(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** 0 for Monday ... 6 for Sunday. */
export const weekdayIndex = (iso: string) => (utc(iso).getUTCDay() + 6) % 7;

/** The Monday of the week of `iso`. */
export const mondayOf = (iso: string) => addDaysIso(iso, -weekdayIndex(iso));

/** A month as weeks of seven cells, Monday first; cells outside the month are null. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const first = isoOf(year, month, 1);
  const cells: (string | null)[] = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(isoOf(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** A date formatted in the interface language (UTC, so the calendar day never shifts). */
export function formatIso(iso: string, options: Intl.DateTimeFormatOptions, language?: string): string {
  return dateTimeFormat(localeOf(language), { ...options, timeZone: 'UTC' }).format(utc(iso));
}

/**
 * A date written as a heading starts with a capital, and only its first word does: 'Lunes 30 de
 * noviembre', not CSS's 'Lunes 30 De Noviembre'.
 */
export function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Full weekday names, Monday first, in the interface language. */
export function weekdayNames(language?: string): string[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => formatIso(addDaysIso('2024-01-01', i), { weekday: 'long' }, language));
}

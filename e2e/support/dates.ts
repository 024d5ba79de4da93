import type { Locator, Page } from '@playwright/test';

/** '2026-11-24' as the date fields show and accept it in es and ca: '24/11/2026'. */
export const shownDate = (iso: string): string => iso.split('-').reverse().join('/');

/** Types a date (YYYY-MM-DD) into a date field as a user would (DD/MM/AAAA) and leaves the field. */
export async function fillDate(scope: Page | Locator, label: string | RegExp, iso: string): Promise<void> {
  const input = scope.getByLabel(label);
  await input.fill(shownDate(iso));
  await input.press('Tab');
}

/** Types HH:MM into a 24-hour time field (its hours and minutes parts). */
export async function fillTime(scope: Page | Locator, label: string, time: string): Promise<void> {
  const [hours = '', minutes = ''] = time.split(':');
  await scope.getByRole('spinbutton', { name: `${label}, horas` }).fill(hours);
  await scope.getByRole('spinbutton', { name: `${label}, minutos` }).fill(minutes);
}

/** How the calendars name a day in Spanish: '24 noviembre 2026'. */
export function dayName(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const monthName = new Intl.DateTimeFormat('es', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
  return `${day} ${monthName} ${year}`;
}

/** Picks a date range on a range field's calendar, going back month by month to the first day. */
export async function pickDateRange(page: Page, label: string, from: string, to: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const first = page.getByRole('button', { name: dayName(from), exact: true });
  for (let step = 0; step < 60 && !(await first.isVisible()); step += 1) {
    await page.getByRole('button', { name: 'Mes anterior' }).click();
  }
  await first.click();
  const last = page.getByRole('button', { name: dayName(to), exact: true });
  for (let step = 0; step < 60 && !(await last.isVisible()); step += 1) {
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
  }
  await last.click();
}

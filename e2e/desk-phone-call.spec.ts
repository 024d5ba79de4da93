import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessibleInBothThemes, loginAs, test } from './fixtures.ts';
import { bearer } from './support/agenda.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';

// The phone call "¿Tiene algo para el médico de familia?" walked at the desk from the search box to
// the booked visit on the patient's card. The registration of a caller who is not yet a patient,
// with the invitation link followed, is e2e/desk-patients.spec.ts's second journey.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });
const LOADED = { timeout: 30_000 };

/** The card's date of a visit, as the card writes it (medium date style, in Spanish). */
const cardDate = (fecha: string) =>
  new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${fecha}T00:00:00Z`)).replace(/ /g, '\u00a0');

/**
 * Submits, and when the demo patient would pass a cap (another journey may already have booked her
 * with that doctor that day), gives the desk's reason and goes past it.
 */
async function throughCaps(dialog: Locator, done: Locator) {
  const cap = dialog.getByRole('region', { name: 'El paciente supera un límite de citas' });
  await expect(done.or(cap).first()).toBeVisible(LOADED);
  if (await cap.isVisible()) {
    await cap.getByLabel('Motivo para citar por encima del límite').fill('Acordado por teléfono con la paciente');
    await cap.getByRole('button', { name: 'Citar igualmente' }).click();
    await expect(done).toBeVisible(LOADED);
  }
}

async function visitsOf(page: Page, id_paciente: string) {
  const headers = await bearer(page.request, DEMO.reception);
  const response = await page.request.get(`/api/recepcion/pacientes/${id_paciente}/citas`, { headers });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { citas: { id_cita: number; fecha: string; hora: string; doctor: string }[] }).citas;
}

/** The demo's family doctor's specialty: her weekly hours give it free times every week. */
async function specialtyOfGarcia(page: Page) {
  const headers = await bearer(page.request, DEMO.reception);
  const doctors = (await (await page.request.get('/api/recepcion/doctores', { headers })).json()) as { nombre: string; especialidad: string }[];
  const garcia = doctors.find((doctor) => doctor.nombre.startsWith('Laura García'));
  expect(garcia).toBeDefined();
  return garcia!.especialidad;
}

for (const size of [LAPTOP, PHONE]) {
  test(`a phone call at the desk: found by phone, booked in the specialty's first free time, seen on the card (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await loginAs(page, DEMO.reception, '/recepcion/pacientes');

    // The caller gives her phone number: the search finds her as it is typed.
    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill('612 345 678');
    const results = page.getByRole('list', { name: 'Resultados de la búsqueda' });
    const ana = results.getByRole('button', { name: /Ana López/ });
    await expect(ana).toHaveCount(1, LOADED);
    await expectLaidOut(page, `desk search at ${size.width} px`);
    await expectAccessibleInBothThemes(page, `desk search, ${size.width} px`);
    await ana.click();

    // Her card, and "Dar cita" from it.
    await expect(page.getByRole('heading', { level: 2, name: /^Ana López/ })).toBeVisible(LOADED);
    const id_paciente = new URL(page.url()).searchParams.get('paciente')!;
    const before = await visitsOf(page, id_paciente);
    await page.getByRole('main').getByRole('link', { name: 'Dar cita' }).click();
    await expect(page).toHaveURL(new RegExp(`/recepcion/citar\\?paciente=${id_paciente}$`));
    await expect(page.getByRole('region', { name: 'Paciente', exact: true }).getByRole('heading', { name: /^Ana López/ })).toBeVisible(LOADED);

    // A specialty, then its first free time across its doctors and days, whatever the hour.
    await page.getByRole('combobox', { name: 'Especialidad' }).click();
    await page.getByRole('option', { name: await specialtyOfGarcia(page) }).click();
    const first = page.getByRole('region', { name: 'Primeros huecos libres' }).getByRole('button', { name: /^Citar el / }).first();
    await expect(first).toBeVisible(LOADED);
    await expectLaidOut(page, `free times at ${size.width} px`);
    await expectAccessibleInBothThemes(page, `/recepcion/citar with free times, ${size.width} px`);
    const label = (await first.getAttribute('aria-label')) ?? '';
    const [, time, doctor] = /a las (\d\d:\d\d) con (.+)$/.exec(label) ?? [];
    expect(time, label).toBeDefined();
    await first.click();
    const dialog = page.getByRole('dialog', { name: 'Dar cita' });
    await dialog.getByLabel('Motivo de la cita').fill('Dolor de garganta');
    await dialog.getByRole('button', { name: 'Dar cita', exact: true }).click();
    await throughCaps(dialog, page.getByRole('status').filter({ hasText: 'Cita confirmada' }).filter({ hasText: time! }));
    await expect(dialog).toBeHidden();

    // The new visit, confirmed, is on her card.
    const after = await visitsOf(page, id_paciente);
    const known = new Set(before.map((visit) => visit.id_cita));
    const added = after.filter((visit) => !known.has(visit.id_cita));
    expect(added).toHaveLength(1);
    expect(added[0]!.hora).toBe(time);
    await page.goto(`/recepcion/pacientes?paciente=${id_paciente}`);
    // One confirmed visit at that time (a visit another journey cancelled there stays listed, cancelled).
    const card = page.getByRole('listitem').filter({ hasText: `${cardDate(added[0]!.fecha)}, ${time}` }).filter({ hasText: doctor! });
    await expect(card.filter({ hasText: 'Confirmada' })).toHaveCount(1, LOADED);
    await expectLaidOut(page, `patient card at ${size.width} px`);
    await expectAccessibleInBothThemes(page, `desk patient card with the new visit, ${size.width} px`);
  });
}

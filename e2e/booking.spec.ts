import type { Page } from '@playwright/test';
import { apiLogin, DEMO, expect, expectAccessibleInBothThemes, loginAs, registerPatient, test } from './fixtures.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';
import { AFTERNOON, availability, bookThroughApi, doctorAccepts, expectFreeCellsOf, freeSlotName, showWeekOf, weekdayAhead } from './support/booking.ts';

const PUIG = 'Pere Puig Soler';

// Generous on a shared machine: each test registers and logs in (a slow password hash) and loads two screens.
test.describe.configure({ timeout: 180_000 });
/** The first look at a freshly loaded screen (its code and texts load on demand). */
const LOADED = { timeout: 30_000 };

/** Chooses dr.puig on /pedir-cita and moves the grid to the week of `fecha`. */
async function showPuigWeekOf(page: Page, fecha: string) {
  await page.getByLabel('Especialidad').selectOption({ label: 'Cardiología' });
  await page.getByLabel('Doctor', { exact: true }).selectOption({ label: PUIG });
  // A table of the week on a laptop; on a phone, a tab per day and that day's times.
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  await expect(page.getByRole(phone ? 'region' : 'table', { name: /^Agenda de Pere Puig Soler/ })).toBeVisible(LOADED);
  // The grid opens on a week with times left to book (this one, or the next on a Sunday); on a phone,
  // on its first day with free times.
  if (phone) await expect(page.getByRole('tabpanel').getByRole('button', { name: /^Libre, / }).first()).toBeVisible();
  // 'Hoy' shows this week, Monday first, and nothing earlier.
  await page.getByRole('button', { name: 'Hoy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Semana anterior' })).toBeDisabled();
  await showWeekOf(page, fecha);
  if (phone) {
    const day = freeSlotName(fecha, '').replace(/^Libre, |, $/g, '');
    await page.getByRole('tab', { name: day }).click();
    // The day's title as it reads on screen (innerText applies CSS): a capital on its first word only.
    const title = page.getByRole('tabpanel').getByText(day, { exact: false }).first();
    expect(await title.evaluate((element: HTMLElement) => element.innerText)).toBe(day.charAt(0).toUpperCase() + day.slice(1));
  }
  await expectLaidOut(page, 'the booking calendar');
  await expectFreeCellsOf(page, fecha);
}

/** The latest free afternoon cell of `fecha` in the grid. */
async function freeAfternoonCell(page: Page, fecha: string) {
  for (const time of AFTERNOON) {
    const cell = page.getByRole('button', { name: freeSlotName(fecha, time), exact: true });
    if ((await cell.count()) === 1) return { cell, time };
  }
  throw new Error(`no free afternoon slot of dr.puig on ${fecha}`);
}

// Book and cancel on a laptop and on a phone (the main journeys at both widths).
for (const viewport of [LAPTOP, PHONE]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test(`a patient books a free slot with a reminder, the doctor accepts it and the patient sees it Confirmada (${viewport.width}px)`, async ({ page, request }, testInfo) => {
      const patient = await registerPatient(request, 'Lucía');
      const fecha = weekdayAhead(5);
      const dialogDownloads: string[] = [];
      page.on('request', (sent) => {
        if (/\/assets\/confirm-booking-modal[\w-]*\.js$/.test(sent.url())) dialogDownloads.push(sent.url());
      });
      await loginAs(page, patient, '/pedir-cita');
      await expect(page.getByRole('heading', { level: 1, name: 'Pedir cita' })).toBeVisible(LOADED);
      // The dialog's code waits for a doctor to be chosen: a phone loading the screen does not run it.
      await page.waitForLoadState('networkidle');
      expect(dialogDownloads).toEqual([]);
      await showPuigWeekOf(page, fecha);
      expect(dialogDownloads).toHaveLength(1);
      const { cell, time } = await freeAfternoonCell(page, fecha);
      await cell.click();

      const dialog = page.getByRole('dialog', { name: 'Confirmar cita' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(PUIG)).toBeVisible();
      await expect(dialog.getByText('Cardiología')).toBeVisible();
      await expect(dialog.getByText('Lucía')).toBeVisible();
      await expect(dialog.getByText(new RegExp(`${time}–`))).toBeVisible();

      await expectLaidOut(page, 'the booking dialog');
      await dialog.getByRole('button', { name: 'Pedir cita' }).click();
      await expect(dialog.getByText('El motivo de la cita es obligatorio.')).toBeVisible();
      await dialog.getByLabel(/^Motivo de la consulta/).fill('Palpitaciones al subir escaleras');
      await dialog.getByRole('button', { name: 'Pedir cita' }).click();
      await expect(page.getByText('Cita registrada con éxito')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: freeSlotName(fecha, time), exact: true })).toHaveCount(0);

      const token = await apiLogin(request, patient);
      const mine = (await (await request.get('/api/citas/mias', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        id_cita: number;
        fecha: string;
        hora: string;
        estado: string;
      }[];
      expect(mine).toEqual([expect.objectContaining({ fecha, hora: time, estado: 'pendiente' })]);

      // On a phone the menu is behind its button.
      if (viewport === PHONE) await page.getByRole('button', { name: 'Abrir el menú' }).click();
      await page.getByRole('link', { name: 'Mis visitas', exact: true }).click();
      const row = page.getByRole('row').filter({ hasText: 'Palpitaciones al subir escaleras' });
      await expect(row.getByText('Pendiente')).toBeVisible(LOADED);

      await doctorAccepts(request, DEMO.doctor2, mine[0]?.id_cita ?? 0, testInfo);
      await page.reload();
      await expect(row.getByText('Confirmada')).toBeVisible(LOADED);
      await expect(row.getByText(PUIG)).toBeVisible();
      await expectLaidOut(page, '/mis-visitas');
    });

    test(`a patient cancels an upcoming visit from /mis-visitas and the slot is free again (${viewport.width}px)`, async ({ page, request }) => {
      const patient = await registerPatient(request, 'Marc');
      const fecha = weekdayAhead(6);
      const booked = await bookThroughApi(request, patient, PUIG, fecha);
      await loginAs(page, patient, '/mis-visitas');
      const upcoming = page.getByRole('region', { name: 'Próximas citas' });
      const row = upcoming.getByRole('row').filter({ hasText: 'Control de tensión' });
      await expect(row.getByText('Pendiente')).toBeVisible(LOADED);
      await expectLaidOut(page, '/mis-visitas');

      await row.getByRole('button', { name: /^Cancelar la cita del / }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm.getByText(/^¿Estás seguro de que deseas cancelar la cita del .* a las \d\d:\d\d\?$/)).toBeVisible();
      await confirm.getByRole('button', { name: 'Sí, cancelar la cita' }).click();
      await expect(page.getByText('Cita cancelada correctamente')).toBeVisible();
      // It leaves the upcoming visits for the group of cancelled ones, saying the patient cancelled it.
      await expect(row).toHaveCount(0);
      const cancelledRow = page.getByRole('region', { name: 'Canceladas y rechazadas' }).getByRole('row').filter({ hasText: 'Control de tensión' });
      await expect(cancelledRow.getByText('Cancelada por ti')).toBeVisible();
      await expect(cancelledRow.getByRole('button', { name: /^Cancelar la cita/ })).toHaveCount(0);

      const token = await apiLogin(request, patient);
      const slots = await availability(request, token, booked.id_doctor, fecha);
      expect(slots.find((slot) => slot.hora_inicio === booked.hora)?.tipo).toBe('Disponible');
    });
  });
}

test("a slot taken while the patient was confirming shows the server's reason", async ({ page, request }) => {
  const patient = await registerPatient(request, 'Nora');
  const rival = await registerPatient(request, 'Pau');
  const fecha = weekdayAhead(7);
  await loginAs(page, patient, '/pedir-cita');
  await showPuigWeekOf(page, fecha);
  const { cell, time } = await freeAfternoonCell(page, fecha);
  await cell.click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar cita' });
  await dialog.getByLabel(/^Motivo de la consulta/).fill('Revisión anual');

  // Someone else books the same time first.
  const token = await apiLogin(request, rival);
  const doctors = (await (await request.get('/api/citas/doctores', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: number;
    nombre: string;
  }[];
  const taken = await request.post('/api/citas', {
    headers: { authorization: `Bearer ${token}` },
    data: { id_doctor: doctors.find((d) => d.nombre === PUIG)?.id, fecha, hora: time, motivo: 'Antes', recordatorio: false },
  });
  expect(taken.status()).toBe(201);

  await dialog.getByRole('button', { name: 'Pedir cita' }).click();
  await expect(page.getByText('Error al registrar la cita: Esa hora ya está reservada por otro paciente. Elige otra.')).toBeVisible();
  await expect(page.getByRole('button', { name: freeSlotName(fecha, time), exact: true })).toHaveCount(0);
});

test("another doctor's grid never shows the last one's free times while it loads", async ({ page, request }) => {
  const patient = await registerPatient(request, 'Olga');
  await loginAs(page, patient, '/pedir-cita');
  await showPuigWeekOf(page, weekdayAhead(5));
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/citas/agenda-disponible/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Especialidad').selectOption('');
  await page.getByLabel('Doctor', { exact: true }).selectOption({ label: 'Laura García Romero' });
  // Held back: a loading status, and no free time to pick (dr. Puig's were on screen a moment ago).
  await expect(page.getByRole('main').getByRole('status', { name: 'Cargando…' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Libre, / })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /^Agenda de / })).toHaveCount(0);
  release();
  await expect(page.getByRole('table', { name: /^Agenda de Laura García Romero/ })).toBeVisible(LOADED);
});

test(`/pedir-cita (with the modal open) and /mis-visitas have no serious accessibility problems`, async ({ page, request }) => {
  const patient = await registerPatient(request, 'Iris');
  const fecha = weekdayAhead(8);
  await bookThroughApi(request, patient, PUIG, fecha);
  await loginAs(page, patient, '/pedir-cita');
  await showPuigWeekOf(page, fecha);
  await expectAccessibleInBothThemes(page, '/pedir-cita');
  await page.getByRole('button', { name: /^Libre, / }).first().click();
  await expect(page.getByRole('dialog', { name: 'Confirmar cita' })).toBeVisible();
  await expectAccessibleInBothThemes(page, '/pedir-cita modal');
  await page.getByRole('button', { name: 'Cancelar', exact: true }).click();

  await page.goto('/mis-visitas');
  await expect(page.getByRole('region', { name: 'Próximas citas' }).getByText('Control de tensión')).toBeVisible(LOADED);
  await expectAccessibleInBothThemes(page, '/mis-visitas');
});

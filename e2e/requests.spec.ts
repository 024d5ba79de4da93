import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  expect,
  expectAccessible, expectAccessibleInBothThemes,
  loginAs,
  registerPatient,
  test,
  unique,
  useTheme,
  type Credentials,
} from './fixtures.ts';
import { bearer, newDoctor, dayLabel, futureWeekday, goToMonth, openDayByApi } from './support/agenda.ts';
import { AFTERNOON, expectFreeCellsOf, freeSlotName, showWeekOf, weekdayAhead } from './support/booking.ts';

// Each journey registers accounts (a slow password hash) and runs axe several times.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };

/** A new patient's pending request for `doctor` at `fecha` `hora` (the day opened first). */
async function requestFor(
  request: APIRequestContext,
  doctor: Credentials,
  fecha: string,
  hora: string,
  nombre: string,
) {
  await openDayByApi(request, doctor, fecha, [hora], 30);
  const me = (await (
    await request.get('/api/agenda/mi-id-doctor', { headers: await bearer(request, doctor) })
  ).json()) as { id_doctor: number };
  const patient = await registerPatient(request, nombre);
  const token = await apiLogin(request, patient);
  const booked = await request.post('/api/citas', {
    headers: { authorization: `Bearer ${token}` },
    data: { id_doctor: me.id_doctor, fecha, hora, motivo: 'Revisión de analítica', recordatorio: false },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { patient, paciente: `${nombre} Prueba`, fecha, hora };
}

/** The page scrolls sideways at neither width. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label}: sideways scroll`).toBeLessThanOrEqual(0);
}

test('a doctor answers from the inbox requests of days not in view; the rejected patient reads the reason', async ({
  page,
  request,
}) => {
  const doctor = await newDoctor(request, 'Elena', unique('Roca'), 'Vidal');
  const first = await requestFor(request, doctor, futureWeekday(60), '09:00', 'Oriol');
  const second = await requestFor(request, doctor, futureWeekday(64), '10:00', 'Greta');

  await loginAs(page, doctor, '/agenda-doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda médica' })).toBeVisible(LOADED);
  // The count shows in the menu.
  await expect(page.getByRole('link', { name: /^Agenda médica\W+2 solicitudes pendientes$/ })).toBeVisible();
  const inbox = page.getByRole('region', { name: 'Solicitudes pendientes' });
  await expect(inbox.getByText('2 solicitudes pendientes, de cualquier día; la más antigua primero.')).toBeVisible();
  // Beside the agenda on a laptop: no need of the phone's link down to them.
  await expect(page.getByRole('link', { name: 'Ver 2 solicitudes pendientes' })).toBeHidden();
  const items = inbox.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(first.paciente);
  await expect(items.nth(1)).toContainText(second.paciente);
  // Today's own list (the spec's per-day list) has none of them.
  await expect(
    page.getByRole('region', { name: /^Solicitudes del / }).getByText('No hay solicitudes pendientes.'),
  ).toBeVisible();
  await expectAccessible(page, 'agenda with the inbox');

  // The month view says how many requests a day has, with a legend.
  await page.getByText('Mensual', { exact: true }).click();
  await goToMonth(page, first.fecha);
  await expect(page.getByRole('button', { name: `${dayLabel(first.fecha)}, 1 solicitud pendiente` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Leyenda del calendario' })).toContainText(
    'Día con solicitudes pendientes',
  );
  await expectAccessible(page, 'agenda, month view with counts');
  await page.getByText('Diaria', { exact: true }).click();

  // Accept the first from the inbox, without going to its day.
  await items
    .nth(0)
    .getByRole('button', { name: /^Aceptar la solicitud de Oriol Prueba del / })
    .click();
  await expect(page.getByText('Solicitud aceptada')).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(page.getByRole('link', { name: /^Agenda médica\W+1 solicitud pendiente$/ })).toBeVisible();

  // Reject the second: the dialog names the patient, the date and the time, and takes a reason.
  await items
    .nth(0)
    .getByRole('button', { name: /^Rechazar la solicitud de Greta Prueba del / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar solicitud' });
  await expect(dialog).toContainText(`Greta Prueba del ${dayLabel(second.fecha)}`);
  await expect(dialog).toContainText('a las 10:00');
  await dialog.getByLabel('Motivo (opcional)').fill('Estaré en un congreso ese día');
  await expectAccessible(page, 'rejection dialog');
  await dialog.getByRole('button', { name: 'Rechazar solicitud' }).click();
  await expect(page.getByText('Solicitud rechazada')).toBeVisible();
  await expect(inbox.getByText('No tienes solicitudes pendientes.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Agenda médica', exact: true })).toBeVisible();

  // The patient whose request was rejected reads it, and the reason, apart from the upcoming visits.
  await loginAs(page, second.patient, '/mis-visitas');
  const upcoming = page.getByRole('region', { name: 'Próximas citas' });
  await expect(upcoming.getByText('No tienes próximas citas.')).toBeVisible(LOADED);
  const cancelled = page.getByRole('region', { name: 'Canceladas y rechazadas' });
  const row = cancelled.getByRole('row').filter({ hasText: 'Revisión de analítica' });
  await expect(row.getByText('Rechazada por el doctor')).toBeVisible();
  await expect(row.getByText('Motivo del doctor: «Estaré en un congreso ese día»')).toBeVisible();
  await expectAccessible(page, '/mis-visitas with a rejected request');

  // The accepted patient sees it confirmed among the upcoming ones.
  await loginAs(page, first.patient, '/mis-visitas');
  await expect(page.getByRole('region', { name: 'Próximas citas' }).getByText('Confirmada')).toBeVisible(LOADED);
});

const PUIG = 'Pere Puig Soler';

test(`after booking, the summary explains the pending request, adds it to a calendar and the grid says 'Tu solicitud'`, async ({
  page,
  request,
}) => {
  const patient = await registerPatient(request, 'Vera');
  const fecha = weekdayAhead(9);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, patient, '/pedir-cita');
  await page.getByLabel('Especialidad').selectOption({ label: 'Cardiología' });
  await page.getByLabel('Doctor', { exact: true }).selectOption({ label: PUIG });
  await expect(page.getByRole('table', { name: /^Agenda de Pere Puig Soler/ })).toBeVisible(LOADED);
  await showWeekOf(page, fecha);
  await expectFreeCellsOf(page, fecha);
  let time = '';
  for (const candidate of AFTERNOON) {
    const cell = page.getByRole('button', { name: freeSlotName(fecha, candidate), exact: true });
    if ((await cell.count()) === 1) {
      time = candidate;
      await cell.click();
      break;
    }
  }
  expect(time, 'a free afternoon slot').not.toBe('');
  const dialog = page.getByRole('dialog', { name: 'Confirmar cita' });
  await dialog.getByLabel(/^Motivo de la consulta/).fill('Control de tensión');
  await dialog.getByRole('button', { name: 'Pedir cita' }).click();
  await expect(page.getByText('Cita registrada con éxito')).toBeVisible();

  const summary = page.getByRole('region', { name: 'Tu solicitud de cita: pendiente de confirmación' });
  await expect(summary).toBeVisible();
  const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${fecha}T12:00:00Z`),
  );
  await expect(summary).toContainText(longDate);
  await expect(summary).toContainText(`${time}–`);
  await expect(summary).toContainText(PUIG);
  await expect(summary).toContainText('el doctor tiene que aceptarla');
  await expect(summary.getByRole('link', { name: 'Ver mis visitas' })).toHaveAttribute('href', '/mis-visitas');
  // The grid now reads the patient's own request as theirs, not 'Ocupado'.
  const grid = page.getByRole('table', { name: /^Agenda de Pere Puig Soler/ });
  await expect(grid.getByRole('row', { name: new RegExp(`^${time}`) })).toContainText('Tu solicitud');
  await expectAccessibleInBothThemes(page, 'booking summary');
  await expectNoSidewaysScroll(page, 'booking summary 1366');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    summary.getByRole('button', { name: 'Añadir al calendario (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cita-\d+\.ics$/);
  const ics = await (await import('node:fs/promises')).readFile((await download.path()) ?? '', 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('STATUS:TENTATIVE');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(summary).toBeVisible();
  await expectNoSidewaysScroll(page, 'booking summary 390');
  await expectAccessibleInBothThemes(page, 'booking summary 390');

  await summary.getByRole('link', { name: 'Ver mis visitas' }).click();
  await expect(page.getByRole('region', { name: 'Próximas citas' }).getByText('Control de tensión')).toBeVisible(
    LOADED,
  );
  await expectNoSidewaysScroll(page, '/mis-visitas 390');
});

test('the agenda with its inbox fits a phone and a laptop in the dark theme', async ({ page, request }) => {
  await useTheme(page, 'oscuro');
  const doctor = await newDoctor(request, 'Elena', unique('Soler'), 'Vidal');
  await requestFor(request, doctor, futureWeekday(62), '11:00', 'Bruno');
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await loginAs(page, doctor, '/agenda-doctor');
    await expect(page.getByRole('region', { name: 'Solicitudes pendientes' }).getByRole('listitem')).toHaveCount(
      1,
      LOADED,
    );
    await expectNoSidewaysScroll(page, `agenda ${width}`);
    await expectAccessible(page, `agenda dark ${width}`);
    await page.getByText('Anual', { exact: true }).click();
    await expectNoSidewaysScroll(page, `agenda year ${width}`);
    await expectAccessible(page, `agenda dark year ${width}`);
  }
  // On the phone, the count is in the menu drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  await expect(
    page.getByRole('dialog').getByRole('link', { name: /^Agenda médica\W+1 solicitud pendiente$/ }),
  ).toBeVisible();
});

test("on a phone a link above the day's slots leads down to the requests waiting", async ({ page, request }) => {
  const doctor = await newDoctor(request, 'Marta', unique('Soler'), 'Pons');
  await requestFor(request, doctor, futureWeekday(60), '09:00', 'Quim');
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, doctor, '/agenda-doctor');
  const inboxHeading = page.getByRole('heading', { level: 2, name: 'Solicitudes pendientes' });
  await page.getByRole('link', { name: 'Ver 1 solicitud pendiente' }).click();
  // On screen, below the 60 px sticky header, with the request's answers.
  await expect(inboxHeading).toBeInViewport({ ratio: 1 });
  expect((await inboxHeading.boundingBox())!.y).toBeGreaterThanOrEqual(60);
  await expect(page.getByRole('region', { name: 'Solicitudes pendientes' }).getByRole('button', { name: /^Aceptar/ })).toBeInViewport();
  await expectAccessibleInBothThemes(page, 'agenda on a phone, at its requests');
});

import type { Page } from '@playwright/test';
import { expect, expectAccessibleInBothThemes, loginAs, registerPatient, test, unique } from './fixtures.ts';
import { bookThroughApi, expectFreeCellsOf, freeSlotName, showWeekOf, weekdayAhead, AFTERNOON } from './support/booking.ts';
import { openScreen } from './support/public.ts';

// Account abuse as a user sees it: a username cannot be an e-mail; a booking past the caps says why.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };
const PUIG = 'Pere Puig Soler';

test('the sign-up form refuses a username that is an e-mail, with the rule in words', async ({ page }) => {
  await openScreen(page, '/register', 'Crear cuenta de paciente');
  const username = page.getByLabel(/^Usuario/);
  await username.fill('ana.lopez@example.com');
  await username.blur();
  await expect(page.getByText("El nombre de usuario solo puede tener letras, números, '.', '-' y '_'.")).toBeVisible();
  await username.fill(unique('ana.lopez'));
  await username.blur();
  await expect(page.getByText("El nombre de usuario solo puede tener letras, números, '.', '-' y '_'.")).toHaveCount(0);
});

async function showPuigWeekOf(page: Page, fecha: string) {
  await page.getByLabel('Especialidad').selectOption({ label: 'Cardiología' });
  await page.getByLabel('Doctor', { exact: true }).selectOption({ label: PUIG });
  await expect(page.getByRole('table', { name: /^Agenda de Pere Puig Soler/ })).toBeVisible(LOADED);
  await showWeekOf(page, fecha);
  await expectFreeCellsOf(page, fecha);
}

test(`a second visit with one doctor on one day is refused with the reason on screen`, async ({ page, request }) => {
  const patient = await registerPatient(request, 'Olga');
  const fecha = weekdayAhead(9);
  const first = await bookThroughApi(request, patient, PUIG, fecha);
  await loginAs(page, patient, '/pedir-cita');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedir cita' })).toBeVisible(LOADED);
  await showPuigWeekOf(page, fecha);
  const time = AFTERNOON.find((t) => t !== first.hora) as string;
  let cell = page.getByRole('button', { name: freeSlotName(fecha, time), exact: true });
  if ((await cell.count()) === 0) cell = page.getByRole('button', { name: new RegExp(`^${freeSlotName(fecha, '')}`) }).first();
  await cell.click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar cita' });
  await dialog.getByLabel(/^Motivo de la consulta/).fill('Segunda consulta');
  await dialog.getByRole('button', { name: 'Pedir cita' }).click();
  await expect(page.getByText('Error al registrar la cita: Ya tienes una cita con este doctor ese día. Elige otro día.')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/pedir-cita booking cap');
});

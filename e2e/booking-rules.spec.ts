import { REGLAS_POR_DEFECTO } from '../contracts/booking-rules-words.ts';
import { DEMO, apiLogin, expect, expectAccessible, expectAccessibleInBothThemes, loginAs, registerPatient, test } from './fixtures.ts';
import { addDays, clinicToday } from './support/booking.ts';
import { registerDoctorByApi } from './support/admin.ts';
import { bearer, walkInNow } from './support/agenda.ts';
import { newClinicContext } from './support/clock.ts';

/** The admin changes the booking rules and the patient reads them before trying. */

const DEFAULTS = { ...REGLAS_POR_DEFECTO, max_citas_activas: 4, max_citas_doctor_dia: 1 };

test('an admin sets the booking rules and the patient sees them on /pedir-cita and /mis-visitas', async ({ page, request, browser }) => {
  const adminToken = await apiLogin(request, DEMO.admin);
  try {
    await loginAs(page, DEMO.admin, '/clinica');
    const rules = page.getByRole('region', { name: 'Reglas de reserva' });
    await expect(rules.getByRole('textbox', { name: /Fecha más lejana reservable/ })).toHaveValue('90', { timeout: 30_000 });
    // Nothing to save until a rule changes, as with the clinic's details.
    const save = rules.getByRole('button', { name: 'Guardar reglas' });
    await expect(save).toBeDisabled();
    await rules.getByRole('textbox', { name: /Fecha más lejana reservable/ }).fill('30');
    await rules.getByRole('textbox', { name: /Antelación mínima para cancelar/ }).fill('48');
    await save.click();
    await expect(page.getByText('Reglas de reserva guardadas.')).toBeVisible();
    await expect(save).toBeDisabled();
    await expectAccessible(page, 'the clinic screen with the booking rules');

    const patient = await registerPatient(request);
    const context = await newClinicContext(browser);
    const patientPage = await context.newPage();
    await loginAs(patientPage, patient, '/pedir-cita');
    const last = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${addDays(clinicToday(), 30)}T12:00:00Z`),
    );
    await expect(patientPage.getByText(`Puedes reservar con al menos 2 horas de antelación y hasta el ${last}.`, { exact: false })).toBeVisible({
      timeout: 30_000,
    });
    await expect(patientPage.getByText(/con al menos 48 horas de antelación\.$/)).toBeVisible();
    await patientPage.goto('/mis-visitas');
    await expect(patientPage.getByText('Puedes cancelar o cambiar la hora en línea hasta 48 horas antes de la visita; después, llama a la clínica.')).toBeVisible({
      timeout: 30_000,
    });
    await context.close();
  } finally {
    const restored = await request.put('/api/clinica/reglas', { headers: { authorization: `Bearer ${adminToken}` }, data: DEFAULTS });
    expect(restored.status()).toBe(200);
  }
});

test(`a doctor marks a visit whose time has passed 'No presentado' in the record, then moves on to another patient`, async ({ page, request }) => {
  const walkIn = walkInNow();
  const doctor = await registerDoctorByApi(request, 'Nuria');
  const nombre = `Pau${Math.random().toString(36).slice(2, 7)}`;
  const credentials = await registerPatient(request, nombre);
  const login = (await (await request.post('/api/login', { data: credentials })).json()) as { usuario: { id_usuario: number } };
  // A walk-in assigned now: its time has begun.
  const assigned = await request.post('/api/consultas', {
    headers: await bearer(request, doctor),
    data: { pacienteId: login.usuario.id_usuario, ...walkIn, motivo: 'Control de tensión' },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);

  // The outcome is the page's first notice, so its code downloads after the confirmation has
  // closed; held a second here, as a slow phone network would. Once, that left the closed dialog on
  // the page, invisible, taking every click (app/overlay-hosts.tsx).
  let held = 0;
  await page.route('**/assets/notifications-layer-*.js', async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await loginAs(page, doctor, '/crear-consultas');
  const row = page.getByRole('region', { name: 'Consultas asignadas' }).getByRole('row').filter({ hasText: 'Control de tensión' });
  await row.getByRole('link', { name: `Ver historia de ${nombre} Prueba` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `${nombre} Prueba` })).toBeVisible({ timeout: 30_000 });
  const noShow = page.getByRole('button', { name: /^Marcar como no presentado la visita del/ });
  await noShow.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`¿Marcar que ${nombre} Prueba no se presentó`);
  // Going back while it is open cancels it (confirmed over another page, it would act on this one).
  await page.goBack();
  await expect(page).toHaveURL(/\/crear-consultas$/);
  await expect(dialog).toBeHidden();
  await page.goForward();
  await noShow.click();
  await expect(dialog).toContainText(`¿Marcar que ${nombre} Prueba no se presentó`);
  await expectAccessibleInBothThemes(page, 'the no-show confirmation');
  await dialog.getByRole('button', { name: 'No presentado' }).click();
  await expect(page.getByText('Visita marcada como no presentada.')).toBeVisible();
  expect(held, 'the notices\' code was held').toBe(1);
  const header = page.getByRole('region', { name: `${nombre} Prueba` });
  await expect(header.getByText('1 cita sin presentarse en 12 meses')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Marcar como no presentado/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Completar consulta del/ })).toHaveCount(0);
  await expectAccessibleInBothThemes(page, 'the record after a no-show');
  await page.getByRole('link', { name: 'Cambiar de paciente' }).click();
  await expect(page).toHaveURL(/\/medical-record$/);
});

import { DEMO, apiLogin, expect, expectAccessible, loginAs, registerPatient, test } from './fixtures.ts';
import { addDays, clinicToday } from './support/booking.ts';

/** Issue 14: the admin changes the booking rules and the patient reads them before trying. */

const DEFAULTS = {
  antelacion_reserva_min: 120,
  horizonte_dias: 90,
  antelacion_cancelacion_min: 1440,
  max_citas_activas: 4,
  max_citas_doctor_dia: 1,
  limite_no_presentados: 3,
};

test('an admin sets the booking rules and the patient sees them on /pedir-cita and /mis-visitas', async ({ page, request, browser }) => {
  const adminToken = await apiLogin(request, DEMO.admin);
  try {
    await loginAs(page, DEMO.admin, '/clinica');
    const rules = page.getByRole('region', { name: 'Reglas de reserva' });
    await expect(rules.getByRole('textbox', { name: /Fecha más lejana reservable/ })).toHaveValue('90', { timeout: 30_000 });
    await rules.getByRole('textbox', { name: /Fecha más lejana reservable/ }).fill('30');
    await rules.getByRole('textbox', { name: /Antelación mínima para cancelar/ }).fill('48');
    await rules.getByRole('button', { name: 'Guardar reglas' }).click();
    await expect(page.getByText('Reglas de reserva guardadas.')).toBeVisible();
    await expectAccessible(page, 'the clinic screen with the booking rules');

    const patient = await registerPatient(request);
    const context = await browser.newContext();
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

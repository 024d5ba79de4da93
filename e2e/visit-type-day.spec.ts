import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectAccessibleInBothThemes, loginAs, registerPatient, test, unique } from './fixtures.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';
import { bearer, dayLabel, futureWeekday, goToMonth, newDoctor, openDayByApi } from './support/agenda.ts';

// The doctor's day shows a longer visit as one row over its whole length with its type; and every
// screen says its times are the clinic's when the browser's clock shows other times.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };
const NOTE = /Las horas que ves son las de la clínica \(Madrid\), no las de tu dispositivo\./;

/** A 45-minute type, a new doctor with a 15-minute morning on `fecha`, and a patient's request of that type at 10:00. */
async function longerRequest(request: APIRequestContext, fecha: string) {
  const admin = await bearer(request, DEMO.admin);
  const name = unique('Analítica ');
  const created = await request.post('/api/tipos-visita', {
    headers: admin,
    data: { nombre_es: name, nombre_ca: name, nombre_en: name, duracion_min: 45, color: '#ae3ec9', reserva: 'todos' },
  });
  expect(created.status()).toBe(201);
  const type = (await created.json()) as { id_tipo: number };
  const doctor = await newDoctor(request, 'Irene', 'Camps', 'Roig');
  await openDayByApi(request, doctor, fecha, ['09:45', '10:00', '10:15', '10:30', '10:45'], 15);
  const me = (await (await request.get('/api/agenda/mi-id-doctor', { headers: await bearer(request, doctor) })).json()) as { id_doctor: number };
  const patient = await registerPatient(request, `Nerea${Math.random().toString(36).slice(2, 7)}`);
  const booked = await request.post('/api/citas', {
    headers: await bearer(request, patient),
    data: { id_doctor: me.id_doctor, fecha, hora: '10:00', motivo: 'Control', id_tipo_visita: type.id_tipo },
  });
  expect(booked.status()).toBe(201);
  return { doctor, name };
}

for (const viewport of [LAPTOP, PHONE]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test(`the doctor's day shows a longer visit as one row over its length, named by its type (${viewport.width}px)`, async ({ page, request }) => {
      const fecha = futureWeekday(viewport === PHONE ? 34 : 33);
      const { doctor, name } = await longerRequest(request, fecha);
      await loginAs(page, doctor, '/agenda-doctor');
      await page.getByText('Mensual', { exact: true }).click();
      await goToMonth(page, fecha);
      await page.getByRole('button', { name: new RegExp(`^${dayLabel(fecha)}, \\d+ solicitud`) }).click();
      await page.getByText('Diaria', { exact: true }).click();
      const table = page.getByRole('table', { name: /^Bloques del/ });
      await expect(table).toBeVisible(LOADED);
      // 10:00-10:45 is one row: its later slots (10:15, 10:30) are not rows of their own.
      const visit = table.getByRole('row', { name: /^10:00 – 10:45/ });
      await expect(visit).toContainText(name);
      await expect(table.getByRole('row', { name: /^10:15 –/ })).toHaveCount(0);
      await expect(table.getByRole('row', { name: /^10:30 –/ })).toHaveCount(0);
      await expect(table.getByRole('row', { name: /^10:45 – 11:00/ })).toContainText('Disponible');
      await expectLaidOut(page, "the doctor's day with a longer visit");
      await expectAccessibleInBothThemes(page, "the doctor's day with a longer visit");
    });

    test.describe('in a browser set to New York', () => {
      test.use({ timezoneId: 'America/New_York' });

      test(`every screen says its times are the clinic's (${viewport.width}px)`, async ({ page }) => {
        await loginAs(page, DEMO.patient, '/mis-visitas');
        const note = page.getByRole('note').filter({ hasText: NOTE });
        await expect(note).toBeVisible(LOADED);
        await expectLaidOut(page, '/mis-visitas with the clinic-time note');
        await expectAccessibleInBothThemes(page, '/mis-visitas with the clinic-time note');
        await page.goto('/pedir-cita');
        await expect(page.getByRole('note').filter({ hasText: NOTE })).toBeVisible(LOADED);
      });
    });

    test(`a browser on the clinic's clock shows no such note (${viewport.width}px)`, async ({ page }) => {
      await loginAs(page, DEMO.patient, '/mis-visitas');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
      await expect(page.getByText(NOTE)).toHaveCount(0);
    });
  });
}

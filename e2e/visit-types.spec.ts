import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessibleInBothThemes, loginAs, registerPatient, test, unique } from './fixtures.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';

// Visit types: the administrator adds one on 'Clínica', a patient books it choosing the type before
// the time, and the desk books by type; a 45-minute type takes more than one slot of any demo grid.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };

interface Tipo {
  id_tipo: number;
  nombre_es: string;
}

/** A type made through the API by the demo administrator (log-in with the second factor through the page). */
async function typeThroughApi(page: Page, fields: { reserva: 'todos' | 'personal' }) {
  await loginAs(page, DEMO.admin, '/clinica');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const name = unique('Tipo ');
  const created = await page.request.post('/api/tipos-visita', {
    headers: { authorization: `Bearer ${token}` },
    data: { nombre_es: name, nombre_ca: name, nombre_en: name, duracion_min: 45, color: '#ae3ec9', reserva: fields.reserva, instrucciones: 'Venga en ayunas' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Tipo;
}

for (const viewport of [LAPTOP, PHONE]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test(`an administrator adds a visit type on the clinic's screen (${viewport.width}px)`, async ({ page }) => {
      await loginAs(page, DEMO.admin, '/clinica');
      const section = page.getByRole('region', { name: 'Tipos de visita' });
      await expect(section).toBeVisible(LOADED);
      await expect(section.getByRole('list', { name: 'Tipos de visita de la clínica' }).getByText('Revisión', { exact: true })).toBeVisible();
      await section.getByRole('button', { name: 'Añadir tipo de visita' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo tipo de visita' });
      await expect(dialog).toBeVisible();
      const name = unique('Analítica ');
      await dialog.getByRole('textbox', { name: 'Nombre en castellano' }).fill(name);
      await dialog.getByRole('textbox', { name: 'Nombre en catalán' }).fill(`${name} ca`);
      await dialog.getByRole('textbox', { name: 'Nombre en inglés' }).fill(`${name} en`);
      await dialog.getByRole('textbox', { name: 'Duración (minutos)' }).fill('45');
      await dialog.getByRole('textbox', { name: 'Margen después (minutos)' }).fill('5');
      await dialog.getByRole('textbox', { name: 'Instrucciones para el paciente' }).fill('Venga en ayunas');
      await expectLaidOut(page, 'the new visit type dialog');
      await expectAccessibleInBothThemes(page, 'the new visit type dialog');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Tipo de visita guardado.')).toBeVisible();
      await expect(dialog).toBeHidden();
      const row = section.getByRole('listitem').filter({ hasText: name });
      await expect(row).toContainText('45 minutos + 5 minutos de margen');
      await expect(row).toContainText('Cualquier paciente');
      await expectLaidOut(page, 'the clinic screen with its visit types');
      await expectAccessibleInBothThemes(page, 'the clinic screen with its visit types');
    });

    test(`a patient picks a visit type first and books a time where all of it fits (${viewport.width}px)`, async ({ page, request }) => {
      const tipo = await typeThroughApi(page, { reserva: 'todos' });
      const patient = await registerPatient(request, 'Marta');
      await loginAs(page, patient, '/pedir-cita');
      await page.getByLabel('Especialidad').selectOption({ label: 'Cardiología' });
      await page.getByLabel('Doctor', { exact: true }).selectOption({ label: 'Pere Puig Soler' });
      const typeSelect = page.getByRole('combobox', { name: 'Tipo de visita' });
      await expect(typeSelect).toBeVisible(LOADED);
      await typeSelect.selectOption({ label: `${tipo.nombre_es} · 45 minutos` });
      const free = page.getByRole('button', { name: /^Libre, / }).first();
      await expect(free).toBeVisible(LOADED);
      await expectAccessibleInBothThemes(page, '/pedir-cita with a visit type chosen');
      await free.click();

      const dialog = page.getByRole('dialog', { name: 'Confirmar cita' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(`${tipo.nombre_es} (45 minutos)`)).toBeVisible();
      await expect(dialog.getByText('Venga en ayunas')).toBeVisible();
      await expectLaidOut(page, 'the booking dialog with a visit type');
      await dialog.getByLabel(/^Motivo de la consulta/).fill('Control anual con analítica');
      await dialog.getByRole('button', { name: 'Pedir cita' }).click();
      await expect(dialog).toBeHidden(LOADED);

      // The visit holds all of its 45 minutes: more than one slot of the doctor's grid.
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const mine = await page.request.get('/api/citas/mias?periodo=proximas', { headers: { authorization: `Bearer ${token}` } });
      const visits = (await mine.json()) as { id_cita: number }[];
      expect(visits).toHaveLength(1);
      // The patient's visits name the type.
      await page.goto('/mis-visitas');
      await expect(page.getByRole('heading', { level: 1, name: 'Mis visitas' })).toBeVisible(LOADED);
      await expect(page.getByText(tipo.nombre_es, { exact: true })).toBeVisible(LOADED);
      await expectAccessibleInBothThemes(page, '/mis-visitas with a visit type');
    });

    test(`the desk lists the times where a type fits and books by type (${viewport.width}px)`, async ({ page }) => {
      const tipo = await typeThroughApi(page, { reserva: 'personal' });
      const login = async (credentials: { usuario: string; contrasena: string }) =>
        (await (await page.request.post('/api/login', { data: credentials })).json()) as { access_token: string; usuario: { id_paciente: number | null } };
      const jordi = await login(DEMO.patient2);
      const desk = await login(DEMO.reception);
      await loginAs(page, DEMO.reception, `/recepcion/citar?paciente=${jordi.usuario.id_paciente}`);
      await expect(page.getByRole('region', { name: 'Paciente', exact: true })).toBeVisible(LOADED);
      await page.getByRole('combobox', { name: 'Especialidad' }).click();
      await page.getByRole('option', { name: 'Cardiología' }).click();
      await page.getByRole('combobox', { name: 'Tipo de visita' }).selectOption({ label: `${tipo.nombre_es} · 45 minutos` });
      const free = page.getByRole('region', { name: 'Primeros huecos libres' }).getByRole('button', { name: /^Citar el / }).first();
      await expect(free).toBeVisible(LOADED);
      await expectAccessibleInBothThemes(page, '/recepcion/citar by visit type');
      await free.click();
      const dialog = page.getByRole('dialog', { name: 'Dar cita' });
      await expect(dialog.getByText(tipo.nombre_es)).toBeVisible();
      await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Analítica de control');
      await expectLaidOut(page, 'the desk booking dialog with a visit type');
      await dialog.getByRole('button', { name: 'Dar cita', exact: true }).click();
      const done = page.getByRole('status').filter({ hasText: 'Cita confirmada' });
      const cap = dialog.getByRole('region', { name: 'El paciente supera un límite de citas' });
      await expect(done.or(cap).first()).toBeVisible(LOADED);
      if (await cap.isVisible()) {
        await cap.getByLabel('Motivo para citar por encima del límite').fill('Acordado por teléfono con el paciente');
        await cap.getByRole('button', { name: 'Citar igualmente' }).click();
      }
      await expect(dialog).toBeHidden(LOADED);

      // Put Jordi's visits back as they were for the other journeys.
      const headers = { authorization: `Bearer ${desk.access_token}` };
      const visits = (await (await page.request.get(`/api/recepcion/pacientes/${jordi.usuario.id_paciente}/citas`, { headers })).json()) as {
        citas: { id_cita: number; motivo: string }[];
      };
      for (const visit of visits.citas.filter((cita) => cita.motivo === 'Analítica de control')) {
        const cancelled = await page.request.post(`/api/recepcion/citas/${visit.id_cita}/cancelar`, { headers, data: { motivo: 'Prueba terminada' } });
        expect(cancelled.status()).toBe(200);
      }
    });
  });
}

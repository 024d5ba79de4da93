import type { APIRequestContext, Page } from '@playwright/test';
import type { SinCitaCreada } from '../contracts/clinic-day.ts';
import { DEMO, expect, expectAccessible, expectAccessibleInBothThemes, loginAs, registerPatient, test, type Credentials } from './fixtures.ts';
import { bearer } from './support/agenda.ts';

// Each journey runs axe in two themes at two widths; a step that cannot happen (a control that never
// shows) fails in seconds, not at the journey's whole timeout.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

const DOCTOR = 'Dra. Laura García Romero';

async function me(request: APIRequestContext, credentials: Credentials) {
  const response = await request.get('/api/auth/me', { headers: await bearer(request, credentials) });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id_paciente: number | null; id_doctor: number | null; nombre: string };
}

/**
 * A visit of today with dra.garcia whose time has begun (so she can complete it), waiting for the
 * desk's check-in: made as the desk's extra visit at this minute, its arrival undone. Any hour of
 * any day works, weekends included (an extra visit needs no slot). The demo patient jordi.martin,
 * unless another journey already gave him a visit with her today: then a new patient.
 */
async function bookedVisitNow(request: APIRequestContext, motivo: string) {
  const desk = await bearer(request, DEMO.reception);
  const id_doctor = (await me(request, DEMO.doctor)).id_doctor!;
  const candidates: [Credentials, string][] = [[DEMO.patient2, 'Jordi Martín']];
  const fresh = await registerPatient(request, 'Nuria');
  candidates.push([fresh, 'Nuria Prueba']);
  for (const [credentials, name] of candidates) {
    const id_paciente = (await me(request, credentials)).id_paciente!;
    const made = await request.post('/api/recepcion/sin-cita', { headers: desk, data: { id_paciente, id_doctor, motivo, modo: 'extra' } });
    if (made.status() === 409) continue;
    expect(made.status(), await made.text()).toBe(201);
    const visit = (await made.json()) as SinCitaCreada;
    const undone = await request.post(`/api/recepcion/citas/${visit.id_cita}/deshacer-llegada`, { headers: desk });
    expect(undone.status(), await undone.text()).toBe(200);
    return { ...visit, paciente: name };
  }
  throw new Error('no patient free for a visit with dra.garcia today');
}

/** axe in both themes at 1366 and 390 px, and nothing wider than the window. */
async function checkScreen(page: Page, label: string, ready: (page: Page) => Promise<void>) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.reload();
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label} at ${width} px fits the window`).toBeLessThanOrEqual(width);
    await expectAccessibleInBothThemes(page, `${label}, ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
}

const doctorColumn = (page: Page) => page.getByRole('region', { name: DOCTOR });
const visitRow = (page: Page, paciente: string, motivo: string) =>
  doctorColumn(page).getByRole('listitem').filter({ hasText: paciente }).filter({ hasText: motivo });

test('the desk checks a patient in, the doctor calls them and completes the visit, and the desk sees it attended', async ({ page, request }) => {
  const motivo = `Control de tensión ${Date.now().toString(36)}`;
  const visit = await bookedVisitNow(request, motivo);

  // Reception: the visit is booked (Citado); one click checks the patient in.
  await loginAs(page, DEMO.reception, '/hoy-clinica');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoy en la clínica' })).toBeVisible();
  const row = visitRow(page, visit.paciente, motivo);
  await expect(row).toContainText('Citado');
  await checkScreen(page, '/hoy-clinica with a booked visit', async (p) => {
    await expect(visitRow(p, visit.paciente, motivo)).toContainText('Citado');
  });
  await row.getByRole('button', { name: `Marcar la llegada de ${visit.paciente} (${visit.hora})` }).click();
  await expect(page.getByText(`Llegada de ${visit.paciente} registrada`)).toBeVisible();
  await expect(row).toContainText('Llegó');
  await expect(row).toContainText(/espera \d+ minutos?/);
  await expect(row.getByRole('button', { name: `Deshacer la llegada de ${visit.paciente} (${visit.hora})` })).toBeVisible();
  await expectAccessible(page, '/hoy-clinica with an arrived patient');

  // The doctor: the patient waits on her home screen; "Llamar" calls them in.
  await loginAs(page, DEMO.doctor, '/perfil-doctor');
  const room = page.getByRole('region', { name: 'Sala de espera' });
  const waiting = room.getByRole('listitem').filter({ hasText: visit.paciente });
  await expect(waiting).toContainText(/espera \d+ minutos?/);
  await checkScreen(page, '/perfil-doctor with a patient waiting', async (p) => {
    await expect(p.getByRole('region', { name: 'Sala de espera' }).getByRole('button', { name: `Llamar a ${visit.paciente}` })).toBeVisible();
  });
  await waiting.getByRole('button', { name: `Llamar a ${visit.paciente}` }).click();
  await expect(page.getByText(`${visit.paciente} pasa a consulta`)).toBeVisible();
  await expect(waiting).toContainText('En consulta');

  // She completes the consultation in the record: the visit is attended.
  await waiting.getByRole('link', { name: visit.paciente }).click();
  await expect(page).toHaveURL(/\/medical-record\?paciente=\d+$/);
  await page.getByRole('button', { name: new RegExp(`^Completar consulta del .* a las ${visit.hora}$`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar consulta' });
  await dialog.getByLabel(/^Diagnóstico/).fill('Tensión arterial normal');
  await dialog.getByRole('button', { name: 'Completar consulta' }).click();
  await expect(page.getByText('Consulta finalizada correctamente.')).toBeVisible();

  // Reception sees it attended, with no action left on it: only the list of what was sent about it.
  await loginAs(page, DEMO.reception, '/hoy-clinica');
  const done = visitRow(page, visit.paciente, motivo);
  await expect(done).toContainText('Atendido');
  await expect(done.getByRole('button')).toHaveText(['Ver avisos']);
});

test('another desk’s check-in shows by itself, and a doctor’s day list prints as a PDF', async ({ page, request }) => {
  const motivo = `Revisión ${Date.now().toString(36)}`;
  const visit = await bookedVisitNow(request, motivo);
  await loginAs(page, DEMO.reception, '/hoy-clinica');
  const row = visitRow(page, visit.paciente, motivo);
  await expect(row).toContainText('Citado');
  // Another desk checks the patient in: this screen shows it on its next poll, without a reload.
  const other = await request.post(`/api/recepcion/citas/${visit.id_cita}/llegada`, { headers: await bearer(request, DEMO.reception) });
  expect(other.status()).toBe(200);
  await expect(row).toContainText('Llegó', { timeout: 15_000 });
  // Undone here: the patient is booked again.
  await row.getByRole('button', { name: `Deshacer la llegada de ${visit.paciente} (${visit.hora})` }).click();
  await expect(row).toContainText('Citado');

  const download = page.waitForEvent('download');
  await doctorColumn(page).getByRole('button', { name: `Imprimir la lista del día de ${DOCTOR} (PDF)` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lista-\d{4}-\d{2}-\d{2}-\d+\.pdf$/);

});

test('a walk-in is found, added as an extra visit and shown arrived', async ({ page, request }) => {
  const desk = await bearer(request, DEMO.reception);
  const nombre = `Walk${Date.now().toString(36)}`;
  const credentials = await registerPatient(request, nombre);
  const found = await me(request, credentials);
  // The real search finds the new patient by the name nobody else has.
  const search = await request.get(`/api/recepcion/pacientes?buscar=${nombre}`, { headers: desk });
  expect(((await search.json()) as { id_paciente: number }[]).map((patient) => patient.id_paciente)).toEqual([found.id_paciente]);
  const motivo = 'Fiebre desde ayer';

  await loginAs(page, DEMO.reception, '/hoy-clinica');
  await page.getByRole('button', { name: 'Sin cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paciente sin cita' });
  await dialog.getByRole('searchbox', { name: 'Buscar paciente' }).fill(nombre);
  await dialog.getByRole('radio', { name: new RegExp(nombre) }).check();
  await dialog.getByRole('combobox', { name: 'Doctor' }).click();
  // Any active doctor may take a walk-in, whether or not they have visits on the board today.
  await page.getByRole('option', { name: new RegExp(`^${DOCTOR.replace(/^Dra\. /, '')} · `) }).click();
  await dialog.getByRole('textbox', { name: /Motivo de la visita/ }).fill(motivo);
  await dialog.getByRole('radio', { name: 'Como visita extra' }).check();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await expectAccessibleInBothThemes(page, `walk-in dialog, ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole('button', { name: 'Añadir y marcar llegada' }).click();
  await expect(page.getByText(/^Visita extra añadida a las \d\d:\d\d/)).toBeVisible();
  const row = visitRow(page, `${nombre} Prueba`, motivo);
  await expect(row).toContainText('Llegó');
  await expect(row).toContainText('Extra');
});

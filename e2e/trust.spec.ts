import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect as baseExpect, expectAccessibleInBothThemes, loginAs, registerPatient, test, unique, type Credentials } from './fixtures.ts';
import { uniqueColegiado } from './support/admin.ts';
import { bearer, walkInNow } from './support/agenda.ts';
import { LAPTOP, PHONE } from './support/layout.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

/** A doctor of the journey's own, with no agenda: a walk-in gets a one-off slot. */
async function freshDoctor(request: APIRequestContext, nombre: string): Promise<Credentials> {
  const admin = await bearer(request, DEMO.admin);
  const specialties = (await (await request.get('/api/especialidades', { headers: admin })).json()) as { id_especialidad: number }[];
  const usuario = unique('doc');
  const contrasena = 'Doctora123!';
  const created = await request.post('/api/registro-doctor', {
    headers: admin,
    data: { usuario, email: `${usuario}@example.com`, contrasena, nombre, apellido_1: 'Prueba', apellido_2: 'Soler', colegiado: uniqueColegiado(), id_especialidad: specialties[0]!.id_especialidad },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { usuario, contrasena };
}

/** The doctor gives the patient a walk-in now and, at once, marks it missed: the abuse a dispute answers. */
async function walkInMarkedMissed(request: APIRequestContext, doctor: Credentials, patient: Credentials) {
  const now = walkInNow();
  test.skip(now === null, 'too close to midnight for a walk-in today');
  const login = await request.post('/api/login', { data: patient });
  const { usuario } = (await login.json()) as { usuario: { id_usuario: number } };
  const headers = await bearer(request, doctor);
  const assigned = await request.post('/api/consultas', {
    headers,
    data: { pacienteId: usuario.id_usuario, fecha: now.fecha, hora: now.hora, motivo: 'Visita sin cita' },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  const { id_cita } = (await assigned.json()) as { id_cita: number };
  const marked = await request.put(`/api/citas/${id_cita}/no-presentado`, { headers });
  expect(marked.status(), await marked.text()).toBe(200);
}

// The patient disputes a same-day no-show from their visits, on a laptop and on a phone.
for (const viewport of [LAPTOP, PHONE]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test(`a patient disputes a missed visit given that same day (${viewport.width}px)`, async ({ page, request }) => {
      const patient = await registerPatient(request, `Nerea${viewport.width}`);
      await walkInMarkedMissed(request, await freshDoctor(request, 'Marina'), patient);

      await loginAs(page, patient, '/mis-visitas');
      const past = page.getByRole('region', { name: 'Citas pasadas' }).or(page.locator('section').filter({ has: page.getByRole('heading', { name: 'Citas pasadas' }) }));
      await expect(past.getByText('No presentado')).toBeVisible();
      const disputeButton = past.getByRole('button', { name: /^Recurrir la falta del / });
      await expect(disputeButton).toBeVisible();
      await disputeButton.click();

      const dialog = page.getByRole('dialog', { name: 'Recurrir una falta' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await expect(dialog.getByText('Explica el motivo con al menos 5 caracteres.')).toBeVisible();
      await expectAccessibleInBothThemes(page, 'no-show dispute dialog with an error');
      await dialog.getByRole('textbox', { name: /^Motivo/ }).fill('Estuve en la sala de espera');
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: 'Falta recurrida: ya no cuenta.' })).toBeVisible();
      await expect(past.getByText('Recurrida', { exact: true })).toBeVisible();
      await expect(past.getByText('Dijiste: «Estuve en la sala de espera». Esta falta no cuenta.')).toBeVisible();
      await expect(disputeButton).toHaveCount(0);
      await expectAccessibleInBothThemes(page, 'my visits with a disputed no-show');
    });
  });
}

test('a burst of break-the-glass openings shows on the admin’s home', async ({ page, request }) => {
  const doctor = await freshDoctor(request, 'Curiosa');
  const headers = await bearer(request, doctor);
  // Five openings within the hour (BREAK_GLASS_ALERT_OPENS' default).
  for (let i = 0; i < 5; i += 1) {
    const patient = await registerPatient(request, `Rafa${i}`);
    const login = await request.post('/api/login', { data: patient });
    const { usuario } = (await login.json()) as { usuario: { id_paciente: number } };
    const opened = await request.post(`/api/pacientes/${usuario.id_paciente}/acceso-urgente`, {
      headers,
      data: { motivo: 'Revisión de guardia, paciente en urgencias' },
    });
    expect(opened.status(), await opened.text()).toBe(201);
  }

  await loginAs(page, DEMO.admin, '/panel-admin');
  const notice = page.getByRole('region', { name: 'Accesos urgentes en ráfaga' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('listitem').filter({ hasText: 'Curiosa Prueba' })).toContainText('Historias abiertas: 5');
  await expect(notice.getByRole('link', { name: 'Ver la auditoría' })).toHaveAttribute('href', '/auditoria');
  await expectAccessibleInBothThemes(page, 'admin home with a break-the-glass burst');
});

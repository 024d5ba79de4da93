import { DEMO, expect, expectAccessible, expectAccessibleInBothThemes, loginAs, registerPatient, test, useTheme } from './fixtures.ts';
import { logout, registerDoctorByApi } from './support/admin.ts';
import { bearer, futureWeekday, walkInNow } from './support/agenda.ts';
import { fillDate, fillTime } from './support/dates.ts';

// Each journey runs axe several times (the year view has twelve month grids): allow the time.
test.describe.configure({ timeout: 120_000 });

const DAY = futureWeekday(60);

test('the doctor assigns a visit: it takes the agenda, the patient sees it, a taken time is refused in place', async ({ page, request }) => {
  const doctor = await registerDoctorByApi(request);
  const nombre = `Berta${Math.random().toString(36).slice(2, 7)}`;
  const credentials = await registerPatient(request, nombre);
  const patient = `${nombre} Prueba`;
  const rivalName = `Rita${Math.random().toString(36).slice(2, 7)}`;
  await registerPatient(request, rivalName);

  await loginAs(page, doctor, '/crear-consultas');
  await expect(page.getByRole('heading', { level: 1, name: 'Asignar consultas' })).toBeVisible();
  await expectAccessible(page, '/crear-consultas');

  // An invalid form is not sent: the fields say what is missing.
  await page.getByRole('button', { name: 'Asignar consulta' }).click();
  await expect(page.getByText('Selecciona un paciente.')).toBeVisible();
  await expect(page.getByText('El motivo es obligatorio.')).toBeVisible();
  await expectAccessible(page, '/crear-consultas with errors');

  const assign = async (who: string, fecha: string, hora: string, motivo: string) => {
    await page.getByRole('combobox', { name: /^Paciente/ }).fill(who);
    await page.getByRole('option', { name: new RegExp(`^${who}`) }).click();
    await fillDate(page, /^Fecha/, fecha);
    await fillTime(page, 'Hora', hora);
    await page.getByLabel(/^Motivo/).fill(motivo);
    await page.getByRole('button', { name: 'Asignar consulta' }).click();
  };
  await assign(nombre, DAY, '10:30', 'Dolor torácico al esfuerzo');
  await expect(page.getByText('Consulta asignada correctamente')).toBeVisible();
  await expect(page.getByLabel(/^Motivo/)).toHaveValue('');

  const table = page.getByRole('region', { name: 'Consultas asignadas' }).getByRole('table');
  const row = table.getByRole('row').filter({ hasText: patient });
  await expect(row).toContainText('10:30');
  await expect(row).toContainText('Dolor torácico al esfuerzo');
  await expect(row).toContainText('Confirmada');
  const filter = page.getByLabel('Filtrar por estado');
  await filter.selectOption('finalizada');
  await expect(page.getByText('No hay consultas en este estado.')).toBeVisible();
  await expect(row).toHaveCount(0);
  // Shown until an answer comes is the empty 'finalizada' page: the row can only be the new answer.
  await filter.selectOption('confirmada');
  await expect(row).toContainText('Confirmada');
  await filter.selectOption('');

  // The same time for another patient: refused in place, and the form keeps what was typed.
  await assign(rivalName, DAY, '10:30', 'Revisión de analítica');
  const refusal = page.getByRole('alert').filter({ hasText: 'Ya tienes una visita a esa hora. Elige otra hora.' });
  await expect(refusal).toBeVisible();
  await expect(page.getByLabel(/^Motivo/)).toHaveValue('Revisión de analítica');
  await expectAccessible(page, '/crear-consultas with a refused time');

  // The doctor's agenda shows the visit on that day, with its patient, type and estado.
  const agenda = await request.get(`/api/agenda?fecha=${DAY}`, { headers: await bearer(request, doctor) });
  const slots = (await agenda.json()) as { hora_inicio: string; estado: string; cita: { paciente: string; estado: string; tipo: string } | null }[];
  expect(slots.find((slot) => slot.hora_inicio.startsWith('10:30'))).toMatchObject({ estado: 'Reservado', cita: { paciente: patient, estado: 'Confirmada', tipo: 'Consulta' } });

  // The patient sees the visit among their upcoming ones.
  await logout(page);
  await loginAs(page, credentials, '/mis-visitas');
  const upcoming = page.getByRole('region', { name: /Próximas/ });
  await expect(upcoming.getByText('Dolor torácico al esfuerzo')).toBeVisible();
  await expect(upcoming).toContainText(doctor.nombre);
  await expect(upcoming).toContainText('10:30');
  await expectAccessible(page, '/mis-visitas with an assigned visit');
  // …and on their home screen, as their next visit.
  await page.goto('/panel-paciente');
  const next = page.getByRole('region', { name: 'Tu próxima visita' });
  await expect(next).toContainText(doctor.nombre);
  await expect(next).toContainText('Dolor torácico al esfuerzo');
});

test('the doctor completes a visit in the record once its time has begun, not before', async ({ page, request }) => {
  const now = walkInNow();
  const doctor = await registerDoctorByApi(request, 'Marta');
  const nombre = `Berta${Math.random().toString(36).slice(2, 7)}`;
  const credentials = await registerPatient(request, nombre);
  const patient = `${nombre} Prueba`;
  const login = (await (await request.post('/api/login', { data: credentials })).json()) as { usuario: { id_usuario: number } };
  const headers = await bearer(request, doctor);
  // One walk-in now (begun at once), one to come.
  for (const [fecha, hora, motivo] of [[now.fecha, now.hora, 'Dolor torácico al esfuerzo'], [DAY, '11:00', 'Control posterior']] as const) {
    const response = await request.post('/api/consultas', { headers, data: { pacienteId: login.usuario.id_usuario, fecha, hora, motivo } });
    expect(response.status(), await response.text()).toBe(201);
  }
  await loginAs(page, doctor, '/crear-consultas');
  const row = page.getByRole('region', { name: 'Consultas asignadas' }).getByRole('row').filter({ hasText: 'Dolor torácico' });

  // The record: complete the consultation, add an allergy.
  await row.getByRole('link', { name: `Ver historia de ${patient}` }).click();
  await expect(page).toHaveURL(/\/medical-record\?paciente=\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: patient })).toBeVisible();
  // The record starts with the clinical alerts: nothing recorded yet.
  const alerts = page.getByRole('region', { name: 'Alertas clínicas' });
  await expect(alerts).toContainText('Sin alergias registradas.');
  await expectAccessible(page, '/medical-record (doctor)');
  // Only the visit that has begun offers 'Completar consulta'.
  await expect(page.getByRole('button', { name: /^Completar consulta del/ })).toHaveCount(1);
  await page.getByRole('button', { name: /^Completar consulta del/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar consulta' });
  await dialog.getByRole('button', { name: 'Completar consulta' }).click();
  await expect(dialog.getByText('El diagnóstico es obligatorio.')).toBeVisible();
  await expectAccessible(page, 'complete consultation modal');
  await dialog.getByLabel(/^Diagnóstico/).fill('Angina estable');
  await dialog.getByLabel('Recomendaciones').fill('Prueba de esfuerzo y control en un mes');
  await dialog.getByRole('button', { name: 'Completar consulta' }).click();
  await expect(page.getByText('Consulta finalizada correctamente.')).toBeVisible();
  const consultations = page.getByRole('region', { name: 'Consultas' });
  await expect(consultations.getByRole('row').filter({ hasText: 'Dolor torácico' })).toContainText('Finalizada');
  await expect(page.getByRole('region', { name: 'Última consulta' })).toContainText('Angina estable');

  const allergies = page.getByRole('region', { name: 'Alergias' });
  await expect(allergies).toContainText('Sin registros.');
  await allergies.getByRole('button', { name: 'Añadir alergia' }).click();
  const allergyDialog = page.getByRole('dialog', { name: 'Añadir alergia' });
  await allergyDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(allergyDialog.getByText('Nombre requerido')).toBeVisible();
  await expectAccessible(page, 'add allergy modal');
  await allergyDialog.getByLabel(/^Nombre/).fill('Yodo');
  await allergyDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados en la historia clínica.')).toBeVisible();
  await allergies.getByRole('button', { name: 'Corregir «Yodo»' }).click();
  await page.getByRole('dialog', { name: 'Corregir: Alergias' }).getByLabel('Observaciones').fill('Contrastes yodados');
  await page.getByRole('dialog', { name: 'Corregir: Alergias' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(allergies.getByRole('row').filter({ hasText: 'Yodo' })).toContainText('Contrastes yodados');
  await expect(alerts).toContainText('Alergias: Yodo (Contrastes yodados)');

  // Back on the list, the consultation is finalizada.
  await page.goto('/crear-consultas');
  await page.getByLabel('Filtrar por estado').selectOption('finalizada');
  // Until the filtered page answers, the list shows the unfiltered one (both visits, or nothing yet
  // if that had not answered either): wait for the one row the filter leaves.
  const assigned = page.getByRole('region', { name: 'Consultas asignadas' });
  const patientRows = assigned.getByRole('row').filter({ hasText: patient });
  await expect(patientRows).toHaveCount(1);
  await expect(patientRows).toContainText('Finalizada');
  await expect(assigned.getByRole('row').filter({ hasText: 'Control posterior' })).toHaveCount(0);
});

test("a doctor must state a reason to open the record of a patient they do not treat", async ({ page, request }) => {
  const nombre = `Ciro${Math.random().toString(36).slice(2, 7)}`;
  const credentials = await registerPatient(request, nombre);
  const login = (await (await request.post('/api/login', { data: credentials })).json()) as { usuario: { id_paciente: number } };
  await loginAs(page, DEMO.doctor2, '/medical-record');
  await expect(page.getByRole('heading', { level: 2, name: 'Mis pacientes' })).toBeVisible();
  await page.getByLabel('Buscar paciente').fill(nombre);
  await expect(page.getByText('No se encontraron pacientes.')).toBeVisible();
  await expectAccessible(page, '/medical-record chooser');
  await page.goto(`/medical-record?paciente=${login.usuario.id_paciente}`);
  // Break the glass (e2e/break-the-glass.spec.ts): the record waits for a stated reason.
  await expect(page.getByRole('dialog', { name: 'Acceso urgente a la historia' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(nombre) })).toHaveCount(0);
});

test('a list still loading shows a named status, in both themes; one being filtered says it is busy', async ({ page }) => {
  // The consultations list is held back, so the spinner is what is on the screen when axe looks.
  let release = () => undefined as void;
  let held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/medico/consultas?*', async (route) => {
    await held;
    await route.continue();
  });
  await loginAs(page, DEMO.doctor, '/crear-consultas');
  await expect(page.getByRole('status', { name: 'Cargando…' })).toBeVisible();
  await expectAccessibleInBothThemes(page, '/crear-consultas loading');
  release();
  await expect(page.getByRole('status', { name: 'Cargando…' })).toBeHidden();

  // Another filter: the rows shown until it answers are the old ones, and the table says so.
  const table = page.getByRole('region', { name: 'Consultas asignadas' }).getByRole('table');
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  held = new Promise<void>((resolve) => (release = resolve));
  await page.getByLabel('Filtrar por estado').selectOption('pendiente');
  await expect(table).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
});

test("the doctor's visits and the consultation screen have no serious accessibility problems in the dark theme", async ({ page }) => {
  await useTheme(page, 'oscuro');
  await loginAs(page, DEMO.doctor, '/mis-visitas');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis visitas' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Hoy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Próximas visitas' })).toBeVisible();
  await expectAccessible(page, '/mis-visitas, dark');
  await page.goto('/crear-consultas');
  await expect(page.getByRole('heading', { level: 1, name: 'Asignar consultas' })).toBeVisible();
  await expectAccessible(page, '/crear-consultas, dark');
  // Ana's record (the demo doctor treats her) starts with her allergies.
  const ana = (await (await page.request.post('/api/login', { data: DEMO.patient })).json()) as { usuario: { id_paciente: number } };
  await page.goto(`/medical-record?paciente=${ana.usuario.id_paciente}`);
  await expect(page.getByRole('region', { name: 'Alertas clínicas' })).toContainText('Penicilina (Urticaria generalizada)');
  await expectAccessible(page, '/medical-record with allergies, dark');
});

import { DEMO, expect, expectAccessible, loginAs, registerPatient, test, useTheme } from './fixtures.ts';
import { futureWeekday } from './support/agenda.ts';

// Each journey runs axe several times (the year view has twelve month grids): allow the time.
test.describe.configure({ timeout: 120_000 });

const DAY = futureWeekday(60);

test('the doctor assigns a consultation, filters by estado and completes it in the record', async ({ page, request }) => {
  const nombre = `Berta${Math.random().toString(36).slice(2, 7)}`;
  await registerPatient(request, nombre);
  const patient = `${nombre} Prueba`;

  await loginAs(page, DEMO.doctor2, '/crear-consultas');
  await expect(page.getByRole('heading', { level: 1, name: 'Asignar consultas' })).toBeVisible();
  await expectAccessible(page, '/crear-consultas');

  // An invalid form is not sent: the fields say what is missing.
  await page.getByRole('button', { name: 'Asignar consulta' }).click();
  await expect(page.getByText('Selecciona un paciente.')).toBeVisible();
  await expect(page.getByText('El motivo es obligatorio.')).toBeVisible();
  await expectAccessible(page, '/crear-consultas with errors');

  await page.getByRole('combobox', { name: /^Paciente/ }).fill(nombre);
  await page.getByRole('option', { name: new RegExp(`^${patient}`) }).click();
  await page.getByLabel(/^Fecha/).fill(DAY);
  await page.getByLabel(/^Hora/).fill('10:30');
  await page.getByLabel(/^Motivo/).fill('Dolor torácico al esfuerzo');
  await page.getByLabel('Descripción').fill('Derivado desde atención primaria');
  await page.getByRole('button', { name: 'Asignar consulta' }).click();
  await expect(page.getByText('Consulta asignada correctamente')).toBeVisible();
  await expect(page.getByLabel(/^Motivo/)).toHaveValue('');

  const table = page.getByRole('region', { name: 'Consultas asignadas' }).getByRole('table');
  const row = table.getByRole('row').filter({ hasText: patient });
  await expect(row).toContainText('10:30');
  await expect(row).toContainText('Dolor torácico al esfuerzo');
  await expect(row).toContainText('Pendiente');

  const filter = page.getByLabel('Filtrar por estado');
  await filter.selectOption('pendiente');
  await expect(row).toBeVisible();
  await filter.selectOption('finalizada');
  await expect(row).toHaveCount(0);
  await filter.selectOption('');

  // The record: complete the consultation, add an allergy.
  await row.getByRole('link', { name: `Ver historia de ${patient}` }).click();
  await expect(page).toHaveURL(/\/medical-record\?paciente=\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: patient })).toBeVisible();
  await expectAccessible(page, '/medical-record (doctor)');
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

  // Back on the list, the consultation is finalizada.
  await page.goto('/crear-consultas');
  await page.getByLabel('Filtrar por estado').selectOption('finalizada');
  await expect(page.getByRole('region', { name: 'Consultas asignadas' }).getByRole('row').filter({ hasText: patient })).toContainText('Finalizada');
});

test("a doctor cannot open the record of a patient they do not treat", async ({ page, request }) => {
  const nombre = `Ciro${Math.random().toString(36).slice(2, 7)}`;
  const credentials = await registerPatient(request, nombre);
  const login = (await (await request.post('/api/login', { data: credentials })).json()) as { usuario: { id_paciente: number } };
  await loginAs(page, DEMO.doctor2, '/medical-record');
  await expect(page.getByRole('heading', { level: 2, name: 'Mis pacientes' })).toBeVisible();
  await page.getByLabel('Buscar paciente').fill(nombre);
  await expect(page.getByText('No se encontraron pacientes.')).toBeVisible();
  await expectAccessible(page, '/medical-record chooser');
  await page.goto(`/medical-record?paciente=${login.usuario.id_paciente}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Solo puedes abrir la historia' })).toBeVisible();
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
});

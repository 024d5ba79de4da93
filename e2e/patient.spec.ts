import type { Page } from '@playwright/test';
import { pdfText } from '../server/testing/patients.ts';
import { apiLogin, DEMO, expect as baseExpect, expectAccessible, expectAccessibleInBothThemes, loginAs, registerPatient, test } from './fixtures.ts';
import { fillDate, pickDateRange, shownDate } from './support/dates.ts';
import { bytesOf, samplePdf } from './support/patient.ts';

// The machines running these are shared and busy: screens that load several queries get more time.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('the patient dashboard greets by the stored name and leads to every patient screen', async ({ page, request }) => {
  const patient = await registerPatient(request, 'Lucía');
  await loginAs(page, patient, '/panel-paciente');
  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Menú del paciente' });
  const sidebarLinks: [string, string][] = [
    ['Mi perfil', '/perfil-paciente'],
    ['Ficha médica', '/ficha-paciente'],
    ['Resumen clínico', '/resumen-paciente'],
    ['Historial médico', '/historial'],
    ['Pedir cita', '/pedir-cita'],
    ['ChatBot', '/chat'],
  ];
  for (const [name, path] of sidebarLinks) {
    await expect(sidebar.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  const main = page.getByRole('main');
  // The cards' names are their title and text.
  const cards: [string, string][] = [
    ['Ficha personal Tus datos', '/ficha-paciente'],
    ['Historial médico Tus consultas', '/historial'],
    ['Pedir cita Elige médico', '/pedir-cita'],
    ['ChatBot Resuelve tus dudas', '/chat'],
  ];
  for (const [name, path] of cards) {
    await expect(main.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', path);
  }
  await main.getByRole('link', { name: 'Ver mi resumen clínico' }).click();
  await expect(page).toHaveURL(/\/resumen-paciente$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen clínico' })).toBeVisible();
  await expect(page.getByText('No tienes citas próximas.')).toBeVisible();
});

test("on a phone the patient's home opens on the greeting and the next visit, the menu after them; on a laptop the menu is the left column", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, await registerPatient(request, 'Marta'), '/panel-paciente');
  const nextVisit = page.getByRole('region', { name: 'Tu próxima visita' });
  const menu = page.getByRole('navigation', { name: 'Menú del paciente' });
  await expect(nextVisit.getByRole('heading', { name: 'Tu próxima visita' })).toBeInViewport({ ratio: 1 });
  expect((await nextVisit.boundingBox())!.y).toBeLessThan((await menu.boundingBox())!.y);
  // The keyboard meets them in the same order.
  const order = await page.evaluate(() => {
    const visit = document.querySelector('main section');
    const nav = document.querySelector('main nav');
    return visit && nav ? visit.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
  });
  expect(order).toBeTruthy();

  await page.setViewportSize({ width: 1366, height: 900 });
  const greeting = page.getByRole('heading', { level: 1, name: /^Hola, / });
  await expect.poll(async () => (await menu.boundingBox())!.x < (await greeting.boundingBox())!.x).toBe(true);
  await expectAccessibleInBothThemes(page, '/panel-paciente on a laptop');
});

test('the profile editor asks for the required fields, checks DNI and postal code, and saves', async ({ page, request }) => {
  const patient = await registerPatient(request, 'Marc');
  await loginAs(page, patient, '/perfil-paciente');
  await expect(page.getByRole('heading', { level: 1, name: 'Editar mi perfil' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveJSProperty('readOnly', true);

  await page.getByLabel(/^Nombre/).fill('');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(notification(page, 'Por favor, complete los campos obligatorios.')).toBeVisible();
  await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();

  await page.getByLabel(/^Nombre/).fill('Marc');
  await page.getByLabel('DNI/NIE').fill('12345678A');
  await page.getByLabel('Código postal').fill('28001');
  await page.getByRole('combobox', { name: 'Provincia' }).click();
  await page.getByRole('combobox', { name: 'Provincia' }).fill('Giro');
  await page.getByRole('option', { name: 'Girona (17)' }).click();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('El DNI/NIE no es válido: revisa los números y la letra.')).toBeVisible();
  await expect(page.getByText('El código postal no corresponde a la provincia seleccionada.')).toBeVisible();

  // A NIE of its own (the X counts as 0 for the letter), typed in small letters: another run's Marc
  // on the same server keeps his.
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  const nie = `X${digits}${'TRWAGMYFPDXBNJZSQVHLCKE'[Number(digits) % 23]}`;
  await page.getByLabel('DNI/NIE').fill(nie.toLowerCase());
  await page.getByLabel('Código postal').fill('17001');
  await fillDate(page, 'Fecha de nacimiento', '1990-05-17');
  await page.getByLabel('Sexo').selectOption('M');
  await page.getByLabel('Teléfono').fill('612 345 678');
  await page.getByLabel('Localidad').fill('Girona');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(notification(page, 'Perfil actualizado correctamente')).toBeVisible();

  // The same editor answers at /paciente-perfil, with what was saved.
  await page.goto('/paciente-perfil');
  await expect(page.getByLabel('DNI/NIE')).toHaveValue(nie);
  await expect(page.getByLabel('Código postal')).toHaveValue('17001');
  await expect(page.getByRole('combobox', { name: 'Provincia' })).toHaveValue('Girona (17)');
  await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue('17/05/1990');

  // Another patient's DNI/NIE (the demo's Ana López) is refused, next to the field, with what to do.
  await page.getByLabel('DNI/NIE').fill('12345678Z');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  const taken = 'Ese DNI/NIE ya consta en la ficha de otro paciente. Si es el tuyo, llama a la clínica.';
  await expect(notification(page, taken)).toBeVisible();
  await expect(page.getByLabel('DNI/NIE')).toHaveAccessibleDescription(new RegExp(`^${taken}`));
});

test('a bad token in the profile editor goes to /login', async ({ page }) => {
  await page.goto('/404');
  // A well-formed token the server does not accept.
  const payload = Buffer.from(JSON.stringify({ rol: 'paciente', nombre: 'X', id_usuario: 999999, exp: 4_000_000_000 })).toString('base64url');
  await page.evaluate((token) => localStorage.setItem('access_token', token), `e30.${payload}.firma`);
  await page.goto('/perfil-paciente');
  await expect(page).toHaveURL(/\/login$/);
});

test('the medical file shows only sections with data, edits the profile, and an uploaded PDF downloads', async ({ page, request }) => {
  // The demo patient has allergies, diseases, vaccines and a finished consultation, but no disabilities or habits.
  await loginAs(page, DEMO.patient, '/ficha-paciente');
  await expect(page.getByRole('heading', { level: 1, name: 'Ana López Ferrer' })).toBeVisible();
  await expect(page.getByText('Activo', { exact: true })).toBeVisible();
  for (const name of ['Perfil', 'Alergias', 'Enfermedades', 'Vacunas', 'Última consulta']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  for (const name of ['Discapacidades', 'Hábitos']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toHaveCount(0);
  }

  // A new patient's file: the profile only, then an attachment.
  const patient = await registerPatient(request, 'Iris');
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, patient, '/ficha-paciente');
  await expect(page.getByText('Tu ficha todavía no tiene datos clínicos.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Perfil']);

  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Teléfono').fill('600 111 222');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(notification(page, 'Perfil actualizado correctamente')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(page.getByText('+34 600 111 222')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Subir archivo' }).click();
  await (await chooser).setFiles({ name: 'analítica.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
  await expect(notification(page, 'Archivo «analítica.pdf» subido correctamente')).toBeVisible();
  const attachments = page.getByRole('region', { name: 'Archivos adjuntos' });
  await expect(attachments.getByRole('cell', { name: 'analítica.pdf', exact: true })).toBeVisible();

  const download = page.waitForEvent('download');
  await attachments.getByRole('button', { name: 'Descargar analítica.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('analítica.pdf');
  expect((await bytesOf(file)).equals(samplePdf())).toBe(true);
});

test('the history filters by type and date, opens the chat, and exports the filtered PDF', async ({ page, request }) => {
  const token = await apiLogin(request, DEMO.patient);
  const all = (await (await request.get('/api/paciente/historial', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    fecha: string;
    consulta: string;
  }[];
  expect(all.length).toBeGreaterThan(0);

  await loginAs(page, DEMO.patient, '/historial');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial médico' })).toBeVisible();
  const results = page.getByRole('region', { name: 'Resultados' });
  // The summary line, not a spinner (also a status) that may show while a filter loads.
  const status = page.getByRole('status').filter({ hasText: /registros? (en tu historial|con )/ });
  await expect(status).toHaveText(new RegExp(`^${all.length} registros? en tu historial$`));
  await expect(results.getByRole('listitem')).toHaveCount(all.length);

  // Type: one of the three, from a select. While the filtered answers are on their way, nothing of
  // the unfiltered history stands under the new filter's name: no records, no total, no figures.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/api\/paciente\/historial(\/estadisticas)?\?.*tipo=/, async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByRole('combobox', { name: 'Tipo de consulta' }).click();
  await page.getByRole('option', { name: 'Revisión' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando' }).first()).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'con tipo «Revisión»' })).toHaveCount(0);
  await expect(page.getByRole('definition').first()).toHaveText('…');
  answer();
  await page.unrouteAll({ behavior: 'wait' });
  const revisions = all.filter((item) => item.consulta === 'Revisión').length;
  await expect(status).toContainText('con tipo «Revisión»');
  await expect(results.getByRole('listitem')).toHaveCount(revisions);
  for (const card of await results.getByRole('listitem').all()) await expect(card).toContainText('Revisión');
  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(results.getByRole('listitem')).toHaveCount(all.length);

  // Dates: a range picked on the calendar (the day of the latest record, both ends included).
  const latest = all[0]!.fecha;
  await pickDateRange(page, 'Fechas', latest, latest);
  await expect(page.getByRole('button', { name: 'Fechas', exact: true })).toHaveText(`${shownDate(latest)} – ${shownDate(latest)}`);
  const onDay = all.filter((item) => item.fecha === latest).length;
  await expect(results.getByRole('listitem')).toHaveCount(onDay);
  await expect(page.getByRole('definition').first()).toHaveText(String(onDay));
  await expectAccessible(page, '/historial with a date range');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^historial-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await bytesOf(file);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain('Ana López Ferrer');
  expect(text).toContain('Galeno Centro Médico');
  expect(text).toContain(`fecha ${shownDate(latest)} - ${shownDate(latest)}`);

  // The consultation table and the chat button.
  await expect(page.getByRole('table', { name: 'Mis consultas' }).getByRole('row')).toHaveCount(all.length + 1);
  await page.getByRole('button', { name: 'Abrir el chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('the history speaks the chosen language and shows the empty messages', async ({ page, request }) => {
  const patient = await registerPatient(request, 'Pol');
  await loginAs(page, patient, '/historial');
  await expect(page.getByRole('region', { name: 'Resultados' }).getByText('Sin resultados encontrados')).toBeVisible();
  await expect(page.getByText('No tienes consultas asignadas todavía.')).toBeVisible();
  await page.getByRole('main').getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Medical history' })).toBeVisible();
  await expect(page.getByText('You have no consultations assigned yet.')).toBeVisible();
});

test('/perfil shows the history entries and leads to the right profile for patients and doctors', async ({ page }) => {
  await loginAs(page, DEMO.patient, '/perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Historial médico' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'Ver perfil' }).click();
  await expect(page).toHaveURL(/\/perfil-paciente$/);

  await page.evaluate(() => localStorage.clear());
  await loginAs(page, DEMO.doctor, '/perfil');
  await expect(page.getByRole('heading', { level: 2, name: 'Mis consultas' })).toBeVisible();
  await page.getByRole('button', { name: 'Ver perfil' }).click();
  await expect(page).toHaveURL(/\/ficha-doctor$/);

  await page.goto('/perfil');
  await page.getByRole('main').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the patient's /medical-record is their own record, read-only", async ({ page }) => {
  await loginAs(page, DEMO.patient, '/medical-record');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi historia clínica' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Alergias' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Historial de consultas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});

const SCREENS: [string, string][] = [
  ['/panel-paciente', 'Hola, Ana'],
  ['/perfil-paciente', 'Editar mi perfil'],
  ['/paciente-perfil', 'Editar mi perfil'],
  ['/ficha-paciente', 'Ana López Ferrer'],
  ['/resumen-paciente', 'Resumen clínico'],
  ['/historial', 'Historial médico'],
  ['/perfil', 'Mi perfil'],
  ['/medical-record', 'Mi historia clínica'],
];

for (const [path, heading] of SCREENS) {
  test(`${path} has no serious accessibility problem in either theme`, async ({ page }) => {
    await loginAs(page, DEMO.patient, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Wait for the data, not only the frame.
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('Cargando…')).toHaveCount(0);
    await expectAccessibleInBothThemes(page, path);
  });
}

test('the file in edit mode and the editor with errors are accessible in either theme', async ({ page }) => {
  await loginAs(page, DEMO.patient, '/ficha-paciente');
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByLabel('Teléfono')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/ficha-paciente editing');
  await page.goto('/perfil-paciente');
  await page.getByLabel(/^Nombre/).fill('');
  await page.getByLabel('DNI/NIE').fill('123');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/perfil-paciente with errors');
});

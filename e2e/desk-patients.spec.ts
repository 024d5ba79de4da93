import { DEMO, expect, expectAccessibleInBothThemes, loginAs, test, unique } from './fixtures.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';
import { waitForMail } from './support/outbox.ts';

// The phone call at the desk: find the caller, open their card, book from it; or register them,
// see a likely duplicate first, and the new patient sets a password from the invitation.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };

test('the desk finds a demo patient by phone and by DNI and opens their card with "Dar cita"', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await loginAs(page, DEMO.reception, '/recepcion/pacientes');
  await expect(page.getByRole('heading', { level: 1, name: 'Pacientes (recepción)' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Buscar paciente' });
  const results = page.getByRole('list', { name: 'Resultados de la búsqueda' });

  await search.fill('612 345 678');
  const ana = results.getByRole('button', { name: /Ana López/ });
  await expect(ana.first()).toBeVisible(LOADED);
  await expectAccessibleInBothThemes(page, 'desk search results');

  await search.fill('12345678z');
  await expect(results.getByRole('button')).toHaveCount(1, LOADED);
  await expect(ana).toContainText('12345678Z');
  // Keyboard: ↓ from the box reaches the result, Enter opens it.
  await search.press('ArrowDown');
  await expect(ana).toBeFocused();
  await ana.press('Enter');

  await expect(page).toHaveURL(/\/recepcion\/pacientes\?.*paciente=\d+/);
  const id = new URL(page.url()).searchParams.get('paciente');
  await expect(page.getByRole('heading', { level: 2, name: /^Ana López/ })).toBeVisible(LOADED);
  await expect(page.getByRole('heading', { name: 'Datos de contacto' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Próximas citas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Avisos enviados' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Dar cita' })).toHaveAttribute('href', `/recepcion/citar?paciente=${id}`);
  await expectAccessibleInBothThemes(page, 'desk patient card');

  // Reload keeps the card; back returns to the search.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /^Ana López/ })).toBeVisible(LOADED);
  await page.setViewportSize(PHONE);
  await expectLaidOut(page, 'desk patient card on a phone');
  await expectAccessibleInBothThemes(page, 'desk patient card');
  await page.getByRole('button', { name: 'Volver a los resultados' }).click();
  await expect(results.getByRole('button', { name: /Ana López/ })).toBeVisible(LOADED);
  await expectLaidOut(page, 'desk search results on a phone');
  await expectAccessibleInBothThemes(page, 'desk search results');
});

test('the desk registers a caller, warns of a same-phone patient, and the invitation sets a password', async ({ page }, testInfo) => {
  const surname = unique('Mostrador');
  const phone = `6${String(Date.now()).slice(-8)}`;
  const first = { nombre: 'Carla', email: `${surname.toLowerCase()}.carla@example.com` };
  const second = { nombre: 'Pau', email: `${surname.toLowerCase()}.pau@example.com` };

  await page.setViewportSize(LAPTOP);
  await loginAs(page, DEMO.reception, '/recepcion/pacientes');
  const form = page.getByRole('form', { name: 'Nuevo paciente' });

  const fill = async (caller: { nombre: string; email: string }) => {
    await page.getByRole('button', { name: 'Nuevo paciente' }).click();
    await expect(form).toBeVisible();
    await form.getByLabel(/^Nombre/).fill(caller.nombre);
    await form.getByLabel(/^Primer apellido/).fill(surname);
    await form.getByLabel('Teléfono').fill(phone);
    await form.getByLabel('Correo').fill(caller.email);
  };

  // Nothing to reach them by: the form says so.
  await page.getByRole('button', { name: 'Nuevo paciente' }).click();
  await form.getByLabel(/^Nombre/).fill('Nadie');
  await form.getByLabel(/^Primer apellido/).fill(surname);
  await form.getByRole('button', { name: 'Dar de alta' }).click();
  await expect(form.getByText('Indica un teléfono o un correo para poder avisar al paciente.')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'desk registration with errors');
  await form.getByRole('button', { name: 'Cancelar' }).click();

  await fill(first);
  await form.getByRole('button', { name: 'Dar de alta' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Carla ${surname} ya es paciente` })).toBeVisible(LOADED);
  await expect(page.getByText(`Le hemos enviado una invitación a ${first.email}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Carla ${surname}` })).toBeVisible();

  // A second caller with the same phone: the desk sees Carla first.
  await fill(second);
  await form.getByRole('button', { name: 'Dar de alta' }).click();
  const warning = page.getByRole('alert').filter({ hasText: '¿Es alguno de estos pacientes?' });
  await expect(warning).toBeVisible(LOADED);
  await expect(warning.getByText(`Carla ${surname}`)).toBeVisible();
  await expect(warning.getByText('Mismo teléfono')).toBeVisible();
  await expect(warning.getByRole('button', { name: `Usar este: Carla ${surname}` })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'desk registration duplicates');
  await page.setViewportSize(PHONE);
  await expectLaidOut(page, 'desk registration duplicates on a phone');
  await page.setViewportSize(LAPTOP);
  await warning.getByRole('button', { name: 'Crear igualmente' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Pau ${surname} ya es paciente` })).toBeVisible(LOADED);

  // The invitation: a link to create the password, then Pau logs in.
  const mail = await waitForMail(testInfo, second.email, /Crea tu contraseña de Galeno/);
  const username = /nombre de usuario es: (\S+)/.exec(mail.text)?.[1];
  const link = /http:\/\/\S+\/restablecer-contrasena\?token=[\w-]+&invitacion=1/.exec(mail.text)?.[0];
  expect(username, mail.text).toBeDefined();
  expect(link, mail.text).toBeDefined();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Crea tu contraseña' })).toBeVisible(LOADED);
  await expect(page.getByText(`Para la cuenta ${username}.`)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'invitation: create your password');
  await page.getByLabel(/^Nueva contraseña/).fill('Mostrador1234!');
  await page.getByLabel(/^Confirmar contraseña/).fill('Mostrador1234!');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Usuario').fill(username ?? '');
  await page.getByLabel(/^Contraseña/).fill('Mostrador1234!');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/panel-paciente$/, LOADED);
});

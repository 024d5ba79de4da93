import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectAccessibleInBothThemes, registerPatient, test, unique, useTheme } from './fixtures.ts';
import { openScreen } from './support/public.ts';

const PASSWORD = 'Segura123!';

async function fillRegistration(page: Page, usuario: string, email = `${usuario}@example.com`) {
  await page.getByLabel(/^Nombre/).fill('Lucía');
  await page.getByLabel(/^Primer apellido/).fill('Prueba');
  await page.getByLabel(/^Segundo apellido/).fill('Ejemplo');
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Usuario/).fill(usuario);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByLabel(/^Confirmar contraseña/).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /acepto los términos de uso/ }).check();
}

const rule = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

test('a visitor signs up through the form, logs in and lands on the patient dashboard', async ({ page }) => {
  const usuario = unique('lucia');
  await openScreen(page, '/register', 'Crear cuenta de paciente');
  const submit = page.getByRole('button', { name: 'Crear cuenta' });
  await expect(submit).toBeDisabled();

  await fillRegistration(page, usuario);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Registro completado. Ya puedes iniciar sesión.')).toBeVisible();
  // The sign-up form stays on screen until the log-in screen has loaded: wait for the latter.
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/panel-paciente$/);
  expect(await page.evaluate(() => [localStorage.getItem('rol_usuario'), localStorage.getItem('nombre_usuario')])).toEqual([
    'paciente',
    'Lucía',
  ]);
});

test('the password checklist follows what is typed, rule by rule', async ({ page }) => {
  await openScreen(page, '/register', 'Crear cuenta de paciente');
  const password = page.getByLabel(/^Contraseña/);
  const rules = ['Una letra mayúscula', 'Una letra minúscula', 'Un número', 'Un carácter especial (!@#$%^&*)', 'Mínimo 8 caracteres'];
  for (const text of rules) await expect(rule(page, text)).toContainText('(pendiente)');

  await password.fill('a');
  await expect(rule(page, 'Una letra minúscula')).toContainText('(cumplido)');
  await expect(rule(page, 'Una letra mayúscula')).toContainText('(pendiente)');

  await password.fill('aB3');
  await expect(rule(page, 'Una letra mayúscula')).toContainText('(cumplido)');
  await expect(rule(page, 'Un número')).toContainText('(cumplido)');
  await expect(rule(page, 'Un carácter especial')).toContainText('(pendiente)');

  await password.fill('aB3-_.?');
  await expect(rule(page, 'Un carácter especial')).toContainText('(pendiente)');
  await password.fill('aB3-_.?#');
  await expect(rule(page, 'Un carácter especial')).toContainText('(cumplido)');
  await expect(rule(page, 'Mínimo 8 caracteres')).toContainText('(cumplido)');

  // Show/hide works on the password fields.
  await page.getByRole('button', { name: 'Mostrar u ocultar la contraseña' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('each field shows the spec message, and an incomplete submit asks to complete the form', async ({ page }) => {
  await openScreen(page, '/register', 'Crear cuenta de paciente');
  // The button reads and looks disabled (aria-disabled) yet still explains itself when pressed.
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeDisabled();
  await page.getByRole('button', { name: 'Crear cuenta' }).click({ force: true });
  await expect(page.getByText('Por favor, completa correctamente todos los campos obligatorios.')).toBeVisible();
  await expect(page.getByText('Nombre requerido')).toBeVisible();
  await expect(page.getByText('Primer apellido requerido')).toBeVisible();
  await expect(page.getByText('Debe ser un correo electrónico válido')).toBeVisible();
  await expect(page.getByText('Nombre de usuario requerido (mínimo 3 caracteres)')).toBeVisible();
  await expect(page.getByText('Debes aceptar los términos para continuar')).toBeVisible();

  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByLabel(/^Confirmar contraseña/).fill('Segura123?');
  await page.getByLabel(/^Confirmar contraseña/).blur();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeDisabled();
  await useTheme(page, 'oscuro');
  await expectAccessible(page, '/register with errors (light)');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta de paciente' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(/^Usuario/).press('Enter');
  await expect(page.getByText('Nombre requerido')).toBeVisible();
  await expectAccessible(page, '/register with errors (dark)');
});

test('the terms link opens the terms page in a new tab', async ({ page, context }) => {
  await openScreen(page, '/register', 'Crear cuenta de paciente');
  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /términos de uso y la política de privacidad/ }).click(),
  ]);
  await expect(terms).toHaveURL(/\/terminos$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Términos de uso y política de privacidad' })).toBeVisible();
});

test('a taken e-mail or username shows the failure alert with the reason', async ({ page, request }) => {
  const existing = await registerPatient(request);
  await openScreen(page, '/register', 'Crear cuenta de paciente');
  await fillRegistration(page, unique('otra'), `${existing.usuario}@example.com`);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'No se pudo completar el registro. Revisa los datos o intenta más tarde.' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('El correo ya está registrado.');
  await expect(page.getByLabel(/^Correo electrónico/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel(/^Correo electrónico/).fill(`${unique('nueva')}@example.com`);
  await page.getByLabel(/^Usuario/).fill(existing.usuario);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(alert).toContainText('El nombre de usuario ya está registrado.');
});

test(`the checklist says why a common password is refused, and the form will not send it`, async ({ page }) => {
  await openScreen(page, '/register', 'Crear cuenta de paciente');
  const password = page.getByLabel(/^Contraseña/);
  await password.fill('Password1!');
  // Every character rule is met, yet the password is one attackers try first.
  for (const text of ['Una letra mayúscula', 'Un número', 'Mínimo 8 caracteres']) await expect(rule(page, text)).toContainText('(cumplido)');
  const warning = page.getByText(/Es una de las contraseñas más usadas/);
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await password.blur();
  await expect(page.getByText(/Es una contraseña demasiado común/)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'common password');

  await password.fill('Girasol-Tranvia7!');
  await expect(warning).toBeHidden();
  await expect(page.getByText(/Es una contraseña demasiado común/)).toBeHidden();
});

import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, expectAccessibleInBothThemes, loginAs, registerPatient, test, type Credentials } from './fixtures.ts';
import { clinicNow } from './support/clock.ts';
import { logoutFromMenu } from './support/navigation.ts';

// A second factor, enrolled from /mi-cuenta with a QR code.

/**
 * The authenticator app's code, one 30-second step ahead on the clinic's clock (the server's): the
 * server accepts the next step's code (clock drift), and a code newer than the last one used is
 * never a replay.
 */
const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clinicNow().getTime() + 30_000 });

async function logInWithPassword(page: Page, patient: Credentials) {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(patient.usuario);
  await page.getByLabel(/^Contraseña/).fill(patient.contrasena);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' })).toBeVisible();
}


test(`a patient turns on two-step verification, then logs in with a code and with a recovery code`, async ({ page, request }) => {
  test.setTimeout(90_000);
  const patient = await registerPatient(request, 'Marta');
  await loginAs(page, patient, '/mi-cuenta');

  // Offered in /mi-cuenta.
  const section = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await expect(section.getByText('Desactivada')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/mi-cuenta, second factor off');
  await section.getByRole('link', { name: 'Activar' }).click();
  await expect(page).toHaveURL(/\/mi-cuenta\/segundo-factor$/);

  // The password again, then the QR code and the key to type by hand.
  await page.getByLabel(/^Contraseña/).fill(patient.contrasena);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('img', { name: 'Código QR para añadir Galeno a la aplicación de autenticación' })).toBeVisible();
  const secret = (await page.getByLabel('Clave para escribirla a mano').inputValue()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codeInput = page.getByLabel(/^Código de 6 cifras/);
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  await expectAccessibleInBothThemes(page, 'enrolment QR');

  // A wrong code is refused with the reason; the app's code turns it on.
  await codeInput.fill('000000');
  await page.getByRole('button', { name: 'Activar la verificación' }).click();
  await expect(page.getByText('El código no es correcto o ya se ha usado.', { exact: false })).toBeVisible();
  await codeInput.fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clinicNow().getTime() }));
  await page.getByRole('button', { name: 'Activar la verificación' }).click();

  // Ten recovery codes, shown once, to copy or download.
  await expect(page.getByRole('heading', { name: 'Tus códigos de recuperación' })).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  await expect(page.getByRole('button', { name: 'Copiar los códigos' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe('galeno-codigos-recuperacion.txt');
  await expectAccessibleInBothThemes(page, 'recovery codes');
  await page.getByRole('button', { name: 'Ya los he guardado' }).click();
  await expect(page).toHaveURL(/\/panel-paciente$/);

  // Log out; the password alone no longer logs in: a code is asked for.
  await logoutFromMenu(page);
  await logInWithPassword(page, patient);
  const appCode = page.getByLabel(/^Código de verificación/);
  await expect(appCode).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(appCode).toHaveAttribute('inputmode', 'numeric');
  await expectAccessibleInBothThemes(page, 'log-in code step');
  await appCode.fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/panel-paciente$/);

  // And with a recovery code instead, once.
  await logoutFromMenu(page);
  await logInWithPassword(page, patient);
  await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  const recoveryInput = page.getByLabel(/^Código de recuperación/);
  await expectAccessibleInBothThemes(page, 'log-in recovery code');
  await recoveryInput.fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/panel-paciente$/);

  // /mi-cuenta says it is on, with nine codes left.
  await page.goto('/mi-cuenta');
  await expect(section.getByText('Activada', { exact: true })).toBeVisible();
  await expect(section.getByText('Te quedan 9 códigos de recuperación sin usar.')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/mi-cuenta, second factor on');

  // The same recovery code does not work twice.
  await logoutFromMenu(page);
  await logInWithPassword(page, patient);
  await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await page.getByLabel(/^Código de recuperación/).fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'El código no es correcto o ya se ha usado.' })).toBeVisible();
});

import { expect, expectAccessible, registerPatient, test } from './fixtures.ts';
import { waitForMail } from './support/outbox.ts';

const NEW_PASSWORD = 'Recuperada1!';

test('a patient who forgot the password gets a link by e-mail, sets a new one and logs in with it', async ({ page, request }, testInfo) => {
  const patient = await registerPatient(request, 'Nuria');
  const email = `${patient.usuario}@example.com`;

  await page.goto('/login');
  await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(page.getByRole('heading', { name: '¿Has olvidado tu contraseña?' })).toBeVisible();
  await expectAccessible(page, 'request a reset link');
  await page.getByLabel(/^Usuario o correo electrónico/).fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Si existe una cuenta con ese usuario o correo' })).toBeVisible();

  const mail = await waitForMail(testInfo, email, /Restablece tu contraseña/);
  const link = /http:\/\/\S+\/restablecer-contrasena\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Crea una contraseña nueva' })).toBeVisible();
  await expect(page.getByText(`Para la cuenta ${patient.usuario}.`)).toBeVisible();
  const save = page.getByRole('button', { name: 'Guardar contraseña' });
  await expect(save).toBeDisabled();
  await page.getByLabel(/^Nueva contraseña/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirmar contraseña/).fill(NEW_PASSWORD);
  await expect(page.getByRole('listitem').filter({ hasText: 'Mínimo 8 caracteres' })).toHaveAttribute('data-met', 'true');
  await expectAccessible(page, 'set a new password');
  await save.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Contraseña cambiada. Ya puedes iniciar sesión con la nueva.')).toBeVisible();
  await page.getByLabel('Usuario').fill(patient.usuario);
  await page.getByLabel(/^Contraseña/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/panel-paciente$/);

  // The link works once: opened again, it says so and offers a new one.
  await page.goto(link ?? '');
  await expect(page.getByRole('alert').filter({ hasText: 'El enlace ya se ha utilizado' })).toBeVisible();
  await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).click();
  await expect(page.getByRole('heading', { name: '¿Has olvidado tu contraseña?' })).toBeVisible();
});

import { DEMO, expect, expectAccessible, loginAs, test, unique } from './fixtures.ts';
import { logout, notification } from './support/admin.ts';

test('an admin opens a front-desk account; its holder lands on the day board and cannot open a clinical screen', async ({ page }) => {
  test.slow();
  const usuario = unique('rec');
  await loginAs(page, DEMO.admin, '/gestion-usuarios');
  await page.getByRole('button', { name: 'Nueva cuenta de recepción' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva cuenta de recepción' });
  await dialog.getByLabel(/^Usuario/).fill(usuario);
  await dialog.getByLabel(/^Correo electrónico/).fill(`${usuario}@galeno.test`);
  await dialog.getByLabel(/^Nombre/).fill('Rosa');
  await dialog.getByLabel(/^Primer apellido/).fill('Pla');
  await dialog.getByLabel(/^Contraseña/).fill('Recepcion!2026');
  await dialog.getByLabel(/^Confirmar contraseña/).fill('Recepcion!2027');
  await dialog.getByLabel(/^Confirmar contraseña/).blur();
  await expect(dialog.getByText('Las contraseñas no coinciden')).toBeVisible();
  await dialog.getByLabel(/^Confirmar contraseña/).fill('Recepcion!2026');
  await expectAccessible(page, '/gestion-usuarios (nueva cuenta de recepción)');
  await dialog.getByRole('button', { name: 'Crear cuenta de recepción' }).click();
  await expect(notification(page, `Cuenta de recepción «${usuario}» creada.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await logout(page);
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel(/^Contraseña/).fill('Recepcion!2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/hoy-clinica$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoy en la clínica' })).toBeVisible();

  // Ley 41/2002, art. 16.4: the desk works with identity and visits, never the clinical record.
  await page.goto('/ficha-paciente');
  await expect(page.getByText('No tienes permisos para acceder a esta sección. Requiere: Paciente.')).toBeVisible();
  await page.goto('/medical-record');
  await expect(page.getByText('No tienes permisos para acceder a esta sección. Requiere: Doctor, Paciente.')).toBeVisible();
});

import { DEMO, expect, expectAccessible, test } from './fixtures.ts';

test('a doctor logs in and lands on the doctor dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(DEMO.doctor.usuario);
  await page.getByLabel(/^Contraseña/).fill(DEMO.doctor.contrasena);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/perfil-doctor$/);
});

test('a wrong password shows the spec error text', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(DEMO.patient2.usuario);
  await page.getByLabel(/^Contraseña/).fill('NoEsLaClave1!');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the login screen has no serious accessibility problems', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expectAccessible(page, '/login');
});

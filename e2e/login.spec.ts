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

test("the form's rules: Entrar waits for both fields, each says what is missing, and the rules download once the user reaches the form", async ({
  page,
}) => {
  const rulesDownloads: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/zod[\w-]*\.js$/.test(request.url())) rulesDownloads.push(request.url());
  });
  await page.goto('/login');
  const entrar = page.getByRole('button', { name: 'Entrar' });
  await expect(entrar).toBeDisabled();
  await page.waitForLoadState('networkidle');
  expect(rulesDownloads).toEqual([]);

  const usuario = page.getByLabel('Usuario');
  await usuario.click();
  await page.keyboard.press('Tab');
  await expect(page.getByText('El usuario es obligatorio')).toBeVisible();
  await usuario.fill('an');
  await page.keyboard.press('Tab');
  await expect(page.getByText('El usuario debe tener al menos 3 caracteres')).toBeVisible();
  await expect(entrar).toBeDisabled();
  await usuario.fill(DEMO.patient.usuario);
  await page.getByLabel(/^Contraseña/).fill(DEMO.patient.contrasena);
  await expect(entrar).toBeEnabled();
  expect(rulesDownloads.length).toBeGreaterThan(0);
});

test('a field reached without a press or a key (a screen reader) still says it is required when left', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeDisabled();
  const usuario = page.getByLabel('Usuario');
  await usuario.focus();
  await usuario.blur();
  await expect(page.getByText('El usuario es obligatorio')).toBeVisible();
});

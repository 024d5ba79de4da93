import { SCREENS } from '../contracts/routes.ts';
import { DEMO, expect, loginAs, registerPatient, test } from './fixtures.ts';
import { logoutFromMenu } from './support/navigation.ts';

test('a patient opening /panel-admin reads the permission message inside their own area', async ({ page, request }) => {
  const patient = await registerPatient(request);
  await loginAs(page, patient, '/panel-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sin permiso' })).toBeVisible();
  await expect(page.getByText('No tienes permisos para acceder a esta sección. Requiere: Administrador.')).toBeVisible();
  await expect(page).toHaveURL(/\/panel-admin$/);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Pedir cita' })).toBeVisible();
});

test('without a session an area screen goes to /login, which will bring the user back', async ({ page }) => {
  await page.goto('/panel-paciente');
  await expect(page).toHaveURL(/\/login\?next=%2Fpanel-paciente$/);
});

test('logging out clears the session and goes to /login', async ({ page, request }) => {
  const patient = await registerPatient(request);
  await loginAs(page, patient, '/panel-paciente');
  // The header's user menu; the dashboard has a 'Cerrar sesión' of its own.
  await logoutFromMenu(page);
  expect(
    await page.evaluate(() => ['access_token', 'nombre_usuario', 'rol_usuario'].map((key) => localStorage.getItem(key))),
  ).toEqual([null, null, null]);
  await page.goto('/panel-paciente');
  await expect(page).toHaveURL(/\/login\?next=%2Fpanel-paciente$/);
});

test('on a small screen the area menu opens as a drawer with the logout button', async ({ page, request }) => {
  const patient = await registerPatient(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, patient, '/panel-paciente');
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin control page links to every screen of the route table and /404', async ({ page }) => {
  await loginAs(page, DEMO.admin, '/panel-control');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible({ timeout: 30_000 });
  const paths = Object.values(SCREENS).map((screen) => screen.path);
  expect(paths).toContain('/404');
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.sort()).toEqual([...paths].sort());
  for (const name of ['Pantallas públicas', 'Administración', 'Doctor', 'Paciente', 'Compartidas entre roles']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Página no encontrada (404)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
});

test('a patient may not open the control page', async ({ page, request }) => {
  const patient = await registerPatient(request);
  await loginAs(page, patient, '/panel-control');
  await expect(page.getByText('No tienes permisos para acceder a esta sección. Requiere: Administrador.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sin permiso' })).toBeVisible();
});

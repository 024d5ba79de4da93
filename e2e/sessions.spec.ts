import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, expectAccessibleInBothThemes, loginAs, test } from './fixtures.ts';
import { notification, registerNamedPatient } from './support/admin.ts';
import { newClinicContext } from './support/clock.ts';

/** A separate browser (its own storage), as a second device would be, in a theme. */
async function device(browser: Browser, theme: 'claro' | 'oscuro'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newClinicContext(browser);
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
  return { context, page: await context.newPage() };
}

test('ending a session from another device sends the first to /login, told why', async ({ browser, request }) => {
  test.slow();
  // The devices keep the dark theme, which must outlive the session; axe checks both themes.
  const theme = 'oscuro';
  const patient = await registerNamedPatient(request, 'Sara');
  const first = await device(browser, theme);
  const second = await device(browser, theme);
  try {
    await loginAs(first.page, patient, '/mi-cuenta');
    await expect(first.page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    await loginAs(second.page, patient, '/mi-cuenta');

    const page = second.page;
    const list = page.getByRole('list', { name: 'Sesiones abiertas' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const mine = list.getByRole('listitem').filter({ hasText: 'Este dispositivo' });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Chrome · Linux');
    await expect(mine).toContainText('Dirección: 127.0.0.1');
    await expect(mine).toContainText(/Último uso: \d{1,2}\s\w+\.?\s\d{4}, \d\d:\d\d/);
    await expectAccessibleInBothThemes(page, '/mi-cuenta with two sessions');

    const other = list.getByRole('listitem').filter({ hasNotText: 'Este dispositivo' });
    await other.getByRole('button', { name: /^Cerrar la sesión de Chrome · Linux/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(/¿Cerrar la sesión de Chrome · Linux \(último uso: .+\)\?/);
    await expectAccessibleInBothThemes(page, 'the confirmation naming the session');
    await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(notification(page, 'Sesión de Chrome · Linux cerrada')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Cerrar las demás sesiones' })).toBeDisabled();

    // The first device's next request is refused: it lands on /login, which says why.
    await first.page.reload();
    await expect(first.page).toHaveURL(/\/login/);
    const told = first.page.getByRole('status').filter({ hasText: 'Se ha cerrado tu sesión' });
    await expect(told).toBeVisible();
    await expect(told).toContainText('Tu sesión se cerró desde otro dispositivo');
    // Language and theme stay on the device; the session's keys are gone.
    const kept = await first.page.evaluate(() => ({ token: localStorage.getItem('access_token'), theme: localStorage.getItem('theme') }));
    expect(kept).toEqual({ token: null, theme });
    await expectAccessibleInBothThemes(first.page, '/login after the session was ended');

    // The second device is still logged in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('an admin ends every session of a user after a confirmation naming them', async ({ browser, request }) => {
  test.slow();
  const patient = await registerNamedPatient(request, 'Bruno');
  const name = `Bruno ${patient.apellido}`;
  const user = await device(browser, 'claro');
  const admin = await device(browser, 'claro');
  try {
    await loginAs(user.page, patient, '/mi-cuenta');
    await expect(user.page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();

    const page = admin.page;
    await loginAs(page, DEMO.admin, '/gestion-usuarios');
    await page.getByPlaceholder('Buscar por nombre o email...').fill(patient.usuario);
    const row = page.getByRole('row', { name: new RegExp(patient.usuario) });
    // The header and the one match: the unfiltered page, shown until the search answers, has more.
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Cerrar todas las sesiones de ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`¿Cerrar todas las sesiones de ${name} (${patient.usuario})?`);
    await dialog.getByRole('button', { name: 'Cerrar sesiones' }).click();
    await expect(notification(page, `Se ha cerrado 1 sesión de ${name}`)).toBeVisible();

    await user.page.reload();
    await expect(user.page).toHaveURL(/\/login/);
    await expect(user.page.getByRole('status').filter({ hasText: 'Un administrador ha cerrado tu sesión' })).toBeVisible();
  } finally {
    await user.context.close();
    await admin.context.close();
  }
});

test('a page that needs a log-in says so on /login; logging out says nothing', async ({ page }) => {
  await page.goto('/mi-cuenta');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('status').filter({ hasText: 'Inicia sesión para continuar' })).toBeVisible();
  await expectAccessible(page, '/login asking for a log-in');

  await loginAs(page, DEMO.patient2, '/mi-cuenta');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar la sesión de este dispositivo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /sesión/ })).toHaveCount(0);
});

test("whoever logs in next in the same tab never sees the last user's data, however that session ended", async ({ page, request }) => {
  const alba = await registerNamedPatient(request, 'Alba');
  const bea = await registerNamedPatient(request, 'Bea');
  const patientMenu = page.getByRole('navigation', { name: 'Navegación principal' });
  await loginAs(page, alba, '/ficha-paciente');
  await expect(page.getByRole('heading', { level: 1, name: `Alba ${alba.apellido}` })).toBeVisible();

  // Alba's session ends without a log-out here (another device ended it): the next read is refused.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);
  await patientMenu.getByRole('link', { name: 'Mis visitas' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Bea logs in in the same tab (no reload) and opens the same screen: hers, not Alba's still in memory.
  await page.getByLabel('Usuario').fill(bea.usuario);
  await page.getByLabel(/^Contraseña/).fill(bea.contrasena);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await patientMenu.getByRole('link', { name: 'Ficha médica' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bea ${bea.apellido}` })).toBeVisible();
  await expect(page.getByText(alba.apellido)).toHaveCount(0);
});

test('a tab showing one user redraws for the user another tab has just logged in', async ({ page, request }) => {
  const alba = await registerNamedPatient(request, 'Alba');
  const bea = await registerNamedPatient(request, 'Bea');
  await loginAs(page, alba, '/ficha-paciente');
  await expect(page.getByRole('heading', { level: 1, name: `Alba ${alba.apellido}` })).toBeVisible();

  // A second tab of the same browser (the same storage): Bea logs in there.
  const other = await page.context().newPage();
  await other.goto('/login');
  await other.getByLabel('Usuario').fill(bea.usuario);
  await other.getByLabel(/^Contraseña/).fill(bea.contrasena);
  await other.getByRole('button', { name: 'Entrar' }).click();
  await expect(other).not.toHaveURL(/\/login/);

  // The first tab no longer shows Alba's file under Bea's session.
  await expect(page.getByRole('heading', { level: 1, name: `Bea ${bea.apellido}` })).toBeVisible();
  await expect(page.getByText(alba.apellido)).toHaveCount(0);
  await other.close();
});

test('a user changes their password on /mi-cuenta: signed in here, signed out everywhere else', async ({ browser, request }) => {
  test.slow();
  const patient = await registerNamedPatient(request, 'Noa');
  const elsewhere = await request.post('/api/login', { data: { usuario: patient.usuario, contrasena: patient.contrasena } });
  const otherToken = ((await elsewhere.json()) as { access_token: string }).access_token;
  const { context, page } = await device(browser, 'claro');
  try {
    await loginAs(page, patient, '/mi-cuenta');
    const card = page.getByRole('region', { name: 'Contraseña' });
    await card.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await card.getByLabel('Contraseña actual').fill('NoEsLaMia1!');
    await card.getByLabel('Nueva contraseña').fill('Otra-Clave-2026!');
    await card.getByLabel('Confirmar contraseña').fill('Otra-Clave-2026!');
    await expectAccessibleInBothThemes(page, 'the password change form');
    await card.getByRole('button', { name: 'Guardar la nueva contraseña' }).click();
    await expect(card.getByLabel('Contraseña actual')).toHaveAccessibleDescription('La contraseña actual no es correcta.');

    await card.getByLabel('Contraseña actual').fill(patient.contrasena);
    await card.getByRole('button', { name: 'Guardar la nueva contraseña' }).click();
    await expect(notification(page, 'Contraseña cambiada. Se han cerrado tus sesiones en los demás dispositivos.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cambiar la contraseña' })).toBeVisible();

    // This tab carries on with its new session; the other device's token is dead; the new password works.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Sesiones abiertas' }).getByRole('listitem')).toHaveCount(1);
    expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(401);
    expect((await request.post('/api/login', { data: { usuario: patient.usuario, contrasena: patient.contrasena } })).status()).toBe(401);
    expect((await request.post('/api/login', { data: { usuario: patient.usuario, contrasena: 'Otra-Clave-2026!' } })).status()).toBe(200);
  } finally {
    await context.close();
  }
});

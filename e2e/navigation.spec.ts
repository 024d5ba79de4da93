import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, expectAccessibleInBothThemes, loginAs, test, type Credentials } from './fixtures.ts';
import { openUserMenu } from './support/navigation.ts';

// One menu per role reaches every screen the role may open ("One way around").
test.describe.configure({ timeout: 120_000 });

interface Entry {
  label: string;
  path: string;
  /** The page's level-1 heading when it is not the label (a home greets the user). */
  heading?: RegExp;
}

const MENUS: Record<'admin' | 'doctor' | 'patient', { who: Credentials; home: string; main: Entry[]; user: Entry[] }> = {
  admin: {
    who: DEMO.admin,
    home: '/panel-admin',
    main: [
      { label: 'Inicio', path: '/panel-admin', heading: /^Panel de administración$/ },
      { label: 'Gestión de usuarios', path: '/gestion-usuarios' },
      { label: 'Registrar doctor', path: '/gestionRegister' },
      { label: 'Lista de pacientes', path: '/lista-pacientes' },
      { label: 'Auditoría', path: '/auditoria' },
      { label: 'Clínica', path: '/clinica' },
      { label: 'Asistente médico', path: '/chat' },
    ],
    // The header keeps the administration's seven entries (more do not fit at 1366 px); the desk's
    // four screens, which an administrator may use, follow the personal ones in the user menu.
    user: [
      { label: 'Mi cuenta', path: '/mi-cuenta' },
      { label: 'Panel de control', path: '/panel-control' },
      { label: 'Hoy en la clínica', path: '/hoy-clinica' },
      { label: 'Pacientes (recepción)', path: '/recepcion/pacientes' },
      { label: 'Dar cita', path: '/recepcion/citar' },
      { label: 'Por reubicar', path: '/por-reubicar' },
    ],
  },
  doctor: {
    who: DEMO.doctor,
    home: '/perfil-doctor',
    main: [
      { label: 'Inicio', path: '/perfil-doctor', heading: /^Hola, / },
      { label: 'Agenda médica', path: '/agenda-doctor' },
      { label: 'Mis visitas', path: '/mis-visitas' },
      { label: 'Asignar consultas', path: '/crear-consultas' },
      { label: 'Historia clínica', path: '/medical-record' },
      { label: 'Lista de pacientes', path: '/lista-pacientes' },
      { label: 'Asistente médico', path: '/chat' },
    ],
    user: [
      { label: 'Ficha del doctor', path: '/ficha-doctor' },
      { label: 'Mi perfil', path: '/perfil' },
      { label: 'Historial médico', path: '/historial' },
      { label: 'Mi cuenta', path: '/mi-cuenta' },
    ],
  },
  patient: {
    who: DEMO.patient,
    home: '/panel-paciente',
    main: [
      { label: 'Inicio', path: '/panel-paciente', heading: /^Hola, / },
      { label: 'Pedir cita', path: '/pedir-cita' },
      { label: 'Mis visitas', path: '/mis-visitas' },
      { label: 'Historial médico', path: '/historial' },
      // The file's heading is the patient's name.
      { label: 'Ficha médica', path: '/ficha-paciente', heading: /^Ana López/ },
      { label: 'Asistente médico', path: '/chat' },
    ],
    user: [
      { label: 'Editar mi perfil', path: '/perfil-paciente' },
      { label: 'Mi perfil', path: '/perfil' },
      { label: 'Resumen clínico', path: '/resumen-paciente' },
      // The patient's own record is headed by their name.
      { label: 'Historia clínica', path: '/medical-record', heading: /./ },
      { label: 'Quién ha consultado mi historia', path: '/quien-ha-consultado' },
      { label: 'Mi cuenta', path: '/mi-cuenta' },
    ],
  },
};

async function expectScreen(page: Page, entry: Entry): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
  await expect(page).toHaveTitle(`${entry.label} · Galeno`);
  await expect(page.getByRole('heading', { level: 1, name: entry.heading ?? entry.label }).first()).toBeVisible();
}

for (const [role, menu] of Object.entries(MENUS)) {
  test(`the ${role}'s menu and user menu open every screen of the role, each with its title`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginAs(page, menu.who, menu.home);
    const nav = () => page.getByRole('banner').getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav().getByRole('link')).toHaveText(menu.main.map((entry) => new RegExp(`^${entry.label}`)));
    for (const entry of menu.main) {
      // The chat draws its own frame: come back to the area before the next entry.
      if (!page.url().endsWith(menu.home)) await page.goto(menu.home);
      await nav().getByRole('link', { name: new RegExp(`^${entry.label}`) }).click();
      await expectScreen(page, entry);
    }
    await page.goto(menu.home);
    for (const entry of menu.user) {
      await openUserMenu(page);
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([/./, ...menu.user.map((item) => item.label), 'Cerrar sesión']);
      await page.getByRole('menu').getByRole('menuitem', { name: entry.label, exact: true }).click();
      await expectScreen(page, entry);
    }
  });
}

test('on a phone the burger opens every entry of the menu and of the user menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, DEMO.doctor, '/perfil-doctor');
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menú' });
  for (const entry of [...MENUS.doctor.main, ...MENUS.doctor.user]) {
    await expect(drawer.getByRole('link', { name: new RegExp(`^${entry.label}`) })).toBeVisible();
  }
  await drawer.getByRole('link', { name: 'Mis visitas' }).click();
  await expectScreen(page, MENUS.doctor.main[2]!);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});

test('the header and its user menu are accessible in both themes, at both widths', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, DEMO.patient, '/panel-paciente');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByRole('menu')).toContainText('Ana');
  await expectAccessibleInBothThemes(page, 'user menu at 1366');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'menu drawer at 390');
});

test("the user menu downloads after the screen's data, and opens at once if pressed before", async ({ page }) => {
  const menuDownloads: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/user-menu-[\w-]+\.js$/.test(request.url())) menuDownloads.push(request.url());
  });
  // Part of the screen's data (its attachments) is held back: the page has not settled when the user
  // reaches for the menu.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/paciente/archivos', async (route) => {
    await held;
    await route.continue();
  });
  await loginAs(page, DEMO.patient, '/ficha-paciente');
  const button = page.getByRole('banner').getByRole('button', { name: 'Menú de usuario de Ana' });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  // Not downloaded while the data is missing, unless the page's 5 s wait ran out first (a slow start
  // on a loaded machine): then it is there already, as the last line checks.
  const sinceOpen = await page.evaluate(() => performance.now());
  if (sinceOpen < 4_500) expect(menuDownloads).toEqual([]);
  // Pressed from the keyboard before the menu has arrived: it opens as soon as it has, focus on its
  // first entry; Escape closes it and gives the focus back to the button.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Editar mi perfil' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();
  release();
  await expect.poll(() => menuDownloads).toHaveLength(1);
});

test('the user menu works from the keyboard: Enter opens it on its first entry, arrows move, Escape closes', async ({ page }) => {
  await loginAs(page, DEMO.doctor, '/perfil-doctor');
  const button = page.getByRole('banner').getByRole('button', { name: /^Menú de usuario de / });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  const entries = menu.getByRole('menuitem', { disabled: false });
  await expect(entries.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(entries.nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test('an unknown address keeps a signed-in doctor in their area, with a way home', async ({ page }) => {
  await loginAs(page, DEMO.doctor, '/no-existe-esta-pagina');
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(page).toHaveTitle('Página no encontrada · Galeno');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Menú de usuario de / })).toBeVisible();
  await expectAccessible(page, '404 inside the area');
  await page.getByRole('main').getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/perfil-doctor$/);
});

test('a forbidden address keeps the user in their area, with the spec words and a way home', async ({ page }) => {
  await loginAs(page, DEMO.doctor, '/gestion-usuarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Sin permiso' })).toBeVisible();
  await expect(page.getByText('No tienes permisos para acceder a esta sección. Requiere: Administrador.')).toBeVisible();
  await expect(page).toHaveTitle('Sin permiso · Galeno');
  await expect(page).toHaveURL(/\/gestion-usuarios$/);
  await expectAccessible(page, 'no-permission page');
  await page.getByRole('main').getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/perfil-doctor$/);
});

test('"Volver" goes one step back inside the app, and to the home when the page was opened directly', async ({ page }) => {
  await loginAs(page, DEMO.patient, '/mis-visitas');
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Ficha médica' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Ana López/ })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/mis-visitas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis visitas' })).toBeVisible();

  // Opened from outside (a bookmark, a typed address): nothing of ours behind it, so the home.
  await page.goto('/ficha-paciente');
  await page.getByRole('main').getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/panel-paciente$/);
});

test('an address typed in capitals or with a trailing slash opens its screen', async ({ page }) => {
  await loginAs(page, DEMO.patient, '/Mis-Visitas/');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis visitas' })).toBeVisible();
  await page.goto('/ADMIN/');
  await expect(page).toHaveURL(/\/panel-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sin permiso' })).toBeVisible();
});

async function logIn(page: Page, who: Credentials): Promise<void> {
  await page.getByLabel(/^Usuario/).fill(who.usuario);
  await page.getByLabel(/^Contraseña/).fill(who.contrasena);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('after log-in the user returns to the page they asked for; other sites are ignored', async ({ page }) => {
  await page.goto('/medical-record?paciente=1');
  await expect(page).toHaveURL(/\/login\?next=%2Fmedical-record%3Fpaciente%3D1$/);
  await logIn(page, DEMO.doctor);
  await expect(page).toHaveURL(/\/medical-record\?paciente=1$/);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/login?next=%2F%2Fevil.example%2F');
  await logIn(page, DEMO.patient);
  await expect(page).toHaveURL(/\/panel-paciente$/);

  // A page the role may not open is not where a patient lands.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login?next=%2Fagenda-doctor');
  await logIn(page, DEMO.patient);
  await expect(page).toHaveURL(/\/panel-paciente$/);
});

test('date fields follow the app language: DD/MM/AAAA and a Monday-first calendar in Spanish', async ({ page }) => {
  await loginAs(page, DEMO.doctor, '/crear-consultas');
  const date = page.getByLabel(/^Fecha/);
  await expect(date).toHaveAttribute('placeholder', 'DD/MM/AAAA');
  await date.fill('24/11/2030');
  await expect(page.getByRole('button', { name: '24 noviembre 2030', exact: true })).toBeVisible();
  await expect(page.locator('thead').last()).toContainText(/^lu/i);
  await date.press('Tab');
  await expect(date).toHaveValue('24/11/2030');
  // 24-hour time: hours and minutes, no AM/PM.
  await expect(page.getByRole('spinbutton', { name: 'Hora, horas' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Hora, minutos' })).toBeVisible();
  await expectAccessible(page, 'date and time fields');
});

test('a time pasted into a time field fills its hours and minutes', async ({ page }) => {
  await loginAs(page, DEMO.doctor, '/crear-consultas');
  const hours = page.getByRole('spinbutton', { name: 'Hora, horas' });
  // What the browser sends on Ctrl+V: a paste event carrying the clipboard's text.
  await hours.evaluate((input) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text', '10:45');
    input.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData }));
  });
  await expect(hours).toHaveValue('10');
  await expect(page.getByRole('spinbutton', { name: 'Hora, minutos' })).toHaveValue('45');
  // A paste without data (a script's) is left alone rather than cancelled and failed on.
  const cancelled = await hours.evaluate((input) => !input.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true })));
  expect(cancelled).toBe(false);
  await expect(hours).toHaveValue('10');
});

test("the agenda's buttons use the spec's English labels in English", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await loginAs(page, DEMO.doctor, '/agenda-doctor');
  for (const label of ['Open Hour', 'Block Hour', 'Unblock Hour']) await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Medical agenda · Galeno');
});

test('/chat has the footer like the other pages', async ({ page }) => {
  await loginAs(page, DEMO.patient, '/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Asistente médico' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Enlaces del pie de página' })).toBeVisible();
  await expect(page.getByText(/© \d{4} Galeno/)).toBeVisible();
  await expect(page).toHaveTitle('Asistente médico · Galeno');
});

import type { Page } from '@playwright/test';
import { canOpen, SCREENS, type ScreenName } from '../contracts/routes.ts';
import type { Role } from '../contracts/roles.ts';
import { screens } from '../web/src/app/screens.ts';
import { apiLogin, DEMO, expect, expectAccessible, loginAs, test, useTheme, type Credentials } from './fixtures.ts';
import { scrollToAgendaPanels } from './support/agenda.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';

// Every screen of every role (the route table, contracts/routes.ts) at a phone's and a laptop's
// width: no sideways scroll, no cut badge, button or tab label. Axe runs on each screen
// in the dark theme on the phone and the light theme on the laptop, so both themes are checked.
// The tests only read, so they spread over the workers like separate files.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const ROLES = {
  paciente: DEMO.patient,
  doctor: DEMO.doctor,
  admin: DEMO.admin,
  recepcion: DEMO.reception,
} as const satisfies Record<Role, Credentials>;

const names = Object.keys(SCREENS) as ScreenName[];
const publicScreens = names.filter((name) => SCREENS[name].access === 'public');
const screensOf = (role: Role) => names.filter((name) => SCREENS[name].access !== 'public' && canOpen(name, role));

test('every screen of the route table is visited by some role', () => {
  const visited = new Set([...publicScreens, ...(Object.keys(ROLES) as Role[]).flatMap(screensOf)]);
  expect(names.filter((name) => !visited.has(name))).toEqual([]);
});

const componentOf = (path: string) => {
  const name = names.find((screen) => SCREENS[screen].path === path);
  return name && screens[name].load.toString();
};
/** Two paths the same component draws (or one path twice): the app keeps its heading, so reload. */
const drawnAlike = (a: string, b: string) => a === b || componentOf(a) === componentOf(b);

/**
 * Opens a path inside the running app, as its links do (no reload of the app's code: the time
 * budget), and waits for the screen to draw its heading and finish loading its data.
 */
async function open(page: Page, path: string): Promise<void> {
  const current = page.url() === 'about:blank' ? undefined : new URL(page.url()).pathname;
  if (!current || drawnAlike(current, path.split('?')[0]!)) await page.goto(path);
  else {
    // The screen on show is marked, so the wait below is for the next one's heading.
    await page.evaluate((to) => {
      for (const heading of document.querySelectorAll('h1')) heading.dataset.previous = '';
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  await expect(page.locator('h1:not([data-previous])').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
}

async function check(page: Page, path: string, width: number): Promise<void> {
  await open(page, path);
  await expectLaidOut(page, path);
  await expectAccessible(page, `${path} at ${width}px`);
  // A screen's main state behind a choice: the booking calendar of a doctor, the agenda's month.
  const then = AFTER_OPENING[path];
  if (then) {
    await then(page);
    await expectLaidOut(page, `${path} (${then.name})`);
    await expectAccessible(page, `${path} (${then.name}) at ${width}px`);
  }
}

const AFTER_OPENING: Record<string, (page: Page) => Promise<void>> = {
  '/pedir-cita': async function withDoctor(page) {
    await page.getByLabel('Doctor', { exact: true }).selectOption({ label: 'Laura García Romero' });
    await expect(page.getByRole(page.viewportSize()!.width < 768 ? 'region' : 'table', { name: /^Agenda de Laura García Romero/ })).toBeVisible();
  },
  '/agenda-doctor': async function monthViewAndPanels(page) {
    await page.getByText('Mensual', { exact: true }).click();
    await expect(page.getByRole('list', { name: 'Leyenda del calendario' })).toBeVisible();
    // The weekly-hours and absences panels below are drawn once scrolled towards.
    await scrollToAgendaPanels(page);
    await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  },
};

for (const viewport of [PHONE, LAPTOP]) {
  const theme = viewport === PHONE ? 'oscuro' : 'claro';
  test.describe(`at ${viewport.width}px (${theme})`, () => {
    test.use({ viewport });

    test('public screens', async ({ page }) => {
      await useTheme(page, theme);
      for (const name of publicScreens) await check(page, SCREENS[name].path, viewport.width);
      await check(page, '/restablecer-contrasena?token=abc', viewport.width);
    });

    for (const [role, credentials] of Object.entries(ROLES) as [Role, Credentials][]) {
      test(`${role} screens`, async ({ page }) => {
        await useTheme(page, theme);
        const paths = screensOf(role).map((name) => SCREENS[name].path as string);
        if (role === 'doctor') {
          // The record of a patient the doctor treats, besides the chooser.
          const token = await apiLogin(page.request, credentials);
          const response = await page.request.get('/api/medico/pacientes?mis_pacientes=true&buscar=Ana', {
            headers: { authorization: `Bearer ${token}` },
          });
          const [ana] = (await response.json()) as { id_paciente: number }[];
          paths.push(`/medical-record?paciente=${ana!.id_paciente}`);
        }
        await loginAs(page, credentials, paths[0]!);
        for (const path of paths) await check(page, path, viewport.width);
      });
    }
  });
}

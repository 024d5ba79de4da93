import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { installClinicClock } from './support/clock.ts';

export { expect };
/** Every page a journey opens runs on the clinic's clock of the run, as its server does. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await installClinicClock(context);
    await use(context);
  },
});

/** The demo clinic's log-ins (server/seed/demo.ts), present on every browser-test server. */
export const DEMO = {
  admin: { usuario: 'admin', contrasena: 'Admin1234!' },
  reception: { usuario: 'recepcion', contrasena: 'Recepcion1234!' },
  doctor: { usuario: 'dra.garcia', contrasena: 'Doctor1234!' },
  doctor2: { usuario: 'dr.puig', contrasena: 'Doctor1234!' },
  patient: { usuario: 'ana.lopez', contrasena: 'Paciente1234!' },
  patient2: { usuario: 'jordi.martin', contrasena: 'Paciente1234!' },
} as const;

export interface Credentials {
  usuario: string;
  contrasena: string;
}

let sequence = 0;
/** A unique suffix for accounts a test creates, so tests never collide on the shared server. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

/** Registers a new patient through the API and returns their credentials. */
export async function registerPatient(request: APIRequestContext, nombre = 'Lucía'): Promise<Credentials> {
  const usuario = unique('pac');
  const contrasena = 'Paciente1234!';
  const response = await request.post('/api/registro-paciente', {
    data: { usuario, email: `${usuario}@example.com`, contrasena, nombre, apellido_1: 'Prueba' },
  });
  expect(response.status()).toBe(201);
  return { usuario, contrasena };
}

/** The log-in's body: the API refuses fields it does not name, and registerDoctorByApi's credentials carry the name too. */
export const loginBody = ({ usuario, contrasena }: Credentials): Credentials => ({ usuario, contrasena });

/** Logs in through the API and returns the token. */
export async function apiLogin(request: APIRequestContext, credentials: Credentials): Promise<string> {
  const response = await request.post('/api/login', { data: loginBody(credentials) });
  expect(response.status(), `log-in of ${credentials.usuario}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface StoredSession {
  access_token: string;
  usuario: { nombre: string; rol: string };
}

/**
 * The demo accounts' sessions, made once per worker and server: the journeys share these accounts
 * anyway, and a log-in costs the server a password hash each time. A stored session is reused only
 * while the server still accepts it (a journey may have ended it); accounts a journey creates log
 * in afresh, and the journeys that test the log-in itself go through its form.
 */
const storedSessions = new Map<string, StoredSession>();
const DEMO_LOGINS = new Set<string>(Object.values(DEMO).map((account) => account.usuario));

async function sessionFor(page: Page, credentials: Credentials): Promise<StoredSession> {
  const key = `${test.info().project.use.baseURL} ${credentials.usuario}`;
  const stored = storedSessions.get(key);
  if (stored) {
    // Also the name as it is now: a journey may have renamed the account since.
    const still = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${stored.access_token}` } });
    if (still.ok()) return { access_token: stored.access_token, usuario: (await still.json()) as StoredSession['usuario'] };
  }
  const response = await page.request.post('/api/login', { data: loginBody(credentials) });
  expect(response.status(), `log-in of ${credentials.usuario}`).toBe(200);
  const session = (await response.json()) as StoredSession;
  if (DEMO_LOGINS.has(credentials.usuario)) storedSessions.set(key, session);
  return session;
}

/** Logs in as the browser would (token and name in storage), then opens `path`. */
export async function loginAs(page: Page, credentials: Credentials, path: string): Promise<void> {
  const body = await sessionFor(page, credentials);
  // The storage is the origin's: an empty page of the origin is enough to write it, without
  // loading the whole app once more only to leave it (a page served by the browser test itself).
  await page.route(BLANK_PAGE, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }));
  await page.goto(BLANK_PAGE);
  await page.unroute(BLANK_PAGE);
  await page.evaluate((session) => {
    localStorage.setItem('access_token', session.access_token);
    localStorage.setItem('nombre_usuario', session.usuario.nombre);
    localStorage.setItem('rol_usuario', session.usuario.rol);
  }, body);
  await page.goto(path);
  // A fresh browser's first visit downloads and runs the whole app; on a loaded two-core CI machine
  // that alone once took the 10 s an expectation waits (a journey failed before its first step).
  // Every screen has one h1: wait for it with the time a first load can take, so the journeys'
  // own expectations time only what they test.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
}

const BLANK_PAGE = '/__e2e-blank';

/**
 * Fails on any serious or critical accessibility problem axe finds on the page as it is now. Each
 * screen state is checked once per worker in each theme and kind of window (phone or wider): the
 * same state reached again by another journey, or again on a later step, has nothing new for axe.
 * A state is the screen's path (ids and query left out) and the label, which names what is on
 * screen (a dialog, errors, a view); the label's width and theme are left to the key's own.
 */
export async function expectAccessible(page: Page, label: string, { coloursOnly = false } = {}): Promise<void> {
  const state = `${await screenState(page, label)}${coloursOnly ? ' colours' : ''}`;
  if (checkedStates.has(state)) {
    await test.step(`axe: ${label} (this state was checked earlier in this worker)`, () => {}, { box: true });
    return;
  }
  // A step of its own: the report shows how much of a journey's time axe takes.
  await test.step(`axe: ${label}${coloursOnly ? ' (colour rules)' : ''}`, () => axeCheck(page, label, coloursOnly), { box: true });
  // Only a passing check is remembered: a failed state is checked again wherever it is reached.
  checkedStates.add(state);
}

const checkedStates = new Set<string>();

async function screenState(page: Page, label: string): Promise<string> {
  const theme = (await page.locator('html').getAttribute('data-mantine-color-scheme')) ?? 'light';
  const phone = (page.viewportSize()?.width ?? 1280) < 768 ? 'phone' : 'wide';
  const path = new URL(page.url()).pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
  const name = label
    .replace(/\s*\((light|dark)\)\s*$/, '')
    .replace(/,?\s*(at\s+)?\d+\s*px\b/g, '')
    .trim();
  return `${test.info().project.use.baseURL} ${path} ${name} ${theme} ${phone}`;
}

/**
 * The rules about colours (axe's category cat.color): the only ones a change of colour scheme alone
 * can answer differently. The AAA one is off in every check, as it is by default.
 */
const COLOUR_RULES = axe
  .getRules(['cat.color'])
  .filter((rule) => !rule.tags.includes('wcag2aaa'))
  .map((rule) => rule.ruleId);

async function axeCheck(page: Page, label: string, coloursOnly: boolean): Promise<void> {
  // A modal still fading in has half-transparent colours, which axe would measure as poor contrast.
  // Waiting for running animations is not enough: Mantine mounts a dialog at opacity 0 and starts
  // its fade two frames later, so for a moment it is visible to Playwright with nothing running
  // (one CI run failed on exactly that). Mantine's transitions set opacity inline; the page is
  // settled when every such element on screen is opaque and no animation with an end still runs.
  // Spinners loop forever, so they are not waited for.
  await expect
    .poll(() => page.evaluate(unsettled), { message: `${label}: the page settles for axe`, timeout: 10_000, intervals: [20, 50, 100] })
    .toEqual([]);
  // A notice can start leaving while axe runs (they close on a timer): with transitions off, it is
  // either there or gone, never caught half transparent.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
  try {
    // Only violations are read: axe then skips building selectors for every passing node, which is
    // most of its time on big pages (the agenda's year view has twelve month grids).
    // Legacy mode runs axe.run in the page itself: the default (axe.runPartial, for iframes) opens
    // a new tab on every check to merge the frames' results, and the app has no iframes.
    results = await new AxeBuilder({ page, axeSource: await axeInPage(page) })
      .options({ resultTypes: ['violations'], ...(coloursOnly ? { runOnly: { type: 'rule', values: COLOUR_RULES } } : {}) })
      .setLegacyMode()
      .analyze();
  } finally {
    await still.evaluate((element) => (element as Element).remove());
  }
  const problems = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(problems, `accessibility of ${label}`).toEqual([]);
}

/** What is still moving or half transparent on screen, described; runs in the page. */
function unsettled(): string[] {
  const describe = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
  const animations = document
    .getAnimations()
    .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return `${animation.constructor.name} on ${target ? describe(target) : 'nothing'}`;
    });
  const transparent = [...document.querySelectorAll<HTMLElement>('[style*="opacity"]')]
    .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).opacity !== '1')
    .map((element) => `${describe(element)} at opacity ${getComputedStyle(element).opacity}`);
  return [...animations, ...transparent];
}

/** Stands for axe's source when axe is already in the page: AxeBuilder evaluates it, harmlessly. */
const AXE_ALREADY_IN_PAGE = ';';

/**
 * Puts axe in the page once per document. AxeBuilder evaluates its 550 KB source twice on every
 * check; a journey checks the same document many times (both themes, each step of a dialog), and
 * on two busy cores those evaluations were a good part of each check.
 */
async function axeInPage(page: Page): Promise<string> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(axe.source);
  return AXE_ALREADY_IN_PAGE;
}

/**
 * Checks the page with axe in both themes: as it is, then in the other colour scheme, then puts the
 * scheme back. Mantine's switch sets only `data-mantine-color-scheme` on <html> and every colour
 * comes from CSS variables keyed on it, so setting the attribute shows what the switch would; a
 * journey then covers both themes in one run instead of running once per theme. The elements are
 * the same in both schemes, so in the second only the rules about colours can answer differently:
 * only those run again.
 */
export async function expectAccessibleInBothThemes(page: Page, label: string): Promise<void> {
  const scheme = (await page.locator('html').getAttribute('data-mantine-color-scheme')) === 'dark' ? 'dark' : 'light';
  const other = scheme === 'dark' ? 'light' : 'dark';
  await expectAccessible(page, `${label} (${scheme})`);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const before = await background();
  await setColorScheme(page, other);
  try {
    // A scheme the page ignored would be checked twice in the same colours.
    expect(await background(), `the ${other} theme's background on ${label}`).not.toBe(before);
    await expectAccessible(page, `${label} (${other})`, { coloursOnly: true });
  } finally {
    await setColorScheme(page, scheme);
  }
}

async function setColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => document.documentElement.setAttribute('data-mantine-color-scheme', value), scheme);
}

/** Sets the theme the way the app stores it, before the page loads. */
export async function useTheme(page: Page, theme: 'claro' | 'oscuro'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}


import type { Request } from '@playwright/test';
import { DEMO, expect, loginAs, test, type Credentials } from './fixtures.ts';

// A signed-in first load asks for a screen's data with its code, not after its first render
// (app/router.tsx, `firstReads` in each screen): the reads are under way while the screen still waits
// for its strings, and the screen's own hooks use them instead of asking again.
type FirstLoad = { path: string; who: Credentials; strings: string; reads: RegExp[] };

const FIRST_LOADS: FirstLoad[] = [
  { path: '/panel-paciente', who: DEMO.patient, strings: 'patient', reads: [/^\/api\/paciente\/inicio$/] },
  {
    path: '/ficha-paciente',
    who: DEMO.patient,
    strings: 'clinical',
    reads: [
      'perfil',
      'alergias',
      'enfermedades',
      'discapacidades',
      'habitos',
      'vacunas',
      'ultima-consulta',
      'archivos',
    ].map((section) => new RegExp(`^/api/paciente/${section}$`)),
  },
  {
    path: '/pedir-cita',
    who: DEMO.patient,
    strings: 'booking',
    reads: [/^\/api\/citas\/doctores$/, /^\/api\/citas\/reglas$/],
  },
  {
    path: '/mis-visitas',
    who: DEMO.patient,
    strings: 'visits',
    reads: [
      ...['proximas', 'pasadas', 'canceladas'].map(
        (periodo) => new RegExp(`^/api/citas/mias\\?periodo=${periodo}&pagina=1&`),
      ),
      /^\/api\/lista-espera$/,
      /^\/api\/clinica\/reglas$/,
    ],
  },
  { path: '/perfil-doctor', who: DEMO.doctor, strings: 'doctor', reads: [/^\/api\/medico\/inicio$/] },
  {
    path: '/ficha-doctor',
    who: DEMO.doctor,
    strings: 'doctor',
    reads: [/^\/api\/doctor\/perfil$/, /^\/api\/agenda\/horario$/, /^\/api\/doctor\/calendario$/],
  },
  {
    path: '/agenda-doctor',
    who: DEMO.doctor,
    strings: 'agenda',
    reads: [
      /^\/api\/agenda\/mi-id-doctor$/,
      /^\/api\/agenda\/solicitudes\?pagina=1&por_pagina=5$/,
      /^\/api\/agenda\?fecha=/,
      /^\/api\/agenda\/solicitudes-dia\?/,
    ],
  },
];

const pathOf = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname + url.search;
};

for (const { path, who, strings, reads } of FIRST_LOADS) {
  test(`${path} asks for its data while its strings are still on the way, and only once`, async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(pathOf(request));
    });
    // The screen's Spanish strings (a chunk named after the namespace and its 8-character hash) are
    // held: the screen cannot be drawn before they arrive.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(new RegExp(`/assets/${strings}-[\\w-]{8}\\.js$`), async (route) => {
      held = true;
      await released;
      await route.continue();
    });

    const opening = loginAs(page, who, path);
    try {
      await expect.poll(() => held, { message: `the ${strings} strings are requested` }).toBe(true);
      for (const read of reads) {
        await expect
          .poll(() => asked.some((url) => read.test(url)), { message: `${read} asked before the screen is drawn` })
          .toBe(true);
      }
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    } finally {
      release();
    }
    await opening;
    await page.waitForLoadState('networkidle');
    for (const read of reads)
      expect(
        asked.filter((url) => read.test(url)),
        `${read} asked once`,
      ).toHaveLength(1);
  });
}

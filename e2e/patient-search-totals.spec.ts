import type { Page } from '@playwright/test';
import { SEARCH_COUNT_LIMIT } from '../contracts/common.ts';
import { DEMO, expect, loginAs, test } from './fixtures.ts';

/**
 * The server counts a search up to 100 matches (or the end of the page asked for) and then
 * answers X-Total-Count-Approximate: true (API tests cover that on both databases). Making
 * 160 patients here would take minutes (a password hash each), so the answers are stood in for: this checks how the
 * screen words such a total and that its pager reaches every page.
 */
const MATCHES = 160;
const PAGE_SIZE = 50;

async function answerLikeTheServer(page: Page): Promise<void> {
  await page.route('**/api/pacientes?*', async (route) => {
    const url = new URL(route.request().url());
    const pagina = Number(url.searchParams.get('pagina') ?? 1);
    const offset = (pagina - 1) * PAGE_SIZE;
    const limit = Math.max(SEARCH_COUNT_LIMIT, offset + PAGE_SIZE);
    const approximate = MATCHES > limit;
    const items = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, MATCHES - offset)) }, (_, i) => {
      const n = offset + i + 1;
      return {
        id_paciente: n, id_usuario: n, nombre: `Paciente${n}`, apellido1: 'Aproximado', apellido2: null,
        nombre_completo: `Paciente${n} Aproximado`, correo: `p${n}@example.com`, telefono: null, direccion: null,
        fecha_alta: '2025-01-01', estado_actividad: 'Activo',
      };
    });
    await route.fulfill({
      json: items,
      headers: {
        'x-total-count': String(approximate ? limit : MATCHES),
        ...(approximate && { 'x-total-count-approximate': 'true' }),
      },
    });
  });
}

test('a search with more than 100 matches says so in each language and still pages to the end', async ({ page }) => {
  test.slow();
  await answerLikeTheServer(page);
  await loginAs(page, DEMO.doctor, '/lista-pacientes');
  await page.getByPlaceholder('Buscar por nombre...').fill('aproximado');
  const status = page.getByText(/resultados ·/);
  await expect(status).toHaveText('más de 100 resultados · Página 1 de 3 o más');
  await expect(page.getByRole('row', { name: /Paciente1 Aproximado/ })).toHaveCount(1);

  const next = page.getByRole('button', { name: 'Siguiente' });
  for (let pagina = 2; pagina <= 3; pagina++) await next.click();
  await expect(status).toHaveText('más de 150 resultados · Página 3 de 4 o más');
  await next.click();
  await expect(status).toHaveText('160 resultados · Página 4 de 4');
  await expect(page.getByRole('row', { name: /Paciente160 Aproximado/ })).toHaveCount(1);
  await expect(next).toBeDisabled();

  for (const [language, label, wording] of [
    ['ca', 'Cercar pacients', 'més de 100 resultats · Pàgina 1 de 3 o més'],
    ['en', 'Search patients', 'more than 100 results · Page 1 of 3 or more'],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    await page.reload();
    await page.getByRole('combobox', { name: label }).fill('aproximado');
    await expect(page.getByText(wording)).toBeVisible();
  }
});

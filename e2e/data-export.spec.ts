import type { MisDatos } from '../contracts/data-export.ts';
import { pdfText } from '../server/testing/patients.ts';
import { DEMO, expect as baseExpect, expectAccessible, loginAs, test } from './fixtures.ts';
import { bytesOf } from './support/patient.ts';

// The machines running these are shared and busy: the profile screen loads several things.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('a patient downloads all her data as JSON and as PDF from her profile', async ({ page }) => {
  await loginAs(page, DEMO.patient, '/perfil-paciente');
  const section = page.getByRole('region', { name: 'Descargar mis datos' });
  await expect(section.getByRole('button', { name: 'Descargar en JSON' })).toBeEnabled();
  await expect(page.getByRole('form', { name: 'Datos del perfil' })).toBeVisible();
  await expectAccessible(page, 'patient profile with the data download');

  const jsonDownload = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Descargar en JSON' }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toMatch(/^galeno-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse((await bytesOf(json)).toString('utf8')) as MisDatos;
  expect(data.cuenta.nombre_usuario).toBe('ana.lopez');
  expect(data.paciente.usuario).toMatchObject({ nombre: 'Ana', apellido1: 'López' });
  expect(data.ficha.alergias.length).toBeGreaterThan(0);
  expect(data.consultas.length).toBeGreaterThan(0);

  // While the file is prepared the screen says so; then the PDF arrives.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/paciente/mis-datos.pdf', async (route) => {
    await held;
    await route.continue();
  });
  const pdfDownload = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Descargar en PDF' }).click();
  await expect(section.getByText('Preparando la descarga…')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Descargar en JSON' })).toBeDisabled();
  release();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^galeno-mis-datos-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await bytesOf(pdf);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfText(bytes)).toContain('Ana López Ferrer');
  await expect(section.getByText('Preparando la descarga…')).toHaveCount(0);
  await page.unroute('**/api/paciente/mis-datos.pdf');

  // A failed download says so in the section, in the interface's language.
  await page.route('**/api/paciente/mis-datos', (route) => route.fulfill({ status: 503, json: { detail: 'No disponible', code: 'no_disponible' } }));
  await section.getByRole('button', { name: 'Descargar en JSON' }).click();
  await expect(section.getByRole('alert')).toHaveText('No se pudieron descargar tus datos. Inténtalo de nuevo más tarde.');
  await expectAccessible(page, 'patient profile with a failed download');
});

import { DEMO, expect, expectAccessibleInBothThemes, loginAs, test } from './fixtures.ts';

/** The clinic configured once: the admin's 'Clínica' screen, read by the public pages. */

const DEFAULTS = { nombre: 'Galeno Centro Médico', telefono: '+34 932 000 000', horario: 'Lunes a viernes: 8:00-20:00\nSábados: 9:00-13:00' };

test(`an admin changes the clinic's name, phone and hours, and the contact page and footer show them`, async ({ page }) => {
  await loginAs(page, DEMO.admin, '/clinica');
  await expect(page.getByRole('heading', { level: 1, name: 'Clínica' })).toBeVisible({ timeout: 30_000 });
  // The menu reaches it.
  await expect(page.getByRole('link', { name: 'Clínica', exact: true }).first()).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Nombre de la clínica' });
  await expect(name).toHaveValue(DEFAULTS.nombre);
  await expectAccessibleInBothThemes(page, 'the clinic screen');

  // A bad phone is refused with the shared message.
  const phone = page.getByRole('textbox', { name: 'Teléfono' });
  await phone.fill('12');
  await phone.blur();
  await expect(page.getByText('El teléfono no es válido (al menos 9 dígitos).')).toBeVisible();

  await name.fill('Clínica Serra');
  await phone.fill('+34 971 555 123');
  await page.getByRole('textbox', { name: 'Horario' }).fill('Lunes a jueves: 9:00-17:00');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Datos de la clínica guardados.')).toBeVisible();

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible({ timeout: 30_000 });
  const details = page.getByRole('region', { name: 'Datos de la clínica' });
  await expect(details.getByText('Clínica Serra')).toBeVisible();
  await expect(details.getByRole('link', { name: '+34 971 555 123' })).toHaveAttribute('href', 'tel:+34971555123');
  await expect(details.getByText('Lunes a jueves: 9:00-17:00')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText(/© \d{4} Clínica Serra/)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the contact page with the new details');

  // Put the demo clinic back for the other journeys.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const current = await (await page.request.get('/api/clinica')).json();
  const restored = await page.request.put('/api/clinica', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      ...Object.fromEntries(Object.entries(current).filter(([key]) => !['logo_url', 'zona_horaria', 'actualizado_en'].includes(key))),
      ...DEFAULTS,
    },
  });
  expect(restored.status()).toBe(200);
});

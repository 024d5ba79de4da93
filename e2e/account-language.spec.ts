import { apiLogin, expect, expectAccessibleInBothThemes, loginAs, registerPatient, test } from './fixtures.ts';
import { notification } from './support/admin.ts';

// A patient who reads Catalan chooses it for their account: the screens switch, and their e-mails
// and reminders are written in it from then on (the account's language was set once, at sign-up).
test('a patient chooses the language of their account in /mi-cuenta', async ({ page, request }) => {
  const patient = await registerPatient(request, 'Núria');
  await loginAs(page, patient, '/mi-cuenta');
  const language = page.getByRole('combobox', { name: 'Idioma de la cuenta' });
  await expect(language).toHaveValue('es');
  await expect(page.getByText('Los correos y recordatorios te llegan en este idioma.')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/mi-cuenta with the account language');

  await language.selectOption({ label: 'Català' });
  await expect(notification(page, 'Idioma desat.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'El meu compte' })).toBeVisible();

  const token = await apiLogin(request, patient);
  const account = await request.get('/api/mi-cuenta', { headers: { authorization: `Bearer ${token}` } });
  expect(((await account.json()) as { idioma: string }).idioma).toBe('ca');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Idioma del compte' })).toHaveValue('ca');
});

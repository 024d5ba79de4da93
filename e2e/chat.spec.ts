import { apiLogin, expect, expectAccessibleInBothThemes, registerPatient, test } from './fixtures.ts';
import { chatReady, createChat, openChat } from './support/chat.ts';

test('a patient asks, sees the answer stream in, renames the conversation, finds it after a reload and deletes it', async ({
  page,
  request,
}) => {
  const patient = await registerPatient(request);
  await openChat(page, patient);
  await expect(
    page.getByText(
      'Estás hablando con un asistente de inteligencia artificial que da información general: no es un diagnóstico ni sustituye a tu médico. Ante una urgencia, llama al 112.',
    ),
  ).toBeVisible();

  const log = page.getByRole('log', { name: 'Conversación' });
  const history = page.getByRole('navigation', { name: 'Historial de conversaciones' });
  await expect(history.getByText('Todavía no tienes conversaciones.')).toBeVisible();

  // Empty messages are ignored.
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(log.getByText('¿En qué puedo ayudarte?')).toBeVisible();

  const streamed = page.waitForResponse((response) => response.url().endsWith('/api/chat/completions/stream'));
  await page.getByLabel('Escribe tu pregunta').fill('¿Cómo pido una cita?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const response = await streamed;
  expect(response.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
  await expect(log.getByText('¿Cómo pido una cita?')).toBeVisible();
  await expect(log.getByText('Fuente: «Cómo pedir una cita», base de conocimiento de Galeno.')).toBeVisible();
  // The answer's numbered steps are drawn as a list.
  await expect(log.getByRole('listitem').filter({ hasText: 'Elige el médico o la especialidad.' })).toBeVisible();
  await expect(page.getByLabel('Escribe tu pregunta')).toBeEnabled();

  // The new conversation is in the history with its 'Consulta - date time' title.
  const item = history.getByRole('button', { name: /^Consulta - \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ });
  await expect(item).toHaveCount(1);

  // Rename with the pencil, saved when the field loses focus…
  await history.getByRole('button', { name: /^Renombrar «Consulta - / }).click();
  await history.getByLabel('Nombre de la conversación').fill('Primera duda');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(history.getByRole('button', { name: 'Primera duda', exact: true })).toBeVisible();
  // …and by double-click, saved with Enter.
  await history.getByRole('button', { name: 'Primera duda', exact: true }).dblclick();
  await history.getByLabel('Nombre de la conversación').fill('Mi cita');
  await history.getByLabel('Nombre de la conversación').press('Enter');
  await expect(history.getByRole('button', { name: 'Mi cita', exact: true })).toBeVisible();

  // The name and the messages are kept on the server.
  await page.reload();
  await chatReady(page);
  await expect(history.getByRole('button', { name: 'Mi cita', exact: true })).toBeVisible();
  await expect(log.getByText('¿Cómo pido una cita?')).toBeVisible();

  await history.getByRole('button', { name: 'Eliminar «Mi cita»' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('¿Seguro que quieres eliminar la conversación «Mi cita»?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(history.getByRole('button', { name: 'Mi cita', exact: true })).toHaveCount(0);
  await expect(history.getByText('Todavía no tienes conversaciones.')).toBeVisible();
  await page.reload();
  await chatReady(page);
  await expect(history.getByText('Todavía no tienes conversaciones.')).toBeVisible();
});

test(`an emergency phrase gets the 112 guidance at once, with 'Llamar al 112' and 'Pedir cita', kept after a reload`, async ({
  page,
  request,
}) => {
  const patient = await registerPatient(request);
  await openChat(page, patient);
  await page.getByLabel('Escribe tu pregunta').fill('Tengo un dolor muy fuerte en el pecho');
  await page.getByLabel('Escribe tu pregunta').press('Enter');
  const log = page.getByRole('log', { name: 'Conversación' });
  await expect(log.getByText('Posible urgencia')).toBeVisible();
  await expect(log.getByText(/Esto puede ser una urgencia\. Llama ahora al 112/)).toBeVisible();
  const actions = log.getByRole('group', { name: 'Qué hacer ahora' });
  await expect(actions.getByRole('link', { name: 'Llamar al 112' })).toHaveAttribute('href', 'tel:112');
  await expect(actions.getByRole('link', { name: 'Pedir cita' })).toHaveAttribute('href', '/pedir-cita');
  await expectAccessibleInBothThemes(page, 'an urgent answer');

  // Reopened later, the conversation keeps its urgency styling and actions.
  await page.reload();
  await chatReady(page);
  await page
    .getByRole('navigation', { name: 'Historial de conversaciones' })
    .getByRole('button', { name: /^Consulta - / })
    .first()
    .click();
  await expect(log.getByText('Posible urgencia')).toBeVisible();
  await expect(log.getByRole('link', { name: 'Llamar al 112' })).toHaveAttribute('href', 'tel:112');
  await log.getByRole('link', { name: 'Pedir cita' }).click();
  await expect(page).toHaveURL(/\/pedir-cita$/);
});

test('delete all empties the history after confirmation', async ({ page, request }) => {
  const patient = await registerPatient(request);
  const token = await apiLogin(request, patient);
  await createChat(request, token, 'tengo fiebre');
  await createChat(request, token, 'me duele la cabeza');
  await openChat(page, patient);
  const history = page.getByRole('navigation', { name: 'Historial de conversaciones' });
  await expect(history.getByRole('button', { name: /^Consulta - / })).toHaveCount(2);
  await history.getByRole('button', { name: 'Eliminar todo' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('¿Seguro que quieres eliminar todas tus conversaciones? No se puede deshacer.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Eliminar todo' }).click();
  await expect(page.getByText('2 conversaciones eliminadas.')).toBeVisible();
  await expect(history.getByText('Todavía no tienes conversaciones.')).toBeVisible();
});

test('on a phone the history opens from its toggle, and the logo goes home', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const patient = await registerPatient(request);
  const token = await apiLogin(request, patient);
  await createChat(request, token, '¿Qué vacunas necesito?');
  await openChat(page, patient);
  const toggle = page.getByRole('button', { name: 'Mostrar el historial' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const history = page.getByRole('navigation', { name: 'Historial de conversaciones' });
  await history.getByRole('button', { name: /^Consulta - / }).click();
  await expect(page.getByRole('log', { name: 'Conversación' }).getByText('«Vacunas»', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mostrar el historial' })).toBeVisible();
  await page.getByRole('button', { name: 'Galeno, volver atrás' }).click();
  await expect(page).toHaveURL(/\/panel-paciente$/);
});

test(`the chat screen has no serious accessibility problems`, async ({ page, request }) => {
  const patient = await registerPatient(request);
  await openChat(page, patient);
  await expectAccessibleInBothThemes(page, '/chat empty');
  await page.getByLabel('Escribe tu pregunta').fill('Tengo fiebre');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Fuente: «Fiebre», base de conocimiento de Galeno.')).toBeVisible();
  await page.getByLabel('Escribe tu pregunta').fill('No puedo respirar');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Posible urgencia')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/chat with answers');
});

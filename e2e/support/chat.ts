import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginAs, type Credentials } from '../fixtures.ts';

/** Starts a conversation through the API (as the screen would) and returns its id. */
export async function createChat(request: APIRequestContext, token: string, question: string): Promise<number> {
  const response = await request.post('/api/chat/completions', {
    headers: { authorization: `Bearer ${token}` },
    data: { messages: [{ role: 'user', content: question }] },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id_chat: number }).id_chat;
}

/** Waits for the chat screen and its history (the screen's code and texts load on demand). */
export async function chatReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Asistente médico' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Historial de conversaciones' }).getByRole('button', { name: 'Eliminar todo' })).toBeVisible();
}

/** Logs in and opens /chat. */
export async function openChat(page: Page, credentials: Credentials): Promise<void> {
  await loginAs(page, credentials, '/chat');
  await chatReady(page);
}

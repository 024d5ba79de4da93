import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * Opens a path and waits for its page heading. A cold load fetches the app, the shared strings,
 * the screen's code and then its strings, one after another: on a busy machine that alone can
 * take longer than the default expect timeout, so the first wait is longer.
 */
export async function openScreen(page: Page, path: string, heading: string | RegExp): Promise<Locator> {
  await page.goto(path);
  const title = page.getByRole('heading', { level: 1, name: heading });
  await expect(title).toBeVisible({ timeout: 30_000 });
  return title;
}

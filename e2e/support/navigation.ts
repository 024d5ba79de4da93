import { expect, type Page } from '@playwright/test';

/** Opens the signed-in user's menu in the header (their initials; named 'Menú de usuario de …'). */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: /^Menú de usuario de / }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Leaves the session through the user menu and lands on /login. */
export async function logoutFromMenu(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menu').getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

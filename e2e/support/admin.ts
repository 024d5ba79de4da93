import type { APIRequestContext, Page } from '@playwright/test';
import { expect, unique, type Credentials } from '../fixtures.ts';

export interface NamedPatient extends Credentials {
  nombre: string;
  apellido: string;
  email: string;
}

/** Registers a patient with a surname no other test uses (accents included), through the API. */
export async function registerNamedPatient(request: APIRequestContext, nombre = 'Lucía'): Promise<NamedPatient> {
  const usuario = unique('pac');
  const apellido = `Núñez${usuario.slice(3)}`;
  const email = `${usuario}@example.com`;
  const contrasena = 'Paciente1234!';
  const response = await request.post('/api/registro-paciente', {
    data: { usuario, email, contrasena, nombre, apellido_1: apellido },
  });
  expect(response.status()).toBe(201);
  return { usuario, contrasena, nombre, apellido, email };
}

/** A nine-digit registration number no other run uses. */
export function uniqueColegiado(): string {
  return String(Date.now() % 1_000_000_000).padStart(9, '0');
}

/** The outcome notification with this exact text. */
export function notification(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Picks an option of a Mantine searchable select by typing part of its name. */
export async function chooseOption(page: Page, label: RegExp, typed: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** Leaves the session through the header's logout button and lands on /login. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

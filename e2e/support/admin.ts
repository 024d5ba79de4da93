import type { APIRequestContext, Page } from '@playwright/test';
import { expect, unique, type Credentials } from '../fixtures.ts';
import { logoutFromMenu } from './navigation.ts';

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

/** Leaves the session through the header's user menu and lands on /login. */
export async function logout(page: Page): Promise<void> {
  await logoutFromMenu(page);
}

export interface NewDoctor extends Credentials {
  /** Full name as screens show it. */
  nombre: string;
}

/**
 * A doctor of their own for one journey, registered by the demo admin through the API: an empty
 * agenda no other spec touches.
 */
export async function registerDoctorByApi(request: APIRequestContext, nombre = 'Elena'): Promise<NewDoctor> {
  const login = await request.post('/api/login', { data: { usuario: 'admin', contrasena: 'Admin1234!' } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const specialties = (await (await request.get('/api/especialidades')).json()) as { id_especialidad: number }[];
  const usuario = unique('doc');
  const apellido = `Vidal${usuario.slice(3)}`;
  const contrasena = 'Doctora1234!';
  const response = await request.post('/api/registro-doctor', {
    headers,
    data: {
      usuario,
      email: `${usuario}@example.com`,
      contrasena,
      nombre,
      apellido_1: apellido,
      apellido_2: 'Ruiz',
      colegiado: uniqueColegiado(),
      id_especialidad: specialties[0]?.id_especialidad,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { usuario, contrasena, nombre: `${nombre} ${apellido} Ruiz` };
}

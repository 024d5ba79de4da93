import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { localDate, localTime } from '../../server/lib/clock.ts';
import { apiLogin, DEMO, registerPatient, unique, type Credentials } from '../fixtures.ts';
import { CLINIC_TIME_ZONE, clinicNow } from './clock.ts';

/** Today on the clinic's clock of the run, as YYYY-MM-DD. */
export function clinicToday(): string {
  return localDate(clinicNow(), CLINIC_TIME_ZONE);
}

/** Minutes since midnight on the clinic's clock of the run. */
export function clinicMinutesNow(): number {
  const [hour = 0, minute = 0] = localTime(clinicNow(), CLINIC_TIME_ZONE).split(':').map(Number);
  return hour * 60 + minute;
}

/** A clinic time (HH:MM) from minutes since midnight. */
export function clinicTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The length of a new doctor's slots (`intervalo_min`'s default): a walk-in's one-off slot. */
const WALK_IN_MINUTES = 15;
/** Minutes kept before midnight beyond the slot, so a journey ends on the day it began. */
const DAY_END_MARGIN = 5;

/**
 * A visit assigned as a walk-in: today in the clinic at this minute (HH:MM), so its time has begun as
 * soon as it is made (a time already gone is refused). The run's clinic clock starts in the morning
 * (support/clock.ts); one started in the day's last minutes leaves no room for the slot (the server
 * refuses a slot that crosses days), and the journey says so.
 */
export function walkInNow(): { fecha: string; hora: string } {
  const minutes = clinicMinutesNow();
  expect(minutes + WALK_IN_MINUTES + DAY_END_MARGIN, 'the clinic clock of the run leaves room for a walk-in today (E2E_CLOCK_START)').toBeLessThanOrEqual(24 * 60);
  return { fecha: clinicToday(), hora: clinicTime(minutes) };
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The first weekday at least `offset` days from today. Each journey uses its own offset, weeks
 * ahead of the demo agenda, so the specs sharing one server never touch the same day.
 */
export function futureWeekday(offset: number): string {
  let date = addDays(clinicToday(), offset);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
  return date;
}

/** How many months separate two dates' months (for the Next button of the month view). */
export function monthsBetween(from: string, to: string): number {
  const [fy = 0, fm = 0] = from.split('-').map(Number);
  const [ty = 0, tm = 0] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm);
}

export async function bearer(request: APIRequestContext, credentials: Credentials) {
  return { authorization: `Bearer ${await apiLogin(request, credentials)}` };
}

/** Opens slots of a doctor's day through the API. */
export async function openDayByApi(
  request: APIRequestContext,
  doctor: Credentials,
  fecha: string,
  bloques: string[],
  intervalo_min: number,
) {
  const response = await request.post('/api/agenda/crear', {
    headers: await bearer(request, doctor),
    data: { fecha, bloques, intervalo_min },
  });
  expect(response.status()).toBe(201);
}

export interface PendingRequest {
  fecha: string;
  hora: string;
  paciente: string;
}

/**
 * A pending appointment request for `doctor`: a new patient books the doctor's slot through the
 * booking API (POST /api/citas). Where the booking API is not there (this branch alone), the demo
 * clinic's pending request of ana.lopez with dra.garcia stands in, so the doctor's side is still tested.
 */
export async function pendingRequest(
  request: APIRequestContext,
  doctor: Credentials,
  fecha: string,
  hora: string,
): Promise<PendingRequest & { doctor: Credentials }> {
  await openDayByApi(request, doctor, fecha, [hora], 30);
  const doctorHeaders = await bearer(request, doctor);
  const me = (await (await request.get('/api/agenda/mi-id-doctor', { headers: doctorHeaders })).json()) as {
    id_doctor: number;
  };
  const nombre = `Nerea${Math.random().toString(36).slice(2, 7)}`;
  const patient = await registerPatient(request, nombre);
  const login = await request.post('/api/login', { data: patient });
  const session = (await login.json()) as { access_token: string; usuario: { id_paciente: number } };
  const booked = await request.post('/api/citas', {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: {
      id_paciente: session.usuario.id_paciente,
      id_doctor: me.id_doctor,
      fecha,
      hora,
      motivo: 'Revisión de analítica',
      recordatorio: false,
    },
  });
  if (booked.status() === 201) return { fecha, hora, paciente: `${nombre} Prueba`, doctor };

  expect(booked.status(), 'POST /api/citas answers 201, or 404 while booking is not merged').toBe(404);
  const garcia = { usuario: 'dra.garcia', contrasena: 'Doctor1234!' };
  const headers = await bearer(request, garcia);
  for (let offset = 0; offset < 31; offset++) {
    const day = addDays(clinicToday(), offset);
    const list = (await (
      await request.get(`/api/agenda/solicitudes-dia?fecha=${day}`, { headers })
    ).json()) as PendingRequest[];
    const demo = list.find((item) => item.paciente.startsWith('Ana López'));
    if (demo) return { fecha: day, hora: demo.hora, paciente: demo.paciente, doctor: garcia };
  }
  throw new Error('no pending request to answer');
}

/** The accessible name of a day of the month grids: 'lunes, 5 de enero, …' (Spanish). */
export function dayLabel(fecha: string): string {
  return new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${fecha}T12:00:00Z`),
  );
}

/** Moves the month view from the current month to the month of `fecha`. */
export async function goToMonth(page: Page, fecha: string) {
  for (let step = 0; step < monthsBetween(clinicToday(), fecha); step++) {
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
  }
}

/** A new doctor of the clinic (through the admin's API), so their agenda holds only one journey's visits. */
export async function newDoctor(
  request: APIRequestContext,
  nombre: string,
  apellido_1: string,
  apellido_2: string,
): Promise<Credentials & { nombre: string }> {
  const admin = await bearer(request, DEMO.admin);
  const specialties = (await (await request.get('/api/especialidades', { headers: admin })).json()) as {
    id_especialidad: number;
  }[];
  const usuario = unique('doc');
  const contrasena = 'Doctora1234!';
  const response = await request.post('/api/registro-doctor', {
    headers: admin,
    data: {
      usuario,
      email: `${usuario}@example.com`,
      contrasena,
      nombre,
      apellido_1,
      apellido_2,
      colegiado: String(Date.now()).slice(-9),
      id_especialidad: specialties[0]?.id_especialidad,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { usuario, contrasena, nombre: `${nombre} ${apellido_1} ${apellido_2}` };
}

/**
 * Scrolls the agenda down to its weekly-hours and absences panels, which are drawn only as the doctor
 * nears them (the agenda's first load on a phone does without them), and waits for both.
 */
export async function scrollToAgendaPanels(page: Page) {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('region', { name: 'Horario semanal' })).toBeVisible({ timeout: 1_000 });
    await expect(page.getByRole('region', { name: 'Ausencias' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

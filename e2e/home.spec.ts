import type { APIRequestContext, Page } from '@playwright/test';
import type { ReglasReserva } from '../contracts/booking-rules.ts';
import type { CifrasClinica } from '../contracts/home.ts';
import {
  apiLogin,
  DEMO,
  expect,
  expectAccessible,
  expectAccessibleInBothThemes,
  loginAs,
  test,
  unique,
  type Credentials,
} from './fixtures.ts';
import { notification, registerNamedPatient, uniqueColegiado, type NamedPatient } from './support/admin.ts';
import { addDays, bearer, clinicMinutesNow, clinicTime, clinicToday, openDayByApi } from './support/agenda.ts';

// Each journey runs axe in two themes at two widths: allow the time.
test.describe.configure({ timeout: 300_000 });

/** A doctor of their own for each journey, so no other spec's visits show on their home. */
async function freshDoctor(request: APIRequestContext): Promise<Credentials & { nombre: string; id_doctor: number }> {
  const admin = await bearer(request, DEMO.admin);
  const specialties = (await (await request.get('/api/especialidades', { headers: admin })).json()) as {
    id_especialidad: number;
  }[];
  const usuario = unique('doc');
  const apellido = `Vidal${usuario.slice(3)}`;
  const contrasena = 'Doctora123!';
  const created = await request.post('/api/registro-doctor', {
    headers: admin,
    data: {
      usuario,
      email: `${usuario}@example.com`,
      contrasena,
      nombre: 'Marta',
      apellido_1: apellido,
      apellido_2: 'Soler',
      colegiado: uniqueColegiado(),
      id_especialidad: specialties[0]!.id_especialidad,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const headers = await bearer(request, { usuario, contrasena });
  const me = (await (await request.get('/api/agenda/mi-id-doctor', { headers })).json()) as { id_doctor: number };
  return { usuario, contrasena, nombre: `Marta ${apellido} Soler`, id_doctor: me.id_doctor };
}

/** How far ahead today's visit is put: enough for a slow journey to finish before its time comes. */
const MINUTES_AHEAD = 20;
/** The visit's slot, short so that a late evening still has room for it before midnight. */
const SLOT_MINUTES = 5;

/**
 * A time later today in the clinic for a visit booked now (a multiple of five minutes at least
 * MINUTES_AHEAD away, its slot ending by 23:55). The run's clinic clock starts in the morning
 * (support/clock.ts); one started in the day's last half hour leaves no room, and the journey says
 * so. Booking it needs the clinic's notice to book set to none: see withoutBookingNotice.
 */
function laterToday(): string {
  const next = Math.ceil((clinicMinutesNow() + MINUTES_AHEAD) / SLOT_MINUTES) * SLOT_MINUTES;
  expect(next + SLOT_MINUTES, 'the clinic clock of the run leaves room for a visit later today (E2E_CLOCK_START)').toBeLessThanOrEqual(23 * 60 + 55);
  return clinicTime(next);
}

/**
 * Runs `journey` with the clinic's notice to book (2 h by default) set to none, so that a
 * visit later today can be booked at any hour of the day, and puts the clinic's rules back after.
 * The worker's server is this journey's alone while it runs.
 */
async function withoutBookingNotice<T>(request: APIRequestContext, journey: () => Promise<T>): Promise<T> {
  const admin = await bearer(request, DEMO.admin);
  const rules = (await (await request.get('/api/clinica/reglas')).json()) as ReglasReserva;
  const put = async (changes: Partial<ReglasReserva>) => {
    const response = await request.put('/api/clinica/reglas', { headers: admin, data: { ...rules, ...changes } });
    expect(response.status(), await response.text()).toBe(200);
  };
  await put({ antelacion_reserva_min: 0 });
  try {
    return await journey();
  } finally {
    await put({});
  }
}

/** The patient books the doctor's slot through the API (a pending request); returns its id. */
async function book(
  request: APIRequestContext,
  patient: Credentials,
  doctor: { id_doctor: number },
  fecha: string,
  hora: string,
  motivo = 'Revisión de analítica',
) {
  const token = await apiLogin(request, patient);
  const response = await request.post('/api/citas', {
    headers: { authorization: `Bearer ${token}` },
    data: { id_doctor: doctor.id_doctor, fecha, hora, motivo, recordatorio: false },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id_cita: number }).id_cita;
}

const fullName = (patient: NamedPatient) => `${patient.nombre} ${patient.apellido}`;

/** axe in both themes at 1366 and 390 px, and nothing wider than the window. */
async function checkScreen(page: Page, label: string, ready: (page: Page) => Promise<void>) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.reload();
    await ready(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${label} at ${width} px fits the window`,
    ).toBeLessThanOrEqual(width);
    await expectAccessibleInBothThemes(page, `${label}, ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
}

test("the doctor's home lists today's visits and answers the requests waiting longest", async ({ page, request }) => {
  const today = clinicToday();
  const hora = laterToday();
  const tomorrow = addDays(today, 1);
  const doctor = await freshDoctor(request);
  await openDayByApi(request, doctor, today, [hora], SLOT_MINUTES);
  await openDayByApi(request, doctor, tomorrow, ['10:00'], 30);
  const ana = await registerNamedPatient(request, 'Ana');
  const bruno = await registerNamedPatient(request, 'Bruno');
  await withoutBookingNotice(request, () => book(request, ana, doctor, today, hora, 'Dolor de espalda'));
  await book(request, bruno, doctor, tomorrow, '10:00', 'Control de tensión');

  await loginAs(page, doctor, '/perfil-doctor');
  const todaySection = page.getByRole('region', { name: /^Hoy, / });
  const visits = todaySection.getByRole('list');
  await expect(visits.getByRole('listitem')).toHaveCount(1);
  await expect(visits.getByRole('listitem').first()).toContainText(hora);
  await expect(visits.getByRole('listitem').first()).toContainText('Consulta');
  await expect(visits.getByRole('listitem').first()).toContainText('Pendiente de confirmación');
  await expect(todaySection).toContainText('1 visita hoy');
  // Tomorrow's one visit is Bruno's request, still to answer.
  await expect(todaySection).toContainText('1 visita, 1 por confirmar.');
  const requests = page.getByRole('region', { name: 'Solicitudes pendientes' });
  await expect(requests).toContainText('2 solicitudes esperan tu respuesta.');
  // The one asked for first comes first.
  await expect(requests.getByRole('listitem').first()).toContainText(fullName(ana));
  // The spec's sidebar and cards stay.
  await expect(
    page.getByRole('navigation', { name: 'Menú del doctor' }).getByRole('link', { name: 'Agenda médica' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /ChatBot/ }).last()).toBeVisible();
  await checkScreen(page, "doctor's home", async (p) => {
    await expect(p.getByRole('region', { name: 'Solicitudes pendientes' })).toContainText('2 solicitudes');
  });

  // Accept tomorrow's request in place.
  await requests.getByRole('button', { name: new RegExp(`^Aceptar la solicitud de ${fullName(bruno)}`) }).click();
  await expect(notification(page, 'Solicitud aceptada')).toBeVisible();
  await expect(requests).toContainText('1 solicitud espera tu respuesta.');
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await expect(todaySection).toContainText(/: 1 visita\.$/);

  // Reject asks first, with an optional reason.
  await requests.getByRole('button', { name: new RegExp(`^Rechazar la solicitud de ${fullName(ana)}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar solicitud' });
  await expect(dialog).toContainText(`¿Seguro que quieres rechazar la solicitud de ${fullName(ana)} del `);
  // One line, as the server accepts it (the same dialog as the agenda's).
  await expect(dialog.getByRole('textbox', { name: /Motivo/ })).toHaveJSProperty('tagName', 'INPUT');
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Estaré en un congreso');
  await expectAccessible(page, 'reject dialog');
  await dialog.getByRole('button', { name: 'Volver' }).click();
  await expect(dialog).toBeHidden();
  await expect(requests).toContainText('1 solicitud espera tu respuesta.');

  // Each visit is one click from the patient's record.
  await visits.getByRole('link', { name: `Abrir la historia de ${fullName(ana)}` }).click();
  await expect(page).toHaveURL(/\/medical-record\?paciente=\d+$/);
  await expect(page.getByRole('heading', { name: new RegExp(fullName(ana)) }).first()).toBeVisible();

  await page.goBack();
  await requests.getByRole('button', { name: new RegExp(`^Rechazar la solicitud de ${fullName(ana)}`) }).click();
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Estaré en un congreso');
  await dialog.getByRole('button', { name: 'Rechazar solicitud' }).click();
  await expect(notification(page, 'Solicitud rechazada')).toBeVisible();
  await expect(requests).toContainText('No hay solicitudes pendientes.');
  await expect(todaySection).toContainText('No tienes visitas hoy.');
  await checkScreen(page, "doctor's home, nothing pending", async (p) => {
    await expect(p.getByRole('region', { name: 'Solicitudes pendientes' })).toContainText(
      'No hay solicitudes pendientes.',
    );
  });

  // Ana reads the answer on her home.
  await loginAs(page, ana, '/panel-paciente');
  const answers = page.getByRole('region', { name: 'Respuestas a tus solicitudes' });
  await expect(answers).toContainText(`${doctor.nombre} ha rechazado tu cita`);
  await expect(answers).toContainText('Rechazada');
});

test("the patient's home shows the next visit pending confirmation, the doctor's answers, and cancels in one click", async ({
  page,
  request,
}) => {
  const doctor = await freshDoctor(request);
  const first = addDays(clinicToday(), 2);
  const second = addDays(clinicToday(), 3);
  await openDayByApi(request, doctor, first, ['11:00'], 30);
  await openDayByApi(request, doctor, second, ['12:00'], 30);
  const patient = await registerNamedPatient(request, 'Clara');
  await book(request, patient, doctor, first, '11:00', 'Dolor de rodilla');
  const confirmed = await book(request, patient, doctor, second, '12:00', 'Resultados');
  const answered = await request.put(`/api/agenda/citas/${confirmed}`, {
    headers: await bearer(request, doctor),
    data: { estado: 'Confirmada' },
  });
  expect(answered.status()).toBe(200);

  await loginAs(page, patient, '/panel-paciente');
  const next = page.getByRole('region', { name: 'Tu próxima visita' });
  await expect(next).toContainText('11:00');
  await expect(next).toContainText(doctor.nombre);
  await expect(next).toContainText('Pendiente de confirmación');
  await expect(next).toContainText('el doctor aún no ha respondido');
  await expect(next).toContainText('Dolor de rodilla');
  await expect(next.getByRole('link', { name: 'Pedir cita' })).toHaveAttribute('href', '/pedir-cita');
  const others = page.getByRole('region', { name: 'Otras próximas visitas' });
  await expect(others).toContainText('12:00');
  await expect(others).toContainText('Confirmada');
  const answers = page.getByRole('region', { name: 'Respuestas a tus solicitudes' });
  await expect(answers).toContainText(`${doctor.nombre} ha confirmado tu cita`);
  // The spec's sidebar and cards stay.
  await expect(page.getByRole('link', { name: /^Pedir cita Elige/ })).toBeVisible();
  await checkScreen(page, "patient's home", async (p) => {
    await expect(p.getByRole('region', { name: 'Tu próxima visita' })).toContainText('Pendiente de confirmación');
  });

  // Cancel the next visit after the confirmation dialog: the confirmed one becomes the next.
  await next.getByRole('button', { name: /^Cancelar la cita del / }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('¿Estás seguro de que deseas cancelar la cita del');
  await expectAccessible(page, 'cancel confirmation');
  await confirm.getByRole('button', { name: 'Sí, cancelar la cita' }).click();
  await expect(notification(page, 'Cita cancelada correctamente')).toBeVisible();
  await expect(next).toContainText('12:00');
  await expect(next).toContainText('El doctor ha confirmado esta visita.');
  await expect(page.getByRole('region', { name: 'Otras próximas visitas' })).toHaveCount(0);

  // In English, the values stored in Spanish are translated.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your next visit' })).toContainText('Confirmed');
  await expect(page.getByRole('region', { name: 'Answers to your requests' })).toContainText(
    `${doctor.nombre} confirmed your appointment`,
  );
  await page.evaluate(() => localStorage.setItem('language', 'es'));
});

test("the patient's home sends a visit too close to cancel online to the clinic's phone, as 'Mis visitas' does", async ({
  page,
  request,
}) => {
  const hora = laterToday();
  const doctor = await freshDoctor(request);
  await openDayByApi(request, doctor, clinicToday(), [hora], SLOT_MINUTES);
  const patient = await registerNamedPatient(request, 'Elena');
  await withoutBookingNotice(request, () => book(request, patient, doctor, clinicToday(), hora));

  await loginAs(page, patient, '/panel-paciente');
  const next = page.getByRole('region', { name: 'Tu próxima visita' });
  await expect(next).toContainText(hora);
  // Today's visit is inside the clinic's 24 h notice: the server would refuse the cancellation.
  await expect(next.getByRole('button', { name: /^Cancelar la cita del / })).toBeDisabled();
  await expect(next).toContainText('Faltan menos horas de las que permite la clínica para hacerlo en línea. Llama a la clínica:');
  await expect(next.getByRole('link', { name: '+34 932 000 000' })).toHaveAttribute('href', /^tel:/);
  await expectAccessibleInBothThemes(page, "the patient's home with a visit too close to cancel");
});

test("the admin's home shows the clinic in figures, as the API counts them", async ({ page, request }) => {
  const admin = await bearer(request, DEMO.admin);
  const figures = async () =>
    (await (await request.get('/api/admin/cifras', { headers: admin })).json()) as CifrasClinica;
  const before = await figures();
  const hora = laterToday();
  const doctor = await freshDoctor(request);
  await openDayByApi(request, doctor, clinicToday(), [hora], SLOT_MINUTES);
  const patient = await registerNamedPatient(request, 'Dora');
  await withoutBookingNotice(request, () => book(request, patient, doctor, clinicToday(), hora));
  const after = await figures();
  expect(after.visitas_hoy).toBe(before.visitas_hoy + 1);
  expect(after.visitas_semana).toBe(before.visitas_semana + 1);
  expect(after.solicitudes_pendientes).toBe(before.solicitudes_pendientes + 1);
  expect(after.pacientes_nuevos_mes).toBe(before.pacientes_nuevos_mes + 1);
  expect(after.ocupacion).toContainEqual(
    expect.objectContaining({ id_doctor: doctor.id_doctor, doctor: doctor.nombre, reservados: 1, abiertos: 1 }),
  );

  await loginAs(page, DEMO.admin, '/panel-admin');
  const region = page.getByRole('region', { name: 'La clínica en cifras' });
  const figure = (label: string) => region.getByRole('listitem').filter({ hasText: label });
  await expect(figure('Visitas hoy')).toContainText(String(after.visitas_hoy));
  await expect(figure('Visitas esta semana')).toContainText(String(after.visitas_semana));
  await expect(figure('Solicitudes pendientes')).toContainText(String(after.solicitudes_pendientes));
  await expect(figure('Pacientes nuevos este mes')).toContainText(String(after.pacientes_nuevos_mes));
  const occupancy = page.getByRole('region', { name: 'Ocupación de las agendas esta semana' });
  const rows = occupancy.getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  // Every doctor who opened slots is listed (the first few, then all on request), busiest first.
  const showAll = occupancy.getByRole('button', { name: /^Ver (los )?\d+ doctor/ });
  if (await showAll.isVisible()) await showAll.click();
  await expect(rows).toHaveCount(after.ocupacion.length);
  await expect(rows.filter({ hasText: doctor.nombre })).toContainText('1 de 1 (100 %)');
  // The spec's sidebar and cards stay.
  await expect(
    page.getByRole('navigation', { name: 'Menú del administrador' }).getByRole('link', { name: 'Gestionar usuarios' }),
  ).toBeVisible();
  await checkScreen(page, "admin's home", async (p) => {
    await expect(p.getByRole('region', { name: 'La clínica en cifras' }).getByRole('listitem').first()).toBeVisible();
  });
});

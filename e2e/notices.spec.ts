import { apiLogin, DEMO, expect, expectAccessibleInBothThemes, loginAs, registerPatient, test, unique } from './fixtures.ts';
import { bearer, futureWeekday, newDoctor, openDayByApi } from './support/agenda.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';
import { waitForMail } from './support/outbox.ts';

// The clinic's reminders and the notices of a visit, as the administrator, a patient and the desk see them.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };
const DEFAULT_PLAN = { pasos: [{ canal: 'email', horas_antes: 48 }, { canal: 'sms', horas_antes: 24 }] };

test('the administrator sets the reminder plan on the clinic screen', async ({ page, request }) => {
  await page.setViewportSize(LAPTOP);
  await loginAs(page, DEMO.admin, '/clinica');
  const section = page.getByRole('region', { name: 'Recordatorios de visita' });
  await expect(section.getByRole('group', { name: 'Recordatorio 1' })).toBeVisible(LOADED);
  await expectAccessibleInBothThemes(page, 'reminder plan');
  // A third reminder: an e-mail a week before.
  await section.getByRole('button', { name: 'Añadir recordatorio' }).click();
  const third = section.getByRole('group', { name: 'Recordatorio 3' });
  await third.getByLabel('Antelación').fill('7');
  await expect(section.getByRole('button', { name: 'Añadir recordatorio' })).toBeDisabled();
  await section.getByRole('button', { name: 'Guardar recordatorios' }).click();
  await expect(page.getByText(/Recordatorios guardados/)).toBeVisible();
  const token = await apiLogin(request, DEMO.admin);
  const saved = (await (await request.get('/api/clinica/recordatorios', { headers: { authorization: `Bearer ${token}` } })).json()) as typeof DEFAULT_PLAN;
  expect(saved.pasos).toContainEqual({ canal: 'email', horas_antes: 168 });
  await page.setViewportSize(PHONE);
  await expectLaidOut(page, 'reminder plan on a phone');
  await expectAccessibleInBothThemes(page, 'reminder plan on a phone');
  // Back to the default plan for the other journeys.
  expect((await request.put('/api/clinica/recordatorios', { headers: { authorization: `Bearer ${token}` }, data: DEFAULT_PLAN })).status()).toBe(200);
});

test('a patient turns SMS off in Mi cuenta; the desk sees the visit confirmed by the patient and its notices', async ({ page, request }, testInfo) => {
  // A patient with a mobile, and a confirmed visit.
  const patient = await registerPatient(request, 'Roser');
  const patientAuth = { authorization: `Bearer ${await apiLogin(request, patient)}` };
  const surname = unique('Avisos');
  const profile = await request.put('/api/paciente/perfil', { headers: patientAuth, data: { nombre: 'Roser', apellido1: surname, telefono: '622 33 44 55' } });
  expect(profile.status(), await profile.text()).toBe(200);
  const doctor = await newDoctor(request, 'Iris', 'Camps', 'Roig');
  const fecha = futureWeekday(6);
  await openDayByApi(request, doctor, fecha, ['11:00'], 30);
  const me = (await (await request.get('/api/agenda/mi-id-doctor', { headers: await bearer(request, doctor) })).json()) as { id_doctor: number };
  const booked = await request.post('/api/citas', { headers: patientAuth, data: { id_doctor: me.id_doctor, fecha, hora: '11:00', motivo: 'Control' } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id_cita } = (await booked.json()) as { id_cita: number };
  expect((await request.put(`/api/agenda/citas/${id_cita}`, { headers: await bearer(request, doctor), data: { estado: 'Confirmada' } })).status()).toBe(200);

  // Mi cuenta: both on by default; SMS off.
  await page.setViewportSize(LAPTOP);
  await loginAs(page, patient, '/mi-cuenta');
  const switches = page.getByRole('region', { name: 'Avisos y recordatorios' });
  const sms = switches.getByRole('switch', { name: 'SMS' });
  await expect(sms).toBeChecked(LOADED);
  await expect(switches.getByText('+34 622 334 455')).toBeVisible();
  await expect(switches.getByRole('switch', { name: 'Recordatorios por correo electrónico' })).toBeChecked();
  await expectAccessibleInBothThemes(page, 'notice switches');
  await sms.click({ force: true });
  await expect(page.getByText('Preferencias guardadas.')).toBeVisible();
  await expect(sms).not.toBeChecked();
  const stored = (await (await request.get('/api/mi-cuenta/avisos', { headers: patientAuth })).json()) as { sms: boolean; recordatorio_correo: boolean };
  expect(stored).toMatchObject({ sms: false, recordatorio_correo: true });
  await page.setViewportSize(PHONE);
  await expectLaidOut(page, 'notice switches on a phone');
  await expectAccessibleInBothThemes(page, 'notice switches on a phone');

  // The patient confirms from the e-mail's one-tap link.
  const mail = await waitForMail(testInfo, `${patient.usuario}@example.com`, /^Cita confirmada/, 30_000);
  const link = /Confirmo que voy: (https?:\/\/\S+\/enlace\?token=(\S+))/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  expect((await request.post(`/api/enlaces/${link?.[2] ?? ''}`)).status()).toBe(200);

  // The desk: the card shows it confirmed by the patient, and its notices when opened.
  await page.context().clearCookies();
  await page.setViewportSize(LAPTOP);
  await loginAs(page, DEMO.reception, '/recepcion/pacientes');
  await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill(surname);
  await page.getByRole('list', { name: 'Resultados de la búsqueda' }).getByRole('button', { name: new RegExp(surname) }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Roser ${surname}`) })).toBeVisible(LOADED);
  await expect(page.getByText('Confirmado por el paciente')).toBeVisible();
  await page.getByRole('button', { name: 'Ver avisos' }).first().click();
  const notices = page.getByRole('region', { name: 'Avisos de la visita' });
  // The confirmation went by e-mail and by SMS (SMS were still on then).
  await expect(notices.getByText('Cita confirmada')).toHaveCount(2, LOADED);
  await expect(notices.getByText('Solicitud recibida')).toBeVisible();
  await expect(notices.getByText('Recordatorio').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'desk card with notices');
  await page.setViewportSize(PHONE);
  await expectLaidOut(page, 'desk card with notices on a phone');
  await expectAccessibleInBothThemes(page, 'desk card with notices on a phone');
});

import { apiLogin, expect, expectAccessibleInBothThemes, loginAs, registerPatient, test, unique } from './fixtures.ts';
import { bearer, newDoctor, futureWeekday, openDayByApi } from './support/agenda.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';
import { waitForMail } from './support/outbox.ts';

// A patient joins a doctor's waitlist, another patient cancels, and the first books the freed time
// from the e-mail's link. Each journey registers accounts (slow hashes).
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };

test(`a patient joins a waitlist, another cancels, the first books the freed time from the e-mail`, async ({
  page,
  request,
}, testInfo) => {
  const doctor = await newDoctor(request, 'Laia', unique('Serra'), 'Font');
  // Within the two weeks the waitlist form offers by default, and at least two hours ahead.
  const fecha = futureWeekday(3);
  await openDayByApi(request, doctor, fecha, ['10:00'], 30);
  const me = (await (
    await request.get('/api/agenda/mi-id-doctor', { headers: await bearer(request, doctor) })
  ).json()) as { id_doctor: number };

  // Someone holds the doctor's only time.
  const holder = await registerPatient(request, `Olga${Math.random().toString(36).slice(2, 6)}`);
  const holderHeaders = { authorization: `Bearer ${await apiLogin(request, holder)}` };
  const booked = await request.post('/api/citas', {
    headers: holderHeaders,
    data: { id_doctor: me.id_doctor, fecha, hora: '10:00', motivo: 'Revisión', recordatorio: false },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id_cita } = (await booked.json()) as { id_cita: number };

  // The waiting patient finds nothing free and joins the doctor's waitlist from 'Pedir cita'.
  const waiting = await registerPatient(request, `Marc${Math.random().toString(36).slice(2, 6)}`);
  await page.setViewportSize(LAPTOP);
  await loginAs(page, waiting, '/pedir-cita');
  await page.getByLabel('Doctor', { exact: true }).selectOption({ label: doctor.nombre });
  await page.getByRole('button', { name: 'Apuntarme a la lista de espera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de espera' });
  await expect(dialog.getByLabel('¿Con quién?')).toHaveValue('doctor');
  await expect(dialog.getByLabel('¿Con quién?').locator('option:checked')).toHaveText(`Solo con ${doctor.nombre}`);
  await expect(dialog.getByLabel('¿Cuándo te va bien?').locator('option:checked')).toHaveText('Cualquier hora');
  await expectAccessibleInBothThemes(page, 'waitlist form');
  await page.setViewportSize(PHONE);
  await expectLaidOut(page, `waitlist form on a phone`);
  await page.setViewportSize(LAPTOP);
  await dialog.getByRole('button', { name: 'Apuntarme', exact: true }).click();
  await expect(page.getByText('Te has apuntado a la lista de espera.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Their waitlist in /mis-visitas.
  await page.goto('/mis-visitas');
  const section = page.getByRole('region', { name: 'Lista de espera' });
  await expect(section.getByText(doctor.nombre)).toBeVisible(LOADED);
  await expect(section.getByText('Esperando')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/mis-visitas with a waitlist');

  // The holder cancels: the time is offered by e-mail at once.
  expect((await request.put(`/api/citas/${id_cita}/cancelar`, { headers: holderHeaders })).status()).toBe(200);
  const mail = await waitForMail(testInfo, `${waiting.usuario}@example.com`, /^Hay una hora libre para ti/, 20_000);
  const link = /https?:\/\/\S+\/lista-espera\/oferta\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();

  // The link opens the claim screen: the time, and a reason to book it.
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByRole('heading', { name: 'Hora libre de la lista de espera' })).toBeVisible(LOADED);
  await expect(page.getByText(doctor.nombre)).toBeVisible();
  await expect(page.getByText(/10:00–10:30/)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'claim screen');
  await page.setViewportSize(PHONE);
  await expectLaidOut(page, `claim screen on a phone`);
  await page.getByLabel('Motivo de la consulta').fill('Dolor de garganta');
  await page.getByRole('button', { name: 'Reservar esta hora' }).click();
  await expect(page.getByText('¡Hora reservada! Queda pendiente de confirmación por el doctor.')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'claim screen after booking');

  // The visit is theirs, waiting for the doctor; the waitlist entry is over.
  await page.setViewportSize(LAPTOP);
  await page.getByRole('link', { name: 'Ir a Mis visitas' }).click();
  const upcoming = page.getByRole('region', { name: 'Próximas citas' });
  await expect(upcoming.getByRole('row').filter({ hasText: 'Dolor de garganta' }).getByText('Pendiente')).toBeVisible(
    LOADED,
  );
  await expect(page.getByRole('region', { name: 'Lista de espera' }).getByText('Cita reservada')).toBeVisible();

  // The link again: the time is already theirs.
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByText('Ya has reservado esta hora: la verás en «Mis visitas».')).toBeVisible(LOADED);
});

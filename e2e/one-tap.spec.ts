import { apiLogin, expect, expectAccessibleInBothThemes, registerPatient, test } from './fixtures.ts';
import { bearer, futureWeekday, newDoctor, openDayByApi } from './support/agenda.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';
import { waitForMail } from './support/outbox.ts';

// A journey registers accounts (a slow password hash) and runs axe several times.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };

test("a patient confirms from the e-mail's one-tap link that they will come, without logging in, once", async ({ page, request }, testInfo) => {
  const doctor = await newDoctor(request, 'Marta', 'Soler', 'Vidal');
  const fecha = futureWeekday(5);
  await openDayByApi(request, doctor, fecha, ['10:00'], 30);
  const me = (await (await request.get('/api/agenda/mi-id-doctor', { headers: await bearer(request, doctor) })).json()) as { id_doctor: number };
  const patient = await registerPatient(request, 'Núria');
  const booked = await request.post('/api/citas', {
    headers: { authorization: `Bearer ${await apiLogin(request, patient)}` },
    data: { id_doctor: me.id_doctor, fecha, hora: '10:00', motivo: 'Control', recordatorio: true },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id_cita } = (await booked.json()) as { id_cita: number };
  const confirmed = await request.put(`/api/agenda/citas/${id_cita}`, { headers: await bearer(request, doctor), data: { estado: 'Confirmada' } });
  expect(confirmed.status()).toBe(200);

  // The confirmation's e-mail carries the links.
  const mail = await waitForMail(testInfo, `${patient.usuario}@example.com`, /^Cita confirmada/, 30_000);
  const link = /Confirmo que voy: (https?:\/\/\S+\/enlace\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  const url = new URL(link ?? '');

  await page.setViewportSize(LAPTOP);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Tu cita' })).toBeVisible(LOADED);
  await expect(page.getByText('Marta Soler Vidal')).toBeVisible();
  await expect(page.getByText(/10:00/)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'one-tap confirm');
  await page.setViewportSize(PHONE);
  await expectLaidOut(page, 'one-tap confirm on a phone');
  await expectAccessibleInBothThemes(page, 'one-tap confirm on a phone');
  await page.getByRole('button', { name: 'Confirmo que voy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gracias: hemos anotado que vendrás.' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'one-tap confirmed');

  // The same link a second time: used.
  await page.setViewportSize(LAPTOP);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Este enlace ya se ha usado.' })).toBeVisible(LOADED);
  await expectLaidOut(page, 'one-tap link used');
});

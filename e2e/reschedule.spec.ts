import { apiLogin, expect, expectAccessibleInBothThemes, loginAs, registerPatient, test, unique } from './fixtures.ts';
import { bearer, newDoctor, futureWeekday, openDayByApi } from './support/agenda.ts';
import { freeSlotName } from './support/booking.ts';

// A patient moves a visit to another free time; the doctor subscribes a calendar to their agenda.
// Each journey registers accounts (slow hashes).
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };

/** 'martes, 9 de diciembre de 2026': how /mis-visitas names a day in its buttons. */
const longDate = (fecha: string) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${fecha}T12:00:00Z`));

test(`a patient moves a confirmed visit to another time; it waits for the doctor again`, async ({
  page,
  request,
}) => {
  const doctor = await newDoctor(request, 'Elena', unique('Roca'), 'Vidal');
  const fecha = futureWeekday(80);
  await openDayByApi(request, doctor, fecha, ['09:00', '09:30', '10:00'], 30);
  const doctorHeaders = await bearer(request, doctor);
  const me = (await (await request.get('/api/agenda/mi-id-doctor', { headers: doctorHeaders })).json()) as {
    id_doctor: number;
  };
  const nombre = `Valeria${Math.random().toString(36).slice(2, 6)}`;
  const patient = await registerPatient(request, nombre);
  const booked = await request.post('/api/citas', {
    headers: { authorization: `Bearer ${await apiLogin(request, patient)}` },
    data: { id_doctor: me.id_doctor, fecha, hora: '09:00', motivo: 'Dolor de rodilla', recordatorio: true },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id_cita } = (await booked.json()) as { id_cita: number };
  expect(
    (
      await request.put(`/api/agenda/citas/${id_cita}`, { headers: doctorHeaders, data: { estado: 'Confirmada' } })
    ).status(),
  ).toBe(200);

  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, patient, '/mis-visitas');
  const upcoming = page.getByRole('region', { name: 'Próximas citas' });
  const row = upcoming.getByRole('row').filter({ hasText: 'Dolor de rodilla' });
  await expect(row.getByText('Confirmada')).toBeVisible(LOADED);
  await row.getByRole('button', { name: `Cambiar la hora de la cita del ${longDate(fecha)} a las 09:00` }).click();

  // The doctor's week of the visit, in the booking grid: the visit itself reads 'Tu cita'.
  const dialog = page.getByRole('dialog', { name: 'Cambiar la hora de la cita' });
  const grid = dialog.getByRole('table', { name: new RegExp(`^Agenda de ${doctor.nombre}`) });
  await expect(grid).toBeVisible(LOADED);
  await expect(grid.getByText('Tu cita')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'reschedule dialog');
  await grid.getByRole('button', { name: freeSlotName(fecha, '10:00'), exact: true }).click();

  const confirm = page.getByRole('dialog').filter({ hasText: '¿Cambiar tu cita del' });
  await expect(confirm).toContainText(
    `¿Cambiar tu cita del ${longDate(fecha)} a las 09:00 al ${longDate(fecha)} a las 10:00?`,
  );
  await confirm.getByRole('button', { name: 'Cambiar hora' }).click();
  await expect(
    page.getByText(`Cita cambiada al ${longDate(fecha)} a las 10:00. Queda pendiente de confirmación por el doctor.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const moved = upcoming.getByRole('row').filter({ hasText: 'Dolor de rodilla' });
  await expect(moved.getByRole('cell', { name: '10:00', exact: true })).toBeVisible();
  await expect(moved.getByText('Pendiente')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/mis-visitas after moving a visit');

  // The doctor finds it among the requests to answer, at its new time.
  await loginAs(page, doctor, '/agenda-doctor');
  const inbox = page.getByRole('region', { name: 'Solicitudes pendientes' });
  const item = inbox.getByRole('listitem').filter({ hasText: `${nombre} Prueba` });
  await expect(item).toBeVisible(LOADED);
  await expect(item).toContainText('10:00');
  await expectAccessibleInBothThemes(page, "doctor's agenda with the moved visit");

  // The doctor's calendar subscription, made and revoked on /ficha-doctor.
  await page.goto('/ficha-doctor');
  const feed = page.getByRole('region', { name: 'Calendario en tu móvil' });
  await expect(feed.getByText('Aún no tienes ningún enlace de calendario.')).toBeVisible(LOADED);
  await feed.getByRole('button', { name: 'Crear enlace' }).click();
  const address = feed.getByRole('textbox', { name: 'Dirección de suscripción' });
  await expect(address).toHaveValue(/\/api\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(feed.getByRole('button', { name: 'Copiar' })).toBeVisible();
  await expectAccessibleInBothThemes(page, '/ficha-doctor with a new calendar link');
  const url = await address.inputValue();
  const ics = await request.get(url);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await ics.text();
  expect(text).toContain(`SUMMARY:V. P. · Consulta (pendiente)`);
  expect(text).not.toContain(nombre);
  expect(text).not.toContain('Dolor de rodilla');

  await feed.getByRole('button', { name: 'Revocar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revocar' }).click();
  await expect(page.getByText('Enlace revocado.')).toBeVisible();
  await expect(feed.getByText('Aún no tienes ningún enlace de calendario.')).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});

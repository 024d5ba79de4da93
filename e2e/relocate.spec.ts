import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectAccessibleInBothThemes, loginAs, test, unique } from './fixtures.ts';
import { registerNamedPatient, type NamedPatient } from './support/admin.ts';
import { addDays, bearer, futureWeekday, newDoctor, openDayByApi, scrollToAgendaPanels } from './support/agenda.ts';
import { fillDate } from './support/dates.ts';
import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';

// Closures are clinic-wide: these journeys use days about ten weeks ahead, beyond the open agenda
// window and the other journeys' days, so they touch nobody else's visits whatever the time of day.
test.describe.configure({ timeout: 150_000 });
// A step that cannot happen fails in seconds, not at the journey's timeout.
test.use({ actionTimeout: 15_000 });

/** The first weekday after `fecha`. */
const nextWeekday = (fecha: string) => {
  let next = addDays(fecha, 1);
  while ([0, 6].includes(new Date(`${next}T12:00:00Z`).getUTCDay())) next = addDays(next, 1);
  return next;
};

/** A patient books the doctor's slot through the booking API. */
async function bookByApi(request: APIRequestContext, patient: NamedPatient, doctor: Awaited<ReturnType<typeof newDoctor>>, fecha: string, hora: string) {
  const { id_doctor } = (await (await request.get('/api/agenda/mi-id-doctor', { headers: await bearer(request, doctor) })).json()) as { id_doctor: number };
  const booked = await request.post('/api/citas', {
    headers: await bearer(request, patient),
    data: { id_doctor, fecha, hora, motivo: 'Revisión anual', recordatorio: false },
  });
  expect(booked.status(), await booked.text()).toBe(201);
}

async function checkBothWidths(page: Page, label: string) {
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await expectLaidOut(page, `${label} at ${size.width}px`);
    await expectAccessibleInBothThemes(page, `${label} at ${size.width}px`);
  }
}

test('an admin closes the clinic on a day with a booked visit, and reception moves it to a proposed time', async ({ page, request }) => {
  const closed = futureWeekday(71);
  const open = nextWeekday(closed);
  const doctor = await newDoctor(request, 'Nerea', unique('Closa'), 'Puyol');
  const patient = await registerNamedPatient(request, 'Rosa');
  await openDayByApi(request, doctor, closed, ['09:00', '09:30'], 30);
  await openDayByApi(request, doctor, open, ['09:00', '09:30'], 30);
  await bookByApi(request, patient, doctor, closed, '09:00');

  // The admin closes the clinic that day from the clinic's settings.
  await page.setViewportSize(LAPTOP);
  await loginAs(page, DEMO.admin, '/clinica');
  const closures = page.getByRole('region', { name: 'Cierres de la clínica' });
  await fillDate(closures, 'Desde el día', closed);
  await closures.getByLabel('Motivo del cierre').fill('Obras en la clínica');
  await closures.getByRole('button', { name: 'Añadir cierre' }).click();
  await expect(page.getByText('Cierre guardado: 1 visita queda por reubicar en recepción.')).toBeVisible();
  await expect(closures.getByRole('list', { name: 'Cierres próximos' })).toContainText('Obras en la clínica');
  await expect(page.getByRole('region', { name: 'Festivos' }).getByRole('list', { name: /^Festivos de/ })).toBeVisible();
  await checkBothWidths(page, 'clinic settings with a closure');

  // Reception finds the visit waiting, proposes a time and moves it.
  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.reception, '/por-reubicar');
  await expect(page.getByRole('heading', { level: 1, name: 'Por reubicar' })).toBeVisible();
  const group = page.getByRole('region', { name: /· Cierre: Obras en la clínica$/ });
  const card = group.getByRole('listitem').filter({ hasText: patient.apellido });
  await expect(card).toContainText(doctor.nombre);
  await checkBothWidths(page, 'visits to relocate');

  await card.getByRole('checkbox', { name: new RegExp(`^Seleccionar la visita de Rosa ${patient.apellido}`) }).check();
  await page.getByRole('button', { name: 'Proponer huecos' }).click();
  await expect(card).toContainText(`Nueva hora:`);
  await expect(card).toContainText(`09:00 con ${doctor.nombre}`);
  await checkBothWidths(page, 'visits to relocate with proposed times');
  await page.getByRole('button', { name: 'Mover seleccionada (1)' }).click();
  const results = page.getByRole('region', { name: 'Resultado' });
  await expect(results).toContainText(`Rosa ${patient.apellido}: movida al`);
  await expect(results).toContainText(`09:00 con ${doctor.nombre}`);
  await expect(card).toHaveCount(0);
  await checkBothWidths(page, 'visits to relocate after a move');

  // The visit is at its new time in the doctor's day; the closed day keeps its slot closed.
  const headers = await bearer(request, doctor);
  const day = (await (await request.get(`/api/agenda?fecha=${open}`, { headers })).json()) as { hora_inicio: string; estado: string }[];
  expect(day.find((slot) => slot.hora_inicio === '09:00')?.estado).toBe('Reservado');
  const closedDay = (await (await request.get(`/api/agenda?fecha=${closed}`, { headers })).json()) as { estado: string }[];
  expect(closedDay.map((slot) => slot.estado)).toEqual(['Bloqueado', 'Bloqueado']);

  // The closure goes away again, so the day is the clinic's as before.
  const admin = await bearer(request, DEMO.admin);
  const list = (await (await request.get('/api/clinica/cierres', { headers: admin })).json()) as { id_cierre: number; fecha_inicio: string }[];
  for (const cierre of list.filter((c) => c.fecha_inicio === closed)) {
    expect((await request.delete(`/api/clinica/cierres/${cierre.id_cierre}`, { headers: admin })).status()).toBe(204);
  }
});

test("a doctor's absence leaves the booked visits waiting at the desk, where reception cancels one with a reason", async ({ page, request }) => {
  const away = futureWeekday(76);
  const doctor = await newDoctor(request, 'Bruno', unique('Ausente'), 'Soler');
  const patient = await registerNamedPatient(request, 'Marta');
  await openDayByApi(request, doctor, away, ['10:00', '10:30'], 30);
  await bookByApi(request, patient, doctor, away, '10:00');

  await page.setViewportSize(LAPTOP);
  await loginAs(page, doctor, '/agenda-doctor');
  await scrollToAgendaPanels(page);
  const absences = page.getByRole('region', { name: 'Ausencias' });
  await fillDate(absences, 'Desde el día', away);
  await fillDate(absences, 'Hasta el día', away);
  await absences.getByLabel('Motivo de la ausencia').fill('Congreso');
  await absences.getByRole('button', { name: 'Añadir ausencia' }).click();
  const affected = absences.getByRole('region', { name: '1 visita reservada en la ausencia' });
  await expect(affected).toContainText('Recepción las verá «por reubicar»');

  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.reception, '/por-reubicar');
  const group = page.getByRole('region', { name: new RegExp(`· Ausencia de ${doctor.nombre}: Congreso$`) });
  const card = group.getByRole('listitem').filter({ hasText: patient.apellido });
  await expect(card).toBeVisible();
  await card.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Cancelar seleccionada (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar 1 visita' });
  await dialog.getByRole('button', { name: 'Cancelar la visita' }).click();
  await expect(dialog.getByText('Escribe el motivo: el paciente lo leerá.')).toBeVisible();
  await dialog.getByLabel('Motivo de la cancelación').fill('El doctor estará en un congreso; llámenos para otra hora');
  await checkBothWidths(page, 'cancel visits to relocate');
  await dialog.getByRole('button', { name: 'Cancelar la visita' }).click();
  await expect(page.getByRole('region', { name: 'Resultado' })).toContainText(`Marta ${patient.apellido}: cancelada; se le ha avisado.`);
  await expect(card).toHaveCount(0);
});

test("reception records a doctor's absence from Por reubicar, and the visits it falls on wait there to move", async ({ page, request }) => {
  const away = futureWeekday(86);
  const doctor = await newDoctor(request, 'Clara', unique('Baja'), 'Roig');
  const patient = await registerNamedPatient(request, 'Oriol');
  await openDayByApi(request, doctor, away, ['09:00', '09:30'], 30);
  await bookByApi(request, patient, doctor, away, '09:30');

  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.reception, '/por-reubicar');
  await page.getByRole('button', { name: 'Registrar ausencia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar la ausencia de un doctor' });
  await dialog.getByRole('button', { name: 'Registrar ausencia' }).click();
  await expect(dialog.getByText('Elige el doctor, las fechas y escribe el motivo.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Doctor' }).fill(doctor.nombre);
  await page.getByRole('option', { name: new RegExp(`^${doctor.nombre} · `) }).click();
  await fillDate(dialog, 'Desde el día', away);
  await fillDate(dialog, 'Hasta el día', away);
  await dialog.getByLabel('Motivo de la ausencia').fill('Baja médica');
  await checkBothWidths(page, 'record an absence');
  await dialog.getByRole('button', { name: 'Registrar ausencia' }).click();
  await expect(page.getByText('Ausencia registrada. 1 visita queda por reubicar.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const group = page.getByRole('region', { name: new RegExp(`· Ausencia de ${doctor.nombre}: Baja médica$`) });
  await expect(group.getByRole('listitem').filter({ hasText: patient.apellido })).toBeVisible();
});

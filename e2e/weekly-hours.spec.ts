import { DEMO, expect, expectAccessible, loginAs, registerPatient, test, useTheme } from './fixtures.ts';
import { registerDoctorByApi } from './support/admin.ts';
import { addDays, bearer, clinicToday, scrollToAgendaPanels } from './support/agenda.ts';
import { fillDate } from './support/dates.ts';

test.describe.configure({ timeout: 120_000 });

/** The first day after today that is no public holiday of the clinic, and how many days away it is. */
async function workingDayAhead(request: Parameters<typeof bearer>[0], headers: Record<string, string>) {
  const today = clinicToday();
  const years = [Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1];
  const holidays = new Set<string>();
  for (const anio of years) {
    const list = (await (await request.get(`/api/agenda/festivos?anio=${anio}`, { headers })).json()) as { fecha: string }[];
    for (const holiday of list) holidays.add(holiday.fecha);
  }
  for (let offset = 1; ; offset++) {
    const fecha = addDays(today, offset);
    if (!holidays.has(fecha)) return { fecha, offset };
  }
}

test('a doctor sets weekly hours and an absence, and sees the agenda fill and empty', async ({ page, request }) => {
  const doctor = await registerDoctorByApi(request, 'Carmen');
  const headers = await bearer(request, doctor);
  const { fecha: day, offset } = await workingDayAhead(request, headers);

  await loginAs(page, doctor, '/agenda-doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda médica' })).toBeVisible();
  await scrollToAgendaPanels(page);
  const week = page.getByRole('region', { name: 'Horario semanal' });
  await expect(week.getByRole('group', { name: 'Lunes' })).toContainText('Sin consulta');

  // Every day of the week 09:00-14:00 every 15 minutes (the default of a first range).
  for (const name of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']) {
    await week.getByRole('button', { name: `Añadir franja el ${name}` }).click();
  }
  await expect(week.getByRole('group', { name: 'Lunes, franja 1' }).getByRole('spinbutton', { name: 'Desde, horas' })).toHaveValue('09');
  await expect(week.getByRole('group', { name: 'Domingo, franja 1' }).getByRole('textbox', { name: 'Minutos' })).toHaveValue('15');
  await week.getByRole('button', { name: 'Guardar horario' }).click();
  // Open as far as patients may book: the demo's 90-day horizon (and its day) is 13 weeks.
  await expect(page.getByText('Horario guardado. La agenda queda abierta 13 semanas por delante.')).toBeVisible();

  for (let step = 0; step < offset; step++) await page.getByRole('button', { name: 'Día siguiente' }).click();
  const table = page.getByRole('table', { name: /^Bloques del/ });
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(table.getByRole('row', { name: /09:00 – 09:15/ })).toContainText('Disponible');
  await expectAccessible(page, 'agenda with weekly hours');

  // A patient books 09:30 that day.
  const patient = await registerPatient(request, 'Irene');
  const login = await request.post('/api/login', { data: patient });
  const session = (await login.json()) as { access_token: string; usuario: { id_paciente: number } };
  const me = (await (await request.get('/api/agenda/mi-id-doctor', { headers })).json()) as { id_doctor: number };
  const booked = await request.post('/api/citas', {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: { id_paciente: session.usuario.id_paciente, id_doctor: me.id_doctor, fecha: day, hora: '09:30', motivo: 'Control de tensión', recordatorio: false },
  });
  expect(booked.status()).toBe(201);

  // The doctor is away that day: the free slots close, the booked visit is listed.
  const absences = page.getByRole('region', { name: 'Ausencias' });
  await fillDate(absences, 'Desde el día', day);
  await fillDate(absences, 'Hasta el día', day);
  await absences.getByLabel('Motivo de la ausencia').fill('Congreso');
  await absences.getByRole('button', { name: 'Añadir ausencia' }).click();
  await expect(page.getByText('Ausencia guardada: se han cerrado 19 huecos libres.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  const affected = absences.getByRole('region', { name: '1 visita reservada en la ausencia' });
  await expect(affected).toContainText('09:30 · Irene');
  await expectAccessible(page, 'absence with a booked visit');
  await affected.getByRole('button', { name: /^Cancelar la visita/ }).click();
  await expect(page.getByText('Visita cancelada. El paciente recibirá un correo.')).toBeVisible();
  await expect(affected).toBeHidden();
  await expect(table.getByRole('row', { name: /09:30 – 09:45/ })).toContainText('Bloqueado');
  await expect(absences.getByRole('list', { name: 'Ausencias próximas' })).toContainText('Congreso');

  // In the dark theme too.
  await useTheme(page, 'oscuro');
  await page.reload();
  await scrollToAgendaPanels(page);
  await expect(page.getByRole('region', { name: 'Ausencias' }).getByRole('list', { name: 'Ausencias próximas' })).toContainText('Congreso');
  await expectAccessible(page, 'weekly hours and absences, dark theme');

  // Removing the absence opens the day again.
  await page.getByRole('button', { name: /^Quitar la ausencia/ }).click();
  await expect(page.getByText('Ausencia quitada. Los huecos vuelven a estar libres.')).toBeVisible();
  for (let step = 0; step < offset; step++) await page.getByRole('button', { name: 'Día siguiente' }).click();
  await expect(page.getByRole('table', { name: /^Bloques del/ }).getByRole('row')).toHaveCount(21);

  // /ficha-doctor shows the hours.
  await page.goto('/ficha-doctor');
  const summary = page.getByRole('region', { name: 'Horario semanal' });
  await expect(summary.getByRole('row', { name: /Lunes/ })).toContainText('09:00–14:00, cada 15 minutos');
});

test('on a phone the panels below the agenda are drawn when the doctor scrolls near them, or at the first Tab', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, DEMO.doctor, '/agenda-doctor');
  await expect(page.getByRole('heading', { level: 2, name: /\d{4}$/ }).first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  const week = page.getByRole('region', { name: 'Horario semanal' });
  // Screens below the agenda's first view: not drawn while the doctor stays at the top.
  await page.waitForTimeout(1_500);
  await expect(week).toHaveCount(0);
  await scrollToAgendaPanels(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /\d{4}$/ }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(week).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ausencias' })).toBeVisible();
});

import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessibleInBothThemes, loginAs, test } from './fixtures.ts';

// The phone call "¿Tiene algo para el médico de familia esta semana?" answered at the desk: the
// patient's screen, the specialty's first free times, one click; then a move and a cancellation.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };

/** The patient's id and the reception's token, through the API. */
async function setUp(page: Page) {
  const login = async (credentials: { usuario: string; contrasena: string }) => {
    const response = await page.request.post('/api/login', { data: credentials });
    expect(response.status()).toBe(200);
    return (await response.json()) as { access_token: string; usuario: { id_paciente: number | null } };
  };
  const ana = await login(DEMO.patient);
  const desk = await login(DEMO.reception);
  const headers = { authorization: `Bearer ${desk.access_token}` };
  const doctors = (await (await page.request.get('/api/recepcion/doctores', { headers })).json()) as { nombre: string; especialidad: string }[];
  const garcia = doctors.find((doctor) => doctor.nombre.startsWith('Laura García'));
  expect(garcia).toBeDefined();
  return { id_paciente: ana.usuario.id_paciente as number, headers, specialty: garcia!.especialidad, doctor: garcia!.nombre };
}

/** What a free time's button says: "Citar el Miércoles, 9 de diciembre a las 09:00 con Laura García Romero". */
async function slotOf(button: Locator) {
  const label = (await button.getAttribute('aria-label')) ?? '';
  const match = /^Citar el [^,]+, (.+) a las (\d\d:\d\d) con (.+)$/.exec(label);
  expect(match, label).not.toBeNull();
  return { day: match![1]!, time: match![2]!, doctor: match![3]! };
}

/**
 * Submits, and when the patient would pass a cap (the demo's Ana already has a visit with the
 * doctor on the first open day), gives the desk's reason and goes past it.
 */
async function throughCaps(dialog: Locator, done: Locator, anyway: string) {
  const cap = dialog.getByRole('region', { name: 'El paciente supera un límite de citas' });
  await expect(done.or(cap).first()).toBeVisible(LOADED);
  if (await cap.isVisible()) {
    await cap.getByLabel('Motivo para citar por encima del límite').fill('Acordado por teléfono con la paciente');
    await cap.getByRole('button', { name: anyway }).click();
    await expect(done).toBeVisible(LOADED);
  }
}

for (const { width, height } of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the desk books, moves and cancels a patient's visits at ${width} px`, async ({ page }) => {
    const { id_paciente, headers, specialty, doctor } = await setUp(page);
    const visitIds = async () =>
      ((await (await page.request.get(`/api/recepcion/pacientes/${id_paciente}/citas`, { headers })).json()) as { citas: { id_cita: number }[] }).citas.map(
        (visit) => visit.id_cita,
      );
    const hers = await visitIds();
    await page.setViewportSize({ width, height });
    await loginAs(page, DEMO.reception, `/recepcion/citar?paciente=${id_paciente}`);

    // Who is being booked, and the free times once a specialty is chosen.
    await expect(page.getByRole('heading', { name: 'Dar cita', level: 1 })).toBeVisible();
    const patientCard = page.getByRole('region', { name: 'Paciente', exact: true });
    await expect(patientCard.getByRole('heading', { name: /^Ana López/ })).toBeVisible(LOADED);
    await expect(patientCard).toContainText('Teléfono:');
    const upcoming = page.getByRole('region', { name: 'Próximas citas del paciente' });
    const before = await upcoming.getByRole('article').count();
    await page.getByRole('combobox', { name: 'Especialidad' }).click();
    await page.getByRole('option', { name: specialty }).click();
    const free = page.getByRole('region', { name: 'Primeros huecos libres' });
    const first = free.getByRole('button', { name: /^Citar el / }).first();
    await expect(first).toBeVisible(LOADED);
    await expectAccessibleInBothThemes(page, '/recepcion/citar with free times');
    const booked = await slotOf(first);
    expect(booked.doctor).toBe(doctor);

    // One click and the reason: booked, confirmed at once.
    await first.click();
    const bookDialog = page.getByRole('dialog', { name: 'Dar cita' });
    await bookDialog.getByRole('button', { name: 'Dar cita', exact: true }).click();
    await expect(bookDialog.getByText('El motivo de la cita es obligatorio.')).toBeVisible();
    await expectAccessibleInBothThemes(page, 'booking dialog with an error');
    await bookDialog.getByLabel('Motivo de la cita').fill('Revisión anual');
    await bookDialog.getByRole('button', { name: 'Dar cita', exact: true }).click();
    const confirmed = page.getByRole('status').filter({ hasText: 'Cita confirmada' }).filter({ hasText: booked.time });
    await throughCaps(bookDialog, confirmed, 'Citar igualmente');
    await expect(bookDialog).toBeHidden();
    await expect(confirmed).toContainText(`${booked.day} de`);
    const visitA = upcoming.getByRole('article').filter({ hasText: `${booked.day} de` }).filter({ hasText: booked.time });
    await expect(visitA).toContainText('Confirmada');
    await expect(upcoming.getByRole('article')).toHaveCount(before + 1);
    await expectAccessibleInBothThemes(page, '/recepcion/citar after booking');

    // Move it: the first free time of the same specialty.
    await visitA.getByRole('button', { name: /^Mover la cita del / }).click();
    const moveDialog = page.getByRole('dialog', { name: 'Mover cita' });
    const target = moveDialog.getByRole('button', { name: /^Citar el / }).first();
    await expect(target).toBeVisible(LOADED);
    await expectAccessibleInBothThemes(page, 'move dialog');
    const moved = await slotOf(target);
    await target.click();
    const movedNotice = page.getByRole('status').filter({ hasText: 'Cita movida' }).filter({ hasText: moved.time });
    await throughCaps(moveDialog, movedNotice, 'Mover igualmente');
    await expect(moveDialog).toBeHidden();
    const visitAMoved = upcoming.getByRole('article').filter({ hasText: `${moved.day} de` }).filter({ hasText: moved.time });
    await expect(visitAMoved).toBeVisible();
    await expect(upcoming.getByRole('article')).toHaveCount(before + 1);

    // A second visit with the same doctor that day passes a cap: the desk says why, and it shows.
    const sameDay = free.getByRole('region', { name: new RegExp(`, ${moved.day}$`) }).getByRole('button', { name: new RegExp(`con ${doctor}$`) }).first();
    await expect(sameDay).toBeVisible(LOADED);
    const second = await slotOf(sameDay);
    await sameDay.click();
    await bookDialog.getByLabel('Motivo de la cita').fill('Resultados de analítica');
    await bookDialog.getByRole('button', { name: 'Dar cita', exact: true }).click();
    const cap = bookDialog.getByRole('region', { name: 'El paciente supera un límite de citas' });
    await expect(cap).toContainText('El paciente ya tiene una cita con este doctor ese día.');
    await cap.getByRole('button', { name: 'Citar igualmente' }).click();
    await expect(cap.getByText('Indica el motivo para citar por encima del límite.')).toBeVisible();
    await expectAccessibleInBothThemes(page, 'booking dialog past a cap');
    await cap.getByLabel('Motivo para citar por encima del límite').fill('Dos consultas el mismo día, pedido por la doctora');
    await cap.getByRole('button', { name: 'Citar igualmente' }).click();
    await expect(bookDialog).toBeHidden();
    const visitB = upcoming.getByRole('article').filter({ hasText: `${second.day} de` }).filter({ hasText: second.time });
    await expect(visitB).toContainText('Por encima del límite: «Dos consultas el mismo día, pedido por la doctora»');

    // Cancelling asks for the reason.
    await visitB.getByRole('button', { name: /^Cancelar la cita del / }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancelar cita' });
    await cancelDialog.getByRole('button', { name: 'Cancelar cita' }).click();
    await expect(cancelDialog.getByText('Indica el motivo de la cancelación.')).toBeVisible();
    await expectAccessibleInBothThemes(page, 'cancel dialog with an error');
    await cancelDialog.getByLabel('Motivo de la cancelación').fill('La paciente prefiere una sola visita');
    await cancelDialog.getByRole('button', { name: 'Cancelar cita' }).click();
    await expect(cancelDialog).toBeHidden();
    await expect(visitB).toBeHidden();
    await expect(upcoming.getByRole('article')).toHaveCount(before + 1);

    // The demo patient is left as she was, for the other journeys.
    const added = (await visitIds()).filter((id) => !hers.includes(id));
    expect(added).toHaveLength(1);
    const cleanup = await page.request.post(`/api/recepcion/citas/${added[0]}/cancelar`, { headers, data: { motivo: 'Fin de la prueba' } });
    expect(cleanup.status()).toBe(200);
  });
}

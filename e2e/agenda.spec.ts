import { expectLaidOut, LAPTOP, PHONE } from './support/layout.ts';
import { DEMO, expect, expectAccessible, loginAs, test, useTheme } from './fixtures.ts';
import { dayLabel, futureWeekday, goToMonth, newDoctor, pendingRequest } from './support/agenda.ts';
import { fillDate, fillTime, shownDate } from './support/dates.ts';

// Each journey runs axe several times (the year view has twelve month grids): allow the time.
test.describe.configure({ timeout: 120_000 });

// Days weeks ahead: the demo agenda (two weeks) and other journeys stay clear of them.
const OPEN_DAY = futureWeekday(45);
const REQUEST_DAY = futureWeekday(52);

test('a doctor opens a morning, blocks and unblocks a range, edits and deletes slots', async ({ page, request }) => {
  // A doctor of its own: run again on the same server (CI's retry), it starts from an empty day.
  await loginAs(page, await newDoctor(request, 'Marta', 'Soler', 'Vidal'), '/agenda-doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda médica' })).toBeVisible();
  await expectAccessible(page, 'agenda, daily view');

  // 'Apertura de jornada': no range chosen is refused with the spec's message.
  await page.getByRole('button', { name: 'Abrir horario' }).click();
  const openDialog = page.getByRole('dialog', { name: 'Apertura de jornada' });
  await expect(openDialog.getByLabel(/^Intervalo/)).toHaveValue('15');
  await expect(openDialog.getByRole('checkbox', { name: /Mañana/ })).not.toBeChecked();
  await expect(openDialog.getByRole('checkbox', { name: /Tarde/ })).not.toBeChecked();
  await fillDate(openDialog, /^Fecha/, OPEN_DAY);
  await openDialog.getByRole('button', { name: 'Crear agenda' }).click();
  await expect(page.getByText('Debes seleccionar al menos un tramo horario.')).toBeVisible();
  await expectAccessible(page, 'Apertura de Jornada modal');

  await openDialog.getByLabel(/^Intervalo/).fill('30');
  await openDialog.getByRole('checkbox', { name: /Mañana/ }).check();
  await expect(openDialog.getByText('Se crearán 10 bloques como máximo.')).toBeVisible();
  await openDialog.getByRole('button', { name: 'Crear agenda' }).click();
  await expect(page.getByText('Se han creado 10 bloques nuevos.')).toBeVisible();
  await expect(openDialog).toBeHidden();

  const table = page.getByRole('table', { name: /^Bloques del/ });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('row', { name: /09:00 – 09:30/ })).toContainText('Disponible');
  await expect(table.getByRole('row', { name: /13:30 – 14:00/ })).toBeVisible();

  // Block 10:00-11:00: two 30-minute slots; an empty form gets the spec's message first.
  await page.getByRole('button', { name: 'Bloquear horario', exact: true }).click();
  const blockDialog = page.getByRole('dialog', { name: 'Bloquear horario', exact: true });
  await expect(blockDialog.getByLabel(/^Fecha/)).toHaveValue(shownDate(OPEN_DAY));
  await blockDialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expect(page.getByText('Completa todos los campos obligatorios.')).toBeVisible();
  await expectAccessible(page, 'block modal');
  await blockDialog.getByLabel(/^Motivo/).fill('Sesión clínica');
  await fillTime(blockDialog, 'Hora de inicio', '10:00');
  await fillTime(blockDialog, 'Hora de fin', '11:00');
  await blockDialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expect(page.getByText('2 bloques bloqueados correctamente.')).toBeVisible();
  await expect(table.getByRole('row', { name: /10:00 – 10:30/ })).toContainText('Bloqueado');
  await expect(table.getByRole('row', { name: /10:30 – 11:00/ })).toContainText('Sesión clínica');

  // 'Editar bloque': saving nothing new is a client rule; a change is saved.
  await table.getByRole('button', { name: 'Editar el bloque de las 10:30' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar bloque' });
  await editDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('No has realizado ningún cambio.')).toBeVisible();
  await expectAccessible(page, 'edit block modal');
  await editDialog.getByLabel('Descripción').fill('Sesión clínica de cardiología');
  await editDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  await expect(table.getByRole('row', { name: /10:30 – 11:00/ })).toContainText('Sesión clínica de cardiología');

  // Unblock 10:00-15:00: the two blocked slots come back and 14:00, 14:30 are created.
  await page.getByRole('button', { name: 'Desbloquear horario' }).click();
  const unblockDialog = page.getByRole('dialog', { name: 'Desbloquear horario' });
  await fillTime(unblockDialog, 'Hora de inicio', '10:00');
  await unblockDialog.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByText('Por favor, completa todos los campos.')).toBeVisible();
  await expectAccessible(page, 'unblock modal');
  await unblockDialog.getByLabel(/^Motivo/).fill('Se alarga la consulta');
  await fillTime(unblockDialog, 'Hora de fin', '15:00');
  await unblockDialog.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByText('Desbloqueado correctamente. 2 bloques desbloqueados, 2 nuevos bloques creados')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('row', { name: /10:00 – 10:30/ })).toContainText('Disponible');

  // Delete a slot, after the spec's confirmation.
  await table.getByRole('button', { name: 'Eliminar el bloque de las 14:30' }).click();
  // The spec's question names the block it deletes.
  const [, month, day] = OPEN_DAY.split('-');
  const confirm = page.getByRole('dialog').filter({ hasText: `¿Estás seguro de que deseas eliminar el bloque del ${day}/${month} de 14:30 a 15:00?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Bloque eliminado correctamente.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(12);
  await expectAccessible(page, 'agenda, daily view with slots');
});

// Accepting a request on a laptop and on a phone (the main journeys at both widths).
for (const viewport of [LAPTOP, PHONE]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test(`a patient's request is highlighted in the month view and the doctor accepts it (${viewport.width}px)`, async ({ page, request }) => {
      // A time of its own per width: the other run's request is already accepted.
      const pending = await pendingRequest(request, DEMO.doctor2, REQUEST_DAY, viewport === PHONE ? '10:00' : '09:00');
      await loginAs(page, pending.doctor, '/agenda-doctor');
      await page.getByText('Mensual', { exact: true }).click();
      await goToMonth(page, pending.fecha);
      // The day says how many requests it has ('1 solicitud pendiente').
      const highlighted = new RegExp(`^${dayLabel(pending.fecha)}, \\d+ solicitud(es)? pendientes?`);
      const dayButton = page.getByRole('button', { name: highlighted });
      await expect(dayButton).toBeVisible();
      await expectLaidOut(page, 'agenda, monthly view');
      await expectAccessible(page, 'agenda, monthly view');
      await dayButton.click();

      // The spec's list of the clicked day (the inbox of every day is beside it).
      const requests = page.getByRole('region', { name: /^Solicitudes del / });
      const item = requests.getByRole('listitem').filter({ hasText: pending.paciente });
      await expect(item).toContainText(pending.hora.slice(0, 5));
      // In the day's table the request's slot is 'Reservado', its visit 'Por confirmar'.
      await page.getByText('Diaria', { exact: true }).click();
      const requested = page.getByRole('table', { name: /^Bloques del/ }).getByRole('row', { name: new RegExp(`^${pending.hora.slice(0, 5)} –`) });
      await expect(requested.getByText('Por confirmar', { exact: true })).toBeVisible();
      await page.getByText('Anual', { exact: true }).click();
      await expect(page.getByRole('button', { name: highlighted })).toBeVisible();
      await expectAccessible(page, 'agenda, yearly view');

      await item.getByRole('button', { name: /^Aceptar la solicitud de/ }).click();
      await expect(page.getByText('Solicitud aceptada')).toBeVisible();
      await expect(requests.getByRole('listitem').filter({ hasText: pending.paciente })).toHaveCount(0);
      await page.getByText('Diaria', { exact: true }).click();
      const slot = page.getByRole('table', { name: /^Bloques del/ }).getByRole('row', { name: new RegExp(`^${pending.hora.slice(0, 5)} –`) });
      await expect(slot).toContainText(`${pending.paciente}`);
      await expect(slot).toContainText('(confirmada)');
      // The slot is 'Reservado', and its badge says where its visit stands.
      await expect(slot.getByText('Reservado', { exact: true })).toBeVisible();
      await expect(slot.getByText('Confirmada', { exact: true })).toBeVisible();
      await expect(slot.getByText('Por confirmar', { exact: true })).toHaveCount(0);
      await expectLaidOut(page, 'agenda, daily view');
    });
  });
}

test('the agenda has no serious accessibility problems in the dark theme', async ({ page }) => {
  await useTheme(page, 'oscuro');
  await loginAs(page, DEMO.doctor2, '/agenda-doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda médica' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modo oscuro' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'agenda, dark, daily view');
  for (const view of ['Mensual', 'Anual']) {
    await page.getByText(view, { exact: true }).click();
    await expectAccessible(page, `agenda, dark, ${view}`);
  }
  await page.getByRole('button', { name: 'Abrir horario' }).click();
  await expectAccessible(page, 'agenda, dark, Apertura de Jornada');
});

test('without a session the agenda goes to the log-in', async ({ page }) => {
  await page.goto('/agenda-doctor');
  await expect(page).toHaveURL(/\/login\?next=%2Fagenda-doctor$/);
});

test("on a phone the agenda's three moves (previous, today, next) share one row inside the screen", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.doctor, '/agenda-doctor');
  for (const view of ['Diaria', 'Mensual']) {
    await page.getByText(view, { exact: true }).click();
    const moves = [
      page.getByRole('button', { name: view === 'Diaria' ? 'Día anterior' : 'Mes anterior' }),
      page.getByRole('button', { name: 'Hoy', exact: true }),
      page.getByRole('button', { name: view === 'Diaria' ? 'Día siguiente' : 'Mes siguiente' }),
    ];
    const boxes = await Promise.all(moves.map(async (move) => (await move.boundingBox())!));
    for (const box of boxes) {
      expect(box.y, `${view}: one row`).toBe(boxes[0]!.y);
      expect(box.x + box.width, `${view}: inside the screen`).toBeLessThanOrEqual(PHONE.width);
    }
  }
  await expectLaidOut(page, "the agenda's moves on a phone");
});

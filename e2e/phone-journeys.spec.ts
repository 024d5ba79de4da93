import { apiLogin, DEMO, expect, expectAccessible, loginAs, registerPatient, test, useTheme } from './fixtures.ts';
import { registerDoctorByApi } from './support/admin.ts';
import { futureWeekday } from './support/agenda.ts';
import { fillDate, fillTime } from './support/dates.ts';
import { expectLaidOut, PHONE } from './support/layout.ts';

// The main journeys on a 390 px phone as well (booking, cancelling and accepting a request
// run at both widths in their own specs; these are assigning a visit and reading a record).
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: PHONE });

const DAY = futureWeekday(61);

test('on a phone, the doctor assigns a visit and sees it among the assigned ones', async ({ page, request }) => {
  await useTheme(page, 'oscuro');
  const doctor = await registerDoctorByApi(request);
  const nombre = `Pau${Math.random().toString(36).slice(2, 7)}`;
  await registerPatient(request, nombre);

  await loginAs(page, doctor, '/crear-consultas');
  await expect(page.getByRole('heading', { level: 1, name: 'Asignar consultas' })).toBeVisible();
  await expectLaidOut(page, '/crear-consultas on a phone');

  await page.getByRole('combobox', { name: /^Paciente/ }).fill(nombre);
  await page.getByRole('option', { name: new RegExp(`^${nombre}`) }).click();
  await fillDate(page, /^Fecha/, DAY);
  await fillTime(page, 'Hora', '11:15');
  await page.getByLabel(/^Motivo/).fill('Control de tensión arterial');
  await page.getByRole('button', { name: 'Asignar consulta' }).click();
  await expect(page.getByText('Consulta asignada correctamente')).toBeVisible();

  // The assigned visits are cards on a phone: patient, time, reason and estado all readable.
  const assigned = page.getByRole('region', { name: 'Consultas asignadas' });
  const card = assigned.getByText('Control de tensión arterial');
  await expect(card).toBeVisible();
  await expect(assigned).toContainText(`${nombre} Prueba`);
  await expect(assigned).toContainText('11:15');
  await expect(assigned).toContainText('Confirmada');
  await expectLaidOut(page, '/crear-consultas with an assigned visit on a phone');
  await expectAccessible(page, '/crear-consultas on a phone (dark)');
});

test('on a phone, the doctor reads a record starting with its alerts, and the patient reads their own', async ({ page }) => {
  const token = await apiLogin(page.request, DEMO.doctor);
  const response = await page.request.get('/api/medico/pacientes?mis_pacientes=true&buscar=Ana', { headers: { authorization: `Bearer ${token}` } });
  const [ana] = (await response.json()) as { id_paciente: number }[];

  await loginAs(page, DEMO.doctor, `/medical-record?paciente=${ana!.id_paciente}`);
  const alerts = page.getByRole('region', { name: 'Alertas clínicas' });
  await expect(alerts).toContainText('Penicilina');
  // The banner comes before the sections, so it is the first thing the doctor reads.
  const alertsTop = (await alerts.boundingBox())?.y ?? Infinity;
  const allergiesTop = (await page.getByRole('heading', { level: 2, name: 'Alergias' }).boundingBox())?.y ?? -Infinity;
  expect(alertsTop).toBeLessThan(allergiesTop);
  for (const section of ['Consultas', 'Citas contigo', 'Archivos adjuntos']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expectLaidOut(page, "the doctor's view of a record on a phone");
  await expectAccessible(page, "the doctor's view of a record on a phone");

  await loginAs(page, DEMO.patient, '/medical-record');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi historia clínica' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Alergias' })).toBeVisible();
  await expect(page.getByText('Penicilina').first()).toBeVisible();
  await expectLaidOut(page, "the patient's own record on a phone");
});

test("on a phone, a card's labels never break inside a word", async ({ page }) => {
  // Tables become cards on a phone (components/data-table.module.css): each line's label sits in a
  // column of its own, which once cut 'Observaciones' into 'Observacione' and 's'.
  await loginAs(page, DEMO.patient, '/ficha-paciente');
  await expect(page.getByRole('heading', { level: 2, name: 'Alergias' })).toBeVisible();
  const cut = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position: absolute; visibility: hidden; white-space: nowrap';
    document.body.append(probe);
    const narrow: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('td[data-label], tbody th[data-label]')) {
      if (!cell.offsetParent) continue;
      const label = getComputedStyle(cell, '::before');
      Object.assign(probe.style, { fontFamily: label.fontFamily, fontSize: label.fontSize, fontWeight: label.fontWeight });
      const widest = Math.max(
        ...(cell.dataset.label ?? '').split(/\s+/).map((word) => {
          probe.textContent = word;
          return probe.getBoundingClientRect().width;
        }),
      );
      // The card (the row) sizes the label column its lines share.
      const card = cell.closest('tr');
      const column = parseFloat(getComputedStyle(card ?? cell).gridTemplateColumns.split(' ')[0] ?? '0');
      if (column + 0.5 < widest) narrow.push(`${cell.dataset.label}: ${column.toFixed(1)} px for ${widest.toFixed(1)} px`);
    }
    probe.remove();
    return narrow;
  });
  expect(cut).toEqual([]);

  // Every value of one card starts at the same place, whatever its line's label.
  const ragged = await page.evaluate(() => {
    const cards: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>('tr')) {
      const starts = [...card.querySelectorAll<HTMLElement>('td[data-label], th[data-label]')]
        .filter((cell) => cell.offsetParent && cell.textContent?.trim())
        .map((cell) => {
          const content = document.createRange();
          content.selectNodeContents(cell);
          return Math.round(content.getBoundingClientRect().left);
        });
      if (starts.length > 1 && Math.max(...starts) - Math.min(...starts) > 1) cards.push(`${card.textContent?.slice(0, 40)}: ${starts.join(', ')}`);
    }
    return cards;
  });
  expect(ragged).toEqual([]);
});

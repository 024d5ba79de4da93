import { DEMO, loginAs, registerPatient, test, useTheme } from './fixtures.ts';
import { futureWeekday, openDayByApi, bearer } from './support/agenda.ts';
test.describe.configure({ timeout: 300_000 });
test('shots', async ({ page, request }) => {
  // a pending request for dr.puig and a rejected one for a patient
  const fecha = futureWeekday(70);
  await openDayByApi(request, DEMO.doctor2, fecha, ['09:00', '09:30'], 30);
  const me = (await (await request.get('/api/agenda/mi-id-doctor', { headers: await bearer(request, DEMO.doctor2) })).json()) as { id_doctor: number };
  const p1 = await registerPatient(request, 'Maximiliano');
  const h1 = await bearer(request, p1);
  const b1 = await request.post('/api/citas', { headers: h1, data: { id_doctor: me.id_doctor, fecha, hora: '09:00', motivo: 'Dolor lumbar persistente desde hace semanas', recordatorio: false } });
  const b2 = await request.post('/api/citas', { headers: h1, data: { id_doctor: me.id_doctor, fecha: futureWeekday(72), hora: '09:30', motivo: 'Revisión', recordatorio: false } }).catch(() => null);
  const id1 = ((await b1.json()) as { id_cita: number }).id_cita;
  await request.put(`/api/agenda/citas/${id1}`, { headers: await bearer(request, DEMO.doctor2), data: { estado: 'Cancelada', motivo: 'Estaré en un congreso de cardiología toda la semana; pide otra hora, por favor' } });
  void b2;
  for (const theme of ['claro', 'oscuro'] as const) {
    await useTheme(page, theme);
    for (const [w, h] of [[1366, 900], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await loginAs(page, DEMO.doctor2, '/agenda-doctor');
      await page.getByRole('region', { name: 'Solicitudes pendientes' }).waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/req/shots/agenda-${theme}-${w}.png`, fullPage: true });
      if (w === 1366) {
        await page.getByText('Mensual', { exact: true }).click();
        await page.waitForTimeout(1000);
        await page.screenshot({ path: `/tmp/req/shots/agenda-month-${theme}.png`, fullPage: false });
        await page.getByText('Diaria', { exact: true }).click();
        const reject = page.getByRole('button', { name: /^Rechazar la solicitud de .* del / }).first();
        if (await reject.count()) {
          await reject.click();
          await page.waitForTimeout(800);
          await page.screenshot({ path: `/tmp/req/shots/reject-${theme}.png` });
          await page.keyboard.press('Escape');
        }
      }
      await loginAs(page, p1, '/mis-visitas');
      await page.getByRole('region', { name: 'Canceladas y rechazadas' }).waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/req/shots/visits-${theme}-${w}.png`, fullPage: true });
    }
  }
});

// Usage: npx tsx? no: node shoot.ts <baseURL> <outdir> <user> <pass> <path> [<path>...]
import { chromium } from '@playwright/test';
const [base, out, usuario, contrasena, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const theme of ['claro', 'oscuro']) {
  for (const [w, h] of [[1366, 900], [390, 844]]) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    const page = await context.newPage();
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const login = await page.request.post(`${base}/api/login`, { data: { usuario, contrasena } });
    const body = await login.json();
    await page.goto(`${base}/404`);
    await page.evaluate((b) => {
      localStorage.setItem('access_token', b.access_token);
      localStorage.setItem('nombre_usuario', b.usuario.nombre);
      localStorage.setItem('rol_usuario', b.usuario.rol);
    }, body);
    for (const path of paths) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const name = `${out}/${path.replace(/[^a-z0-9]+/gi, '_')}-${w}-${theme}.png`;
      await page.screenshot({ path: name, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      console.log(name, overflow > 0 ? `OVERFLOW ${overflow}px` : 'ok');
    }
    await context.close();
  }
}
await browser.close();

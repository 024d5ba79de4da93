import { expect, expectAccessibleInBothThemes, test } from './fixtures.ts';
import { openScreen } from './support/public.ts';

test.describe('the landing page', () => {
  test('has its sections, three testimonials, the FAQ and the buttons to sign up and log in', async ({ page }) => {
    await openScreen(page, '/home', 'Tu salud, en buenas manos');

    const inPage = page.getByRole('navigation', { name: 'En esta página' });
    for (const [name, anchor] of [
      ['Sobre nosotros', 'about'],
      ['Servicios', 'services'],
      ['Funciones', 'features'],
      ['Testimonios', 'testimonials'],
      ['Ayuda', 'faq'],
    ] as const) {
      await expect(inPage.getByRole('link', { name })).toHaveAttribute('href', `/home#${anchor}`);
      await expect(page.locator(`section#${anchor}`)).toBeAttached();
    }

    const testimonials = page.getByRole('region', { name: 'Lo que dicen nuestros pacientes' });
    await expect(testimonials.getByRole('figure')).toHaveCount(3);

    const faq = page.getByRole('region', { name: 'Preguntas frecuentes' });
    await faq.getByText('¿Cómo pido una cita?').click();
    await expect(
      faq.getByText('Tu solicitud queda pendiente hasta que el médico la confirma.', { exact: false }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Crear mi cuenta' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Iniciar sesión', exact: true }).first().click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an in-page link and the footer’s Help link scroll to their section', async ({ page }) => {
    await openScreen(page, '/home', 'Tu salud, en buenas manos');
    await page.getByRole('navigation', { name: 'En esta página' }).getByRole('link', { name: 'Testimonios' }).click();
    await expect(page).toHaveURL(/\/home#testimonials$/);
    await expect(page.getByRole('heading', { name: 'Lo que dicen nuestros pacientes' })).toBeInViewport();

    await openScreen(page, '/contact', 'Contacto');
    await page
      .getByRole('navigation', { name: 'Enlaces del pie de página' })
      .getByRole('link', { name: 'Ayuda' })
      .click();
    await expect(page).toHaveURL(/\/home#faq$/);
    await expect(page.getByRole('heading', { name: 'Preguntas frecuentes' })).toBeInViewport();
  });

  test('switching to Catalan and to English changes the landing, and the choice survives a reload', async ({
    page,
  }) => {
    await openScreen(page, '/home', 'Tu salud, en buenas manos');
    await page.getByLabel('Idioma').selectOption('ca');
    await expect(page.getByRole('heading', { level: 1, name: 'La teva salut, en bones mans' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Crear el meu compte' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'La teva salut, en bones mans' })).toBeVisible();

    await page.getByLabel('Idioma').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Your health, in good hands' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Testimonials' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your health, in good hands' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('dark mode survives a reload', async ({ page }) => {
    await openScreen(page, '/home', 'Tu salud, en buenas manos');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('button', { name: 'Activar modo oscuro' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('darkMode')])).toEqual([
      'oscuro',
      'true',
    ]);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('button', { name: 'Activar modo claro' })).toBeVisible();
    await page.getByRole('button', { name: 'Activar modo claro' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('on a small screen the guest menu opens as a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openScreen(page, '/home', 'Tu salud, en buenas manos');
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await expect(drawer.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(drawer.getByLabel('Idioma')).toBeVisible();
    await drawer.getByRole('link', { name: 'Registrarse' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(drawer).toBeHidden();
  });
});

test.describe('the 404 page', () => {
  test('any unknown path shows it, with a way home and the support contact', async ({ page }) => {
    await openScreen(page, '/esta-pagina-no-existe', 'Página no encontrada');
    await expect(page.getByText('escríbenos a contacto@example.es', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('the contact page', () => {
  test('shows the clinic’s details; sending disables the button, then the form resets with the success text', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contacto', async (route) => {
      await held;
      await route.continue();
    });

    await openScreen(page, '/contact', 'Contacto');
    // The clinic as stored on the server (GET /api/clinica): the same address and phone as its PDFs.
    const details = page.getByRole('region', { name: 'Datos de la clínica' });
    await expect(details.getByText('Carrer de Provença 286, 08008 Barcelona')).toBeVisible();
    await expect(details.getByRole('link', { name: '+34 932 000 000' })).toHaveAttribute('href', 'tel:+34932000000');
    await expect(details.getByRole('link', { name: 'contacto@example.es' })).toHaveAttribute(
      'href',
      'mailto:contacto@example.es',
    );

    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByText('El nombre es obligatorio.')).toBeVisible();
    await expect(page.getByText('Debe ser un correo electrónico válido')).toBeVisible();
    await expect(page.getByText('El mensaje es obligatorio.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Nombre' }).fill('Marta Soler');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('marta.soler@example.com');
    await page
      .getByRole('textbox', { name: 'Mensaje' })
      .fill('¿Tenéis consulta de pediatría los sábados por la mañana?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();

    const sending = page.getByRole('button', { name: 'Enviando...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();

    await expect(page.getByRole('alert').filter({ hasText: '¡Tu mensaje ha sido enviado con éxito!' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeEnabled();
  });

  test('a failed send shows the error text and keeps what was typed', async ({ page }) => {
    await page.route('**/api/contacto', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'x', code: 'servicio_no_disponible' }),
      }),
    );
    await openScreen(page, '/contact', 'Contacto');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Marta Soler');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('marta.soler@example.com');
    await page.getByRole('textbox', { name: 'Mensaje' }).fill('Hola');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Hubo un error al enviar tu mensaje. Intenta de nuevo más tarde.' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('Hola');
  });
});

test.describe('the terms page', () => {
  test('explains the data processing and links its sections', async ({ page }) => {
    await openScreen(page, '/terminos', 'Términos de uso y política de privacidad');
    await expect(page.getByText('como mínimo cinco años', { exact: false })).toBeVisible();
    await page.getByRole('navigation', { name: 'Contenido' }).getByRole('link', { name: '9. Tus derechos' }).click();
    await expect(page.getByRole('heading', { name: '9. Tus derechos' })).toBeInViewport();
  });
});

test.describe('accessibility of the public screens', () => {
  const screens = [
    ['/home', 'Tu salud, en buenas manos'],
    ['/login', 'Iniciar sesión'],
    ['/register', 'Crear cuenta de paciente'],
    ['/contact', 'Contacto'],
    ['/terminos', 'Términos de uso y política de privacidad'],
    ['/no-existe', 'Página no encontrada'],
  ] as const;

  for (const [path, heading] of screens) {
    test(`${path} has no serious or critical problem in either theme`, async ({ page }) => {
      await openScreen(page, path, heading);
      await expectAccessibleInBothThemes(page, path);
    });
  }
});

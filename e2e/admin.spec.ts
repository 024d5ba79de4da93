import { DEMO, expect, expectAccessible, loginAs, test, unique, useTheme } from './fixtures.ts';
import { chooseOption, logout, notification, registerNamedPatient, uniqueColegiado } from './support/admin.ts';

test('an admin registers a doctor, who logs in, lands on their dashboard and sees their ficha', async ({ page, request }) => {
  test.slow();
  const taken = await registerNamedPatient(request);
  const usuario = unique('doc');
  const colegiado = uniqueColegiado();

  await loginAs(page, DEMO.admin, '/panel-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de administración' })).toBeVisible();
  await expectAccessible(page, '/panel-admin');
  await page.getByRole('link', { name: /Registrar doctores/ }).click();
  await expect(page).toHaveURL(/\/gestionRegister$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registrar doctor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a iniciar sesión' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Registrar doctor' });
  await expect(submit).toBeDisabled();
  await page.getByLabel(/^Usuario/).fill(usuario);
  await page.getByLabel(/^Correo electrónico/).fill(taken.email);
  await page.getByLabel(/^Nombre/).fill('Irene');
  await page.getByLabel(/^Primer apellido/).fill('Castell');
  await page.getByLabel(/^Segundo apellido/).fill('Bosch');
  await page.getByLabel(/^Número de colegiado/).fill('1234');
  await page.getByLabel(/^Número de colegiado/).blur();
  await expect(page.getByText('Debe tener exactamente 9 dígitos.')).toBeVisible();
  await page.getByLabel(/^Número de colegiado/).fill(colegiado);
  await chooseOption(page, /^Especialidad/, 'cardio', 'Cardiología');
  await page.getByLabel(/^Contraseña/).fill('Doctora123!');
  await page.getByLabel(/^Confirmar contraseña/).fill('Doctora123?');
  await page.getByLabel(/^Confirmar contraseña/).blur();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByRole('button', { name: 'Mostrar las contraseñas' }).first().click();
  await expect(page.getByLabel(/^Contraseña/)).toHaveAttribute('type', 'text');
  await expect(page.getByLabel(/^Confirmar contraseña/)).toHaveAttribute('type', 'text');
  await page.getByLabel(/^Confirmar contraseña/).fill('Doctora123!');
  await expectAccessible(page, '/gestionRegister');

  // An e-mail already registered is refused with the spec's message.
  await submit.click();
  await expect(notification(page, 'El correo ya está registrado. Prueba con otro.')).toBeVisible();
  await page.getByLabel(/^Correo electrónico/).fill(`${usuario}@galeno.test`);
  await submit.click();
  await expect(notification(page, 'Doctor registrado correctamente')).toBeVisible();
  await expect(page.getByLabel(/^Usuario/)).toHaveValue('');

  await logout(page);
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel(/^Contraseña/).fill('Doctora123!');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/perfil-doctor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible();
  // Registration is an admin screen: a doctor is not offered it.
  await expect(page.getByRole('link', { name: /Registro/ })).toHaveCount(0);
  await expectAccessible(page, '/perfil-doctor');

  await page.getByRole('navigation', { name: 'Menú del doctor' }).getByRole('link', { name: 'Ficha' }).click();
  await expect(page).toHaveURL(/\/ficha-doctor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ficha del doctor' })).toBeVisible();
  await expect(page.getByText(colegiado)).toBeVisible();
  await expect(page.getByText('Cardiología')).toBeVisible();
  await expect(page.getByText('Ficha generada automáticamente')).toHaveCount(0);
  await expectAccessible(page, '/ficha-doctor');
});

test('an admin turns a patient into a doctor, whose ficha says it was made automatically', async ({ page, request }) => {
  test.slow();
  const patient = await registerNamedPatient(request, 'Rosa');
  const name = `Rosa ${patient.apellido}`;
  await loginAs(page, DEMO.admin, '/gestion-usuarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de usuarios' })).toBeVisible();
  // A long address in the narrow column wraps before its '@', never inside its name or its domain.
  const email = page.getByRole('cell', { name: 'laura.garcia@example.es' });
  const lines = await email.evaluate((cell) => {
    const texts: Text[] = [];
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode as Text);
    const at = texts.find((text) => text.data.includes('@'))!;
    const part = (start: [Text, number], end: [Text, number]) => {
      const range = document.createRange();
      range.setStart(...start);
      range.setEnd(...end);
      // Lines the part takes: the distinct tops of its drawn pieces.
      return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
    };
    const last = texts.at(-1)!;
    return { name: part([texts[0]!, 0], [at, at.data.indexOf('@')]), domain: part([at, at.data.indexOf('@')], [last, last.data.length]) };
  });
  expect(lines).toEqual({ name: 1, domain: 1 });
  await page.getByPlaceholder('Buscar por nombre o email...').fill(patient.usuario);
  const row = page.getByRole('row', { name: new RegExp(patient.usuario) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, '/gestion-usuarios');

  await row.getByRole('combobox', { name: `Rol de ${name}` }).selectOption('doctor');
  await row.getByRole('button', { name: 'Guardar' }).click();
  await expect(notification(page, 'Debe completar número de colegiado y especialidad.')).toBeVisible();

  await row.getByLabel('Nº colegiado').fill(uniqueColegiado());
  await row.getByLabel('Especialidad').selectOption({ label: 'Pediatría y sus Áreas Específicas' });
  await expectAccessible(page, '/gestion-usuarios with the doctor inputs');
  await row.getByRole('button', { name: 'Guardar' }).click();
  await expect(notification(page, `Usuario ${name} actualizado correctamente`)).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Rol de ${name}` })).toHaveValue('doctor');

  await logout(page);
  await loginAs(page, patient, '/ficha-doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Ficha del doctor' })).toBeVisible();
  await expect(page.getByText('Ficha generada automáticamente')).toBeVisible();
  await expect(page.getByText('Pediatría y sus Áreas Específicas')).toBeVisible();
  await expectAccessible(page, '/ficha-doctor with the automatic-profile notice');
});

test('an admin deletes a user after confirming, and the account can no longer log in', async ({ page, request }) => {
  const patient = await registerNamedPatient(request, 'Borja');
  await loginAs(page, DEMO.admin, '/gestion-usuarios');
  await page.getByPlaceholder('Buscar por nombre o email...').fill(patient.usuario);
  const row = page.getByRole('row', { name: new RegExp(patient.usuario) });
  // The header and the one match: the unfiltered page, shown until the search answers, has more.
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toHaveCount(1);

  // Cancelling keeps the user.
  await row.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`¿Estás seguro de que deseas eliminar este usuario: ${patient.nombre} ${patient.apellido} (${patient.email})?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Eliminar' }).click();
  await expect(dialog.getByText(`¿Estás seguro de que deseas eliminar este usuario: ${patient.nombre} ${patient.apellido} (${patient.email})?`)).toBeVisible();
  await expectAccessible(page, 'the delete confirmation');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(notification(page, 'Usuario eliminado correctamente')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No se encontraron usuarios.')).toBeVisible();

  const login = await request.post('/api/login', { data: { usuario: patient.usuario, contrasena: patient.contrasena } });
  expect(login.status()).toBe(401);
});

test('a doctor searches the patient list without minding accents and opens a patient’s details', async ({ page, request }) => {
  test.slow();
  const patient = await registerNamedPatient(request, 'Lucía');
  await loginAs(page, DEMO.doctor, '/lista-pacientes');
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de pacientes' })).toBeVisible();

  const search = page.getByPlaceholder('Buscar por nombre...');
  // Without accents and in capitals, it still finds 'Lucía Núñez…'.
  const typed = `LUCIA ${patient.apellido.replace('Núñez', 'NUNEZ')}`;
  await search.fill(typed);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(`Lucía ${patient.apellido}`) });
  // The header and the one match: the unfiltered page, shown until the search answers, has more.
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: patient.email })).toBeVisible();
  await expect(row.getByRole('cell', { name: '-', exact: true })).toBeVisible();
  await expectAccessible(page, '/lista-pacientes');

  await row.getByRole('button', { name: 'Ver más' }).click();
  const dialog = page.getByRole('dialog', { name: 'Detalle del paciente' });
  await expect(dialog).toBeVisible();
  for (const label of ['Nombre', 'Correo', 'Teléfono', 'Dirección', 'Fecha de alta', 'Estado']) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText(`Lucía ${patient.apellido}`)).toBeVisible();
  await expect(dialog.getByText('Activo')).toBeVisible();
  await expectAccessible(page, 'the patient detail modal');
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialog).toHaveCount(0);

  await search.fill('zzzz-nadie-se-llama-asi');
  await expect(page.getByText('No se encontraron pacientes.')).toBeVisible();

  // The last searches are offered again.
  await search.fill('');
  await search.click();
  await expect(page.getByRole('option', { name: typed })).toBeVisible();
  const history = await page.evaluate(() => JSON.parse(localStorage.getItem('historialBusqueda') ?? '[]') as string[]);
  expect(history[0]).toBe(typed);
  expect(history.length).toBeLessThanOrEqual(5);

  // What the doctor looked the patient up for: their record, one click from the details.
  await search.fill('Ana López');
  await page.getByRole('row', { name: /Ana López Ferrer/ }).getByRole('button', { name: 'Ver más' }).click();
  await page.getByRole('dialog', { name: 'Detalle del paciente' }).getByRole('link', { name: 'Abrir la historia clínica' }).click();
  await expect(page).toHaveURL(/\/medical-record\?paciente=\d+$/);
  await expect(page.getByRole('heading', { name: /Ana López Ferrer/ }).first()).toBeVisible();
});

test('the administration screens have no serious accessibility problems in the dark theme', async ({ page }) => {
  test.slow();
  await useTheme(page, 'oscuro');
  await loginAs(page, DEMO.admin, '/panel-admin');
  for (const [path, heading] of [
    ['/panel-admin', 'Panel de administración'],
    ['/gestionRegister', 'Registrar doctor'],
    ['/gestion-usuarios', 'Gestión de usuarios'],
    ['/lista-pacientes', 'Lista de pacientes'],
    ['/mi-cuenta', 'Mi cuenta'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page, `${path} (oscuro)`);
  }
});

test('the doctor screens have no serious accessibility problems in the dark theme', async ({ page }) => {
  await useTheme(page, 'oscuro');
  await loginAs(page, DEMO.doctor, '/perfil-doctor');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
  await expectAccessible(page, '/perfil-doctor (oscuro)');
  await page.goto('/ficha-doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Ficha del doctor' })).toBeVisible();
  await expectAccessible(page, '/ficha-doctor (oscuro)');
});

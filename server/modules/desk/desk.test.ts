import { describe, expect, it } from 'vitest';
import type { AltaRecepcionRespuesta, FichaRecepcion, PacienteRecepcion, PosibleDuplicado } from '../../../contracts/desk-patients.ts';
import { openSlots } from '../../testing/appointments.ts';
import { outboxMailsTo, type ParsedMail } from '../../testing/mail.ts';
import { insertNamesakes } from '../../testing/namesakes.ts';
import { DATABASES, useTestServer, type TestUser } from '../../testing/test-server.ts';

// Monday 2026-03-02, 09:00 in Madrid.
const START = '2026-03-02T08:00:00Z';
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const dniOf = (digits: number) => `${String(digits).padStart(8, '0')}${DNI_LETTERS[digits % 23]}`;

type Answer = { code?: string; detail?: string; errores?: { campo: string; mensaje: string }[] };

/** The invitation link's token in an e-mail. */
function tokenIn(mail: ParsedMail | undefined): string {
  const match = /\/restablecer-contrasena\?token=([A-Za-z0-9_-]{43})&invitacion=1/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no invitation link in ${mail?.text}`);
  return match[1];
}

describe.each(DATABASES)('the front desk finds and registers patients on %s', (kind) => {
  const server = useTestServer(kind, { now: START, env: { PUBLIC_URL: 'https://clinica.example', REMINDER_POLL_SECONDS: '0' } });
  let desk: TestUser;
  const reception = async () => (desk ??= await server.createUser('recepcion', { nombre: 'Rita' }));

  const search = async (buscar: string, extra = '') =>
    server.request<PacienteRecepcion[] & Answer>('GET', `/api/recepcion/pacientes?buscar=${encodeURIComponent(buscar)}${extra}`, {
      token: (await reception()).token,
    });
  const register = async (body: Record<string, unknown>, language = 'es') =>
    server.request<AltaRecepcionRespuesta & PosibleDuplicado & Answer>('POST', '/api/recepcion/pacientes', {
      token: (await reception()).token,
      body,
      headers: { 'accept-language': language },
    });

  it('refuses anonymous callers, patients and doctors', async () => {
    const patient = await server.createUser('paciente');
    const doctor = await server.createUser('doctor');
    expect((await server.request('GET', '/api/recepcion/pacientes?buscar=ana')).status).toBe(401);
    for (const who of [patient, doctor]) {
      expect((await server.request('GET', '/api/recepcion/pacientes?buscar=ana', { token: who.token })).status).toBe(403);
      expect((await server.request('GET', `/api/recepcion/pacientes/${patient.id_paciente}`, { token: who.token })).status).toBe(403);
      expect(
        (await server.request('POST', '/api/recepcion/pacientes', { token: who.token, body: { nombre: 'A', apellido1: 'B', telefono: '600000000' } })).status,
      ).toBe(403);
    }
    expect((await server.request('POST', `/api/recepcion/pacientes/${patient.id_paciente}/invitacion`)).status).toBe(401);
  });

  it('registers a caller with a phone only, without a password, and finds them by each field', async () => {
    const created = await register({
      nombre: 'Íñigo',
      apellido1: 'Zubizarreta',
      apellido2: 'Óñez',
      telefono: '+34 699 111 222',
      dni: dniOf(11223344).toLowerCase(),
      fecha_nacimiento: '1984-02-29',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.invitacion).toBe('sin_correo');
    expect(created.body.nombre_usuario).toBe('inigo.zubizarreta');
    expect(created.body.paciente).toMatchObject({
      nombre: 'Íñigo',
      dni: dniOf(11223344),
      telefono: '+34699111222',
      correo: null,
      fecha_nacimiento: '1984-02-29',
      cuenta_activada: false,
      proxima_cita: null,
    });
    const id = created.body.paciente.id_paciente;
    for (const term of ['iñi', 'INIGO zubi', 'zubiz', 'oñez', 'ONEZ', '699111', '699 11', '+34 699', '34699111222', dniOf(11223344), '1122', '29/02/1984', '1984-02-29']) {
      const found = await search(term);
      expect(found.status, term).toBe(200);
      expect(found.body.map((p) => p.id_paciente), term).toContain(id);
      expect(Object.keys(found.body[0]!).sort()).toEqual(
        ['apellido1', 'apellido2', 'correo', 'cuenta_activada', 'dni', 'fecha_nacimiento', 'id_paciente', 'id_usuario', 'nombre', 'proxima_cita', 'telefono'].sort(),
      );
    }
    // Not a word start, too short, or another date: not this patient.
    for (const term of ['barreta', 'z', '69', '28/02/1984', '31/02/1984']) {
      const found = await search(term);
      expect(found.status, term).toBe(200);
      expect(found.body.map((p) => p.id_paciente), term).not.toContain(id);
    }
    // The account cannot be logged into: it has no password.
    const login = await server.request<Answer>('POST', '/api/login', { body: { usuario: 'inigo.zubizarreta', contrasena: '' } });
    expect(login.status).toBe(400);
    const wrong = await server.request<Answer>('POST', '/api/login', { body: { usuario: 'inigo.zubizarreta', contrasena: '!sin-contrasena' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('credenciales_invalidas');
  });

  it('finds by e-mail prefix and pages with X-Total-Count and Link', async () => {
    for (const nombre of ['Aurora', 'Beatriz', 'Carmen']) {
      const created = await register({ nombre, apellido1: 'Paginadez', correo: `${nombre.toLowerCase()}.paginadez@example.com`, confirmar_duplicado: true });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const byMail = await search('beatriz.pagin');
    expect(byMail.body.map((p) => p.nombre)).toEqual(['Beatriz']);
    expect(byMail.body[0]!.correo).toBe('beatriz.paginadez@example.com');

    const first = await search('paginadez', '&por_pagina=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('3');
    expect(first.body.map((p) => p.nombre)).toEqual(['Aurora', 'Beatriz']);
    const link = first.headers.get('link') ?? '';
    expect(link).toContain('rel="next"');
    expect(link).toContain('pagina=2');
    expect(link).not.toContain('rel="prev"');
    const second = await search('paginadez', '&por_pagina=2&pagina=2');
    expect(second.body.map((p) => p.nombre)).toEqual(['Carmen']);
    expect(second.headers.get('link')).toContain('rel="prev"');
    expect(second.headers.get('link')).not.toContain('rel="next"');

    // Names that start with the text come before those where a later word does.
    await register({ nombre: 'Ana', apellido1: 'Ordenado', telefono: '677000111' });
    await register({ nombre: 'Ordenia', apellido1: 'Alba', telefono: '677000222' });
    expect((await search('orden')).body.map((p) => p.nombre)).toEqual(['Ordenia', 'Ana']);

    const empty = await search('');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect((await search('a'.repeat(101))).status).toBe(400);
    expect((await search('ana', '&por_pagina=500')).status).toBe(400);
  });

  it('counts and pages a name search in two parts: the names that start with it, then the later words', async () => {
    const names = async (buscar: string, query: string) => {
      const page = await search(buscar, `&${query}`);
      expect(page.status, query).toBe(200);
      return { names: page.body.map((p) => `${p.nombre} ${p.apellido1}`), total: page.headers.get('x-total-count'), approximate: page.headers.get('x-total-count-approximate') };
    };
    // Below the count limit: an exact total, the later words read together and put in name order.
    await insertNamesakes(server, 'Otro', 3, (i) => `Deskqzito${i}`);
    // Inserted in reverse name order, so the ids' order is not the names'.
    await insertNamesakes(server, 'Deskqz', 4, (i) => `Abel${3 - i}`);
    const starting = ['Deskqzito0 Otro', 'Deskqzito1 Otro', 'Deskqzito2 Otro'];
    const later = ['Abel0 Deskqz', 'Abel1 Deskqz', 'Abel2 Deskqz', 'Abel3 Deskqz'];
    const pages = [];
    for (let pagina = 1; pagina <= 4; pagina++) pages.push(await names('deskqz', `por_pagina=2&pagina=${pagina}`));
    expect(pages.map((page) => page.names)).toEqual([starting.slice(0, 2), [starting[2], later[0]], later.slice(1, 3), later.slice(3)]);
    expect(pages.map((page) => [page.total, page.approximate])).toEqual(Array(4).fill(['7', null]));
    // Only names that start with it, no later word.
    expect(await names('deskqzito', 'por_pagina=2&pagina=2')).toEqual({ names: [starting[2]], total: '3', approximate: null });

    // Past it (60 + 50 matches): "more than 100" walking in name order, and exact again on a page reaching the end.
    await insertNamesakes(server, 'Otra', 60, (i) => `Lotqzito${String(i).padStart(2, '0')}`);
    await insertNamesakes(server, 'Lotqz', 50, (i) => `Abel${String(49 - i).padStart(2, '0')}`);
    const all = [
      ...Array.from({ length: 60 }, (_, i) => `Lotqzito${String(i).padStart(2, '0')} Otra`),
      ...Array.from({ length: 50 }, (_, i) => `Abel${String(i).padStart(2, '0')} Lotqz`),
    ];
    expect(await names('lotqz', 'por_pagina=20&pagina=3')).toEqual({ names: all.slice(40, 60), total: '100', approximate: 'true' });
    expect(await names('lotqz', 'por_pagina=20&pagina=4')).toEqual({ names: all.slice(60, 80), total: '100', approximate: 'true' });
    expect(await names('lotqz', 'por_pagina=100&pagina=1')).toMatchObject({ names: all.slice(0, 100), approximate: 'true' });
    expect(await names('lotqz', 'por_pagina=100&pagina=2')).toEqual({ names: all.slice(100), total: '110', approximate: null });
  });

  it("shows the card (visits, no clinical data) and the reading shows in the patient's accesses", async () => {
    const patient = await server.createUser('paciente', { nombre: 'Lucía', apellido1: 'Fichera' });
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    await openSlots(server, doctor.id_doctor as number, '2026-03-10', ['10:00']);
    const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-10', hora: '10:00', motivo: 'Dolor de pecho al correr', recordatorio: true },
    });
    expect(booked.status).toBe(201);

    const card = await server.request<FichaRecepcion>('GET', `/api/recepcion/pacientes/${patient.id_paciente}`, { token: (await reception()).token });
    expect(card.status).toBe(200);
    expect(card.body.paciente).toMatchObject({ nombre: 'Lucía', apellido1: 'Fichera', correo: patient.correo, cuenta_activada: true });
    expect(card.body.paciente.proxima_cita).toMatchObject({ id_cita: booked.body.id_cita, fecha: '2026-03-10', hora: '10:00' });
    expect(card.body.proximas).toHaveLength(1);
    expect(card.body.proximas[0]).toMatchObject({
      id_cita: booked.body.id_cita,
      doctor: 'Pere Puig',
      asistencia: null,
      reservada_por: { rol: 'paciente', nombre: 'Lucía Fichera' },
    });
    expect(card.body.pasadas).toEqual([]);
    expect(card.body.avisos.map((aviso) => aviso.tipo)).toContain('recordatorio');
    // The reason the patient gave is clinical: the desk never receives it.
    expect(JSON.stringify(card.body)).not.toContain('Dolor de pecho');

    const found = await search('fichera');
    expect(found.body[0]!.proxima_cita).toMatchObject({ fecha: '2026-03-10', hora: '10:00', doctor: 'Pere Puig' });

    const accesses = await server.request<{ accion: string; rol: string; quien: string }[]>('GET', '/api/paciente/accesos', { token: patient.token });
    expect(accesses.status).toBe(200);
    expect(accesses.body).toContainEqual(expect.objectContaining({ accion: 'recepcion.ficha_leer', rol: 'recepcion' }));

    expect((await server.request<Answer>('GET', '/api/recepcion/pacientes/999999', { token: (await reception()).token })).status).toBe(404);
    expect((await server.request<Answer>('GET', '/api/recepcion/pacientes/abc', { token: (await reception()).token })).status).toBe(400);
    // A doctor's id is not a patient's card.
    expect((await server.request<Answer>('GET', `/api/recepcion/pacientes/${doctor.id_usuario}`, { token: (await reception()).token })).status).not.toBe(500);
  });

  it('shows likely duplicates before registering: same DNI, name and birth date, phone, e-mail', async () => {
    const base = { nombre: 'Marta', apellido1: 'Duplicada', apellido2: 'Ruiz', telefono: '611 222 333', dni: dniOf(55667788), fecha_nacimiento: '1990-05-05', correo: 'marta.duplicada@example.com' };
    const original = await register(base);
    expect(original.status, JSON.stringify(original.body)).toBe(201);
    expect(original.body.invitacion).toBe('enviada');
    const id = original.body.paciente.id_paciente;

    // Same DNI: always refused, even when confirmed.
    for (const confirmar_duplicado of [false, true]) {
      const sameDni = await register({ nombre: 'Otra', apellido1: 'Persona', telefono: '622000111', dni: dniOf(55667788), confirmar_duplicado });
      expect(sameDni.status).toBe(409);
      expect(sameDni.body.code).toBe('dni_duplicado_recepcion');
    }
    // Same e-mail: always refused.
    const sameMail = await register({ nombre: 'Otra', apellido1: 'Persona', correo: 'MARTA.duplicada@example.com', confirmar_duplicado: true });
    expect(sameMail.status).toBe(409);
    expect(sameMail.body.code).toBe('correo_duplicado');

    const cases: [Record<string, unknown>, string][] = [
      [{ nombre: 'marta', apellido1: 'DUPLICADA', fecha_nacimiento: '1990-05-05', telefono: '633000111' }, 'nombre_nacimiento'],
      [{ nombre: 'Pablo', apellido1: 'Hermano', telefono: '+34 611222333' }, 'telefono'],
    ];
    for (const [body, motivo] of cases) {
      const answer = await register(body, 'en');
      expect(answer.status, motivo).toBe(409);
      expect(answer.body.code).toBe('posible_duplicado');
      expect(answer.body.detail).toMatch(/may already be registered/);
      const candidate = answer.body.candidatos.find((c) => c.id_paciente === id);
      expect(candidate?.motivos, motivo).toContain(motivo);
      expect(Object.keys(candidate!)).not.toContain('proxima_cita');
      const forced = await register({ ...body, confirmar_duplicado: true });
      expect(forced.status, motivo).toBe(201);
      expect(forced.body.paciente.id_paciente).not.toBe(id);
    }
  });

  it('sends an invitation that sets a password once, then the patient logs in; the link expires', async () => {
    const created = await register({ nombre: 'Nora', apellido1: 'Invitada', correo: 'nora.invitada@example.com', idioma: 'ca' });
    expect(created.status).toBe(201);
    expect(created.body.invitacion).toBe('enviada');
    const mails = outboxMailsTo(server, 'nora.invitada@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Crea la teva contrasenya de Galeno');
    expect(mails[0]!.text).toContain('nora.invitada');
    const token = tokenIn(mails[0]);

    const check = await server.request<{ usuario: string }>('POST', '/api/restablecer-contrasena/comprobar', { body: { token } });
    expect(check.status).toBe(200);
    expect(check.body.usuario).toBe(created.body.nombre_usuario);
    const set = await server.request('POST', '/api/restablecer-contrasena', { body: { token, contrasena: 'Invitada1234!' } });
    expect(set.status).toBe(204);
    const again = await server.request<Answer>('POST', '/api/restablecer-contrasena', { body: { token, contrasena: 'Otra12345678!' } });
    expect(again.body.code).toBe('enlace_usado');
    const login = await server.request<{ usuario: { rol: string } }>('POST', '/api/login', {
      body: { usuario: created.body.nombre_usuario, contrasena: 'Invitada1234!' },
    });
    expect(login.status).toBe(200);
    expect(login.body.usuario.rol).toBe('paciente');

    const found = await search('nora.inv');
    expect(found.body[0]!.cuenta_activada).toBe(true);
    const resend = await server.request<Answer>('POST', `/api/recepcion/pacientes/${created.body.paciente.id_paciente}/invitacion`, {
      token: (await reception()).token,
    });
    expect(resend.status).toBe(409);
    expect(resend.body.code).toBe('invitacion_cuenta_activa');
  });

  it('resends invitations up to a limit, and an old one expires after 7 days', async () => {
    server.clock.set(START);
    const created = await register({ nombre: 'Olga', apellido1: 'Reenviada', correo: 'olga.reenviada@example.com' });
    const id = created.body.paciente.id_paciente;
    const token = tokenIn(outboxMailsTo(server, 'olga.reenviada@example.com')[0]);
    const resend = () =>
      server.request<Answer & { invitacion: string }>('POST', `/api/recepcion/pacientes/${id}/invitacion`, { token: desk.token });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('demasiadas_invitaciones');
    expect(outboxMailsTo(server, 'olga.reenviada@example.com')).toHaveLength(3);

    server.clock.set('2026-03-09T08:00:01Z');
    const expired = await server.request<Answer>('POST', '/api/restablecer-contrasena', { body: { token, contrasena: 'Reenviada1234!' } });
    expect(expired.body.code).toBe('enlace_caducado');
    server.clock.set(START);

    const phoneOnly = await register({ nombre: 'Sin', apellido1: 'Correo', telefono: '644555666' });
    const noMail = await server.request<Answer>('POST', `/api/recepcion/pacientes/${phoneOnly.body.paciente.id_paciente}/invitacion`, { token: desk.token });
    expect(noMail.status).toBe(409);
    expect(noMail.body.code).toBe('invitacion_sin_correo');
  });

  it('refuses bad input with sentences, never a 500', async () => {
    const noContact = await register({ nombre: 'Ana', apellido1: 'Nadie' });
    expect(noContact.status).toBe(400);
    expect(noContact.body.errores).toContainEqual({ campo: 'telefono', mensaje: 'Indica un teléfono o un correo para poder avisar al paciente.' });
    const badDni = await register({ nombre: 'Ana', apellido1: 'Nadie', telefono: '600111222', dni: '12345678A' });
    expect(badDni.status).toBe(400);
    expect(badDni.body.errores?.[0]?.campo).toBe('dni');
    const badDate = await register({ nombre: 'Ana', apellido1: 'Nadie', telefono: '600111222', fecha_nacimiento: '31/02/1990' });
    expect(badDate.status).toBe(400);
    const unknownField = await register({ nombre: 'Ana', apellido1: 'Nadie', telefono: '600111222', contrasena_hash: 'x' });
    expect(unknownField.status).toBe(400);
    const noName = await register({ apellido1: 'Nadie', telefono: '600111222' });
    expect(noName.status).toBe(400);
  });
});

describe('the desk registration limit', () => {
  const server = useTestServer('sqlite', { now: START, env: { DESK_REGISTRATIONS_PER_HOUR: '2' } });

  it('refuses a member of the desk past their registrations of the hour, with a sentence', async () => {
    const desk = await server.createUser('recepcion');
    const register = (n: number) =>
      server.request<Answer>('POST', '/api/recepcion/pacientes', {
        token: desk.token,
        body: { nombre: `Limite${n}`, apellido1: 'Horario', telefono: `65500000${n}` },
      });
    expect((await register(1)).status).toBe(201);
    expect((await register(2)).status).toBe(201);
    const third = await register(3);
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('demasiadas_altas');
    expect(third.body.detail).toBe('Has dado de alta demasiados pacientes en la última hora. Vuelve a intentarlo más tarde.');
  });
});

import { ROLES } from '../../../contracts/roles.ts';
import { describe, expect, it } from 'vitest';
import { addAllergy, addSlot, loginStatus, setContact, specialtyId, uniqueColegiado } from '../../testing/admin.ts';
import { auditEntries } from '../../testing/audit.ts';
import { DATABASES, TEST_PASSWORD, useTestServer, type TestServer } from '../../testing/test-server.ts';

interface UserItem {
  id_usuario: number;
  id: number;
  nombre_usuario: string;
  nombre: string;
  correo: string;
  email: string;
  rol: string;
  id_paciente: number | null;
  id_doctor: number | null;
  numero_colegiado: string | null;
  id_especialidad: number | null;
}

interface PatientItem {
  id_paciente: number;
  id_usuario: number;
  nombre: string;
  nombre_completo: string;
  correo: string;
  telefono: string | null;
  direccion: string | null;
  fecha_alta: string;
  estado_actividad: string;
}

const listUsers = (server: TestServer, token: string, query = '') =>
  server.request<UserItem[]>('GET', `/api/usuarios${query}`, { token });
const listPatients = (server: TestServer, token: string, query = '') =>
  server.request<PatientItem[]>('GET', `/api/pacientes${query}`, { token });
const changeRole = (server: TestServer, token: string, id: number, body: unknown) =>
  server.request<UserItem & { detail: string; code: string }>('PUT', `/api/usuarios/${id}/rol`, { token, body });

describe.each(DATABASES)('user and patient lists on %s', (kind) => {
  const server = useTestServer(kind);

  it('lets admins list everyone, doctors only patients, and nobody else', async () => {
    expect((await server.request('GET', '/api/usuarios')).status).toBe(401);
    expect((await server.request('GET', '/api/pacientes')).status).toBe(401);
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');

    expect((await listUsers(server, patient.token, '?rol=paciente')).status).toBe(403);
    expect((await listPatients(server, patient.token)).status).toBe(403);
    for (const query of ['?rol=doctor', '?rol=admin']) {
      const response = await listUsers(server, doctor.token, query);
      expect(response.status, query).toBe(403);
      expect(response.body).toMatchObject({ code: 'sin_permiso' });
    }

    // A doctor gets patient accounts only, asked for or not.
    for (const query of ['?rol=paciente&por_pagina=200', '?por_pagina=200']) {
      const forDoctor = await listUsers(server, doctor.token, query);
      expect(forDoctor.status, query).toBe(200);
      expect(forDoctor.body.every((u) => u.rol === 'paciente'), query).toBe(true);
      expect(forDoctor.body.map((u) => u.id), query).toContain(patient.id_usuario);
      expect(forDoctor.body.map((u) => u.id), query).not.toContain(admin.id_usuario);
    }

    const all = await listUsers(server, admin.token, '?por_pagina=200');
    expect(all.status).toBe(200);
    expect(all.body.map((u) => u.id_usuario)).toEqual(expect.arrayContaining([admin.id_usuario, doctor.id_usuario, patient.id_usuario]));
    const doctorItem = all.body.find((u) => u.id_usuario === doctor.id_usuario);
    expect(doctorItem).toMatchObject({
      id: doctor.id_usuario,
      nombre_usuario: doctor.usuario,
      correo: doctor.correo,
      email: doctor.correo,
      rol: 'doctor',
      id_doctor: doctor.id_doctor,
      numero_colegiado: expect.stringMatching(/^\d{9}$/),
      id_especialidad: expect.any(Number),
    });
    expect(Object.keys(doctorItem ?? {})).not.toContain('contrasena_hash');

    for (const token of [doctor.token, admin.token]) {
      const patients = await listPatients(server, token, '?por_pagina=200');
      expect(patients.status).toBe(200);
      expect(patients.body.map((p) => p.id_usuario)).toContain(patient.id_usuario);
      expect(patients.body.map((p) => p.id_usuario)).not.toContain(doctor.id_usuario);
    }
  });

  it('pages through the list without a search: each active account once, in id order, of one role or all', async () => {
    const admin = await server.createUser('admin');
    for (const rol of ['paciente', 'paciente', 'doctor', 'paciente'] as const) await server.createUser(rol);
    for (const filter of ['', '&rol=paciente']) {
      const whole = await listUsers(server, admin.token, `?por_pagina=200${filter}`);
      expect(whole.status, filter).toBe(200);
      const ids = whole.body.map((u) => u.id_usuario);
      expect(ids, filter).toEqual([...ids].sort((a, b) => a - b));
      expect(whole.headers.get('x-total-count'), filter).toBe(String(ids.length));
      const paged: number[] = [];
      for (let pagina = 1; pagina <= Math.ceil(ids.length / 2); pagina++) {
        const page = await listUsers(server, admin.token, `?por_pagina=2&pagina=${pagina}${filter}`);
        expect(page.status, `${filter} ${pagina}`).toBe(200);
        expect(page.headers.get('x-total-count'), `${filter} ${pagina}`).toBe(String(ids.length));
        paged.push(...page.body.map((u) => u.id_usuario));
      }
      expect(paged, filter).toEqual(ids);
      if (filter) expect(whole.body.every((u) => u.rol === 'paciente'), filter).toBe(true);
    }
  });

  it('refuses bad filters and page sizes with 400', async () => {
    const admin = await server.createUser('admin');
    const badRole = await listUsers(server, admin.token, '?rol=jefe');
    expect(badRole.status).toBe(400);
    expect(badRole.body).toMatchObject({ detail: 'Selecciona un rol válido (paciente, doctor, admin o recepcion).' });
    for (const query of ['?por_pagina=201', '?por_pagina=0', '?pagina=0', '?pagina=abc']) {
      for (const path of ['/api/usuarios', '/api/pacientes']) {
        const response = await server.request(path === '/api/usuarios' ? 'GET' : 'GET', `${path}${query}`, { token: admin.token });
        expect(response.status, path + query).toBe(400);
        expect(response.body).toMatchObject({ code: 'validacion', detail: 'Debe ser un número válido.' });
      }
    }
    const tooLong = await listPatients(server, admin.token, `?buscar=${'a'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
  });

  it('searches name, surnames, username and e-mail without minding case or accents', async () => {
    const admin = await server.createUser('admin');
    const jose = await server.createUser('paciente', { nombre: 'José', apellido1: 'Núñez', usuario: 'jnunez', correo: 'jn@clinica.test' });
    const josefa = await server.createUser('paciente', { nombre: 'JOSEFA', apellido1: 'Ibáñez', usuario: 'josefa_i' });
    const pepe = await server.createUser('paciente', { nombre: 'Pepe', apellido1: 'Sánchez', correo: 'pepe.sanchez@correo.example' });
    const doctorJose = await server.createUser('doctor', { nombre: 'José María', apellido1: 'Doctor' });
    const ids = (items: { id_usuario: number }[]) => items.map((item) => item.id_usuario).sort((a, b) => a - b);

    const cases: [string, number[]][] = [
      ['jose', [jose.id_usuario, josefa.id_usuario]],
      ['JOSÉ', [jose.id_usuario, josefa.id_usuario]],
      ['nunez', [jose.id_usuario]],
      ['NÚÑEZ', [jose.id_usuario]],
      ['josé núñez', [jose.id_usuario]],
      ['ibanez', [josefa.id_usuario]],
      ['pepe.sanchez@correo', [pepe.id_usuario]],
      ['jn@clinica.test', [jose.id_usuario]],
      ['josefa_i', [josefa.id_usuario]],
      // One and two characters cannot use a trigram: still the same answer.
      ['Ñu', [jose.id_usuario]],
      ['ez', [jose.id_usuario, josefa.id_usuario, pepe.id_usuario]],
      ['qz', []],
      ['100%', []],
      ['a_b', []],
    ];
    for (const [buscar, expected] of cases) {
      const response = await listPatients(server, admin.token, `?por_pagina=200&buscar=${encodeURIComponent(buscar)}`);
      expect(response.status, buscar).toBe(200);
      const found = ids(response.body).filter((id) => [jose, josefa, pepe].some((u) => u.id_usuario === id));
      expect(found, buscar).toEqual(expected);
      expect(Number(response.headers.get('x-total-count')), buscar).toBe(response.body.length);
    }

    const users = await listUsers(server, admin.token, '?buscar=Jos%C3%A9&por_pagina=200');
    expect(ids(users.body)).toEqual(expect.arrayContaining([jose.id_usuario, josefa.id_usuario, doctorJose.id_usuario]));
    const doctors = await listUsers(server, admin.token, '?buscar=jose&rol=doctor');
    expect(ids(doctors.body)).toEqual([doctorJose.id_usuario]);
  });

  it('counts in X-Total-Count only the active patients a search finds, not staff or closed accounts', async () => {
    const admin = await server.createUser('admin');
    const kept = [
      await server.createUser('paciente', { nombre: 'Irene', apellido1: 'Zubeldia' }),
      await server.createUser('paciente', { nombre: 'Iker', apellido1: 'Zubeldia' }),
    ];
    const closed = await server.createUser('paciente', { nombre: 'Itziar', apellido1: 'Zubeldia' });
    await server.createUser('doctor', { nombre: 'Imanol', apellido1: 'Zubeldia' });
    await server.createUser('admin', { nombre: 'Ines', apellido1: 'Zubeldia' });
    expect((await server.request('DELETE', `/api/usuarios/${closed.id_usuario}`, { token: admin.token })).status).toBe(204);

    for (const buscar of ['zubeldia', 'BELDÍ']) {
      const response = await listPatients(server, admin.token, `?buscar=${encodeURIComponent(buscar)}`);
      expect(response.status, buscar).toBe(200);
      expect(response.body.map((item) => item.id_usuario).sort((a, b) => a - b), buscar).toEqual(kept.map((u) => u.id_usuario));
      expect(response.headers.get('x-total-count'), buscar).toBe('2');
    }
  });

  it('pages with pagina and por_pagina and tells the total in X-Total-Count', async () => {
    const admin = await server.createUser('admin');
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await server.createUser('paciente', { nombre: `Zacarías${i}`, apellido1: 'Paginado' }));
    const seen: number[] = [];
    for (const pagina of [1, 2, 3]) {
      const response = await listPatients(server, admin.token, `?buscar=paginado&por_pagina=2&pagina=${pagina}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-count')).toBe('5');
      expect(response.headers.get('access-control-expose-headers')).toMatch(/x-total-count/i);
      expect(response.body).toHaveLength(pagina === 3 ? 1 : 2);
      seen.push(...response.body.map((p) => p.id_usuario));
    }
    // In name order, each patient once.
    expect(seen).toEqual(created.map((u) => u.id_usuario));
    const beyond = await listPatients(server, admin.token, '?buscar=paginado&por_pagina=2&pagina=4');
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('x-total-count')).toBe('5');

    const usersPage = await listUsers(server, admin.token, '?buscar=paginado&por_pagina=3&pagina=2');
    expect(usersPage.headers.get('x-total-count')).toBe('5');
    expect(usersPage.body.map((u) => u.id_usuario)).toEqual(created.slice(3).map((u) => u.id_usuario));

    const defaults = await listPatients(server, admin.token);
    expect(defaults.body.length).toBeLessThanOrEqual(50);
  });

  it('pages through every active account in id order, a closed one between them left out', async () => {
    const admin = await server.createUser('admin');
    const [first, closed, last] = [
      await server.createUser('doctor'),
      await server.createUser('paciente'),
      await server.createUser('paciente'),
    ];
    expect((await server.request('DELETE', `/api/usuarios/${closed.id_usuario}`, { token: admin.token })).status).toBe(204);
    for (const rol of ['', '&rol=paciente']) {
      const whole = await listUsers(server, admin.token, `?por_pagina=200${rol}`);
      const total = Number(whole.headers.get('x-total-count'));
      expect(whole.body).toHaveLength(total);
      const paged: UserItem[] = [];
      for (let pagina = 1; pagina <= Math.ceil(total / 2); pagina++) {
        const page = await listUsers(server, admin.token, `?por_pagina=2&pagina=${pagina}${rol}`);
        expect(page.headers.get('x-total-count'), rol).toBe(String(total));
        paged.push(...page.body);
      }
      expect(paged, rol).toEqual(whole.body);
      const ids = paged.map((u) => u.id_usuario);
      expect(ids, rol).toEqual([...ids].sort((a, b) => a - b));
      expect(ids, rol).not.toContain(closed.id_usuario);
      expect(ids, rol).toContain(last.id_usuario);
      if (!rol) expect(paged.find((u) => u.id_usuario === first.id_usuario)).toMatchObject({ rol: 'doctor', id_doctor: first.id_doctor });
    }
  });

  it('gives the patient list what its table and detail modal show', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente', { nombre: 'Lucía', apellido1: 'Detalle' });
    const bare = await server.createUser('paciente', { nombre: 'Sin', apellido1: 'Datosdetalle' });
    await setContact(server, patient, {
      telefono: '612345678',
      direccion: 'Carrer de Mallorca 120',
      codigo_postal: '08036',
      localidad: 'Barcelona',
      provincia: 'Barcelona',
    });
    const response = await listPatients(server, doctor.token, '?buscar=detalle');
    expect(response.body).toEqual([
      {
        id_paciente: patient.id_paciente,
        id_usuario: patient.id_usuario,
        nombre: 'Lucía',
        apellido1: 'Detalle',
        apellido2: null,
        nombre_completo: 'Lucía Detalle',
        correo: patient.correo,
        telefono: '612345678',
        direccion: 'Carrer de Mallorca 120, 08036 Barcelona',
        fecha_alta: '2026-03-02',
        estado_actividad: 'Activo',
      },
      {
        id_paciente: bare.id_paciente,
        id_usuario: bare.id_usuario,
        nombre: 'Sin',
        apellido1: 'Datosdetalle',
        apellido2: null,
        nombre_completo: 'Sin Datosdetalle',
        correo: bare.correo,
        telefono: null,
        direccion: null,
        fecha_alta: '2026-03-02',
        estado_actividad: 'Activo',
      },
    ]);
  });

  it('lets every user choose the language of their e-mails and reminders', async () => {
    expect((await server.request('PUT', '/api/mi-cuenta/idioma', { body: { idioma: 'ca' } })).status).toBe(401);
    for (const rol of ROLES) {
      const user = await server.createUser(rol);
      const changed = await server.request<{ idioma: string }>('PUT', '/api/mi-cuenta/idioma', { token: user.token, body: { idioma: 'ca' } });
      expect(changed.status).toBe(200);
      expect(changed.body.idioma).toBe('ca');
      expect((await server.request<{ idioma: string }>('GET', '/api/mi-cuenta', { token: user.token })).body.idioma).toBe('ca');
      const row = await server.database.db.selectFrom('usuarios').select('idioma').where('id_usuario', '=', user.id_usuario).executeTakeFirstOrThrow();
      expect(row.idioma).toBe('ca');
      const bad = await server.request('PUT', '/api/mi-cuenta/idioma', { token: user.token, body: { idioma: 'fr' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ detail: 'El valor no es válido.' });
    }
  });

  it('shows every user their own account', async () => {
    expect((await server.request('GET', '/api/mi-cuenta')).status).toBe(401);
    for (const rol of ROLES) {
      const user = await server.createUser(rol);
      const response = await server.request('GET', '/api/mi-cuenta', { token: user.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id_usuario: user.id_usuario,
        nombre_usuario: user.usuario,
        nombre: 'Nombre',
        apellido1: expect.any(String),
        apellido2: null,
        correo: user.correo,
        rol,
        idioma: 'es',
        creado_en: '2026-03-02T08:00:00.000Z',
      });
    }
  });
});

describe.each(DATABASES)('role changes on %s', (kind) => {
  const server = useTestServer(kind);

  it('lets only admins change roles', async () => {
    const patient = await server.createUser('paciente');
    const body = { nuevo_rol: 'admin' };
    expect((await server.request('PUT', `/api/usuarios/${patient.id_usuario}/rol`, { body })).status).toBe(401);
    for (const rol of ['doctor', 'paciente'] as const) {
      const user = await server.createUser(rol);
      expect((await changeRole(server, user.token, patient.id_usuario, body)).status, rol).toBe(403);
    }
  });

  it('lets an admin make a user reception staff, who then logs in to the front desk and is listed as such', async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    const changed = await changeRole(server, admin.token, patient.id_usuario, { nuevo_rol: 'recepcion' });
    expect(changed.status).toBe(200);
    const listed = await server.request<{ rol: string }[]>('GET', '/api/usuarios?rol=recepcion', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((user) => user.rol)).toContain('recepcion');
    expect(listed.body.every((user) => user.rol === 'recepcion')).toBe(true);
    const login = await server.request<{ usuario: { rol: string } }>('POST', '/api/login', {
      body: { usuario: patient.usuario, contrasena: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.usuario.rol).toBe('recepcion');
  });

  it('lets an admin open a reception account, refuses a taken username, and audits it', async () => {
    const admin = await server.createUser('admin');
    const body = { usuario: 'rosa.pla', email: 'rosa.pla@example.es', contrasena: 'Recepcion!2026x', nombre: 'Rosa', apellido_1: 'Pla' };
    const created = await server.request<{ id_usuario: number }>('POST', '/api/registro-recepcion', { token: admin.token, body });
    expect(created.status).toBe(201);
    const login = await server.request<{ usuario: { rol: string } }>('POST', '/api/login', { body: { usuario: 'rosa.pla', contrasena: body.contrasena } });
    expect(login.body.usuario.rol).toBe('recepcion');
    const again = await server.request<{ detail: string }>('POST', '/api/registro-recepcion', { token: admin.token, body: { ...body, email: 'otra@example.es' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('El nombre de usuario ya está registrado.');
    const weak = await server.request('POST', '/api/registro-recepcion', { token: admin.token, body: { ...body, usuario: 'rosa2', contrasena: 'corta' } });
    expect(weak.status).toBe(400);
    const entries = await auditEntries(server, 'cuenta.registro_recepcion');
    expect(entries.map((entry) => entry.detalle)).toContain(`usuario ${created.body.id_usuario}`);
  });

  it('asks for a colegiado and a specialty to make a doctor, with the spec messages', async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    const id = await specialtyId(server);
    const missing = await changeRole(server, admin.token, patient.id_usuario, { nuevo_rol: 'doctor' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      detail: 'Debe completar número de colegiado y especialidad.',
      errores: [
        { campo: 'numero_colegiado', mensaje: 'Debe completar número de colegiado y especialidad.' },
        { campo: 'id_especialidad', mensaje: 'Debe completar número de colegiado y especialidad.' },
      ],
    });
    const empty = await changeRole(server, admin.token, patient.id_usuario, { nuevo_rol: 'doctor', numero_colegiado: '', id_especialidad: null });
    expect(empty.status).toBe(400);
    const short = await changeRole(server, admin.token, patient.id_usuario, { nuevo_rol: 'doctor', numero_colegiado: '12345', id_especialidad: id });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('Debe tener exactamente 9 dígitos.');
    const unknown = await changeRole(server, admin.token, patient.id_usuario, {
      nuevo_rol: 'doctor',
      numero_colegiado: uniqueColegiado(),
      id_especialidad: 99_999,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('especialidad_invalida');
    const badRole = await changeRole(server, admin.token, patient.id_usuario, { nuevo_rol: 'superuser' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.detail).toBe('Selecciona un rol válido (paciente, doctor, admin o recepcion).');
    const nobody = await changeRole(server, admin.token, 999_999, { nuevo_rol: 'admin' });
    expect(nobody.status).toBe(404);
    expect(nobody.body.code).toBe('usuario_no_encontrado');

    const row = await server.database.db.selectFrom('usuarios').select('rol').where('id_usuario', '=', patient.id_usuario).executeTakeFirstOrThrow();
    expect(row.rol).toBe('paciente');
  });

  it('turns a patient into a doctor with an automatic profile and ends their old tokens', async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente', { nombre: 'Carmen', apellido1: 'Promovida' });
    const allergy = await addAllergy(server, patient);
    const id = await specialtyId(server, 'dermatologia');
    const colegiado = uniqueColegiado();
    const response = await changeRole(server, admin.token, patient.id_usuario, { nuevo_rol: 'doctor', numero_colegiado: colegiado, id_especialidad: id });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id_usuario: patient.id_usuario, rol: 'doctor', numero_colegiado: colegiado, id_especialidad: id });
    expect(response.body.id_doctor).toEqual(expect.any(Number));

    expect((await server.request('GET', '/api/auth/me', { token: patient.token })).status).toBe(401);
    const login = await server.request<{ access_token: string; usuario: { rol: string } }>('POST', '/api/login', {
      body: { usuario: patient.usuario, contrasena: TEST_PASSWORD },
    });
    expect(login.body.usuario.rol).toBe('doctor');
    const profile = await server.request('GET', '/api/doctor/perfil', { token: login.body.access_token });
    expect(profile.body).toMatchObject({
      numero_colegiado: colegiado,
      especialidad: 'Dermatología Médico-Quirúrgica y Venereología',
      estado: 'Activo',
      fecha_alta: '2026-03-02',
      creado_automaticamente: true,
    });
    // The patient record and its clinical entries stay.
    const kept = await server.database.db.selectFrom('alergias').select('id_alergia').where('id_alergia', '=', allergy).execute();
    expect(kept).toHaveLength(1);
    const patients = await listPatients(server, admin.token, '?buscar=promovida');
    expect(patients.body).toEqual([]);

    const audit = await auditEntries(server, 'usuario.rol');
    expect(audit.map((a) => a.detalle)).toContain(`usuario ${patient.id_usuario}: paciente -> doctor`);
  });

  it('refuses a colegiado another doctor holds (409)', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const taken = await server.database.db.selectFrom('doctores').select('numero_colegiado').where('id_doctor', '=', doctor.id_doctor ?? 0).executeTakeFirstOrThrow();
    const response = await changeRole(server, admin.token, patient.id_usuario, {
      nuevo_rol: 'doctor',
      numero_colegiado: taken.numero_colegiado,
      id_especialidad: await specialtyId(server),
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'colegiado_duplicado' });
    // A doctor keeps their own number when saving again.
    const same = await changeRole(server, admin.token, doctor.id_usuario, {
      nuevo_rol: 'doctor',
      numero_colegiado: taken.numero_colegiado,
      id_especialidad: await specialtyId(server, 'pediatria'),
    });
    expect(same.status).toBe(200);
    expect(same.body.id_especialidad).toBe(await specialtyId(server, 'pediatria'));
    // Saving the same role keeps the doctor's tokens.
    expect((await server.request('GET', '/api/auth/me', { token: doctor.token })).status).toBe(200);
  });

  it('keeps a doctor’s agenda when they become a patient, and reactivates the profile when they come back', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor', { apellido1: 'Vaivén' });
    const slot = await addSlot(server, doctor.id_doctor ?? 0);

    const toPatient = await changeRole(server, admin.token, doctor.id_usuario, { nuevo_rol: 'paciente' });
    expect(toPatient.status).toBe(200);
    expect(toPatient.body.id_paciente).toEqual(expect.any(Number));
    const ended = await server.database.db.selectFrom('doctores').selectAll().where('id_usuario', '=', doctor.id_usuario).executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ estado: 'Inactivo', fecha_baja: '2026-03-02', id_doctor: doctor.id_doctor });
    expect(await server.database.db.selectFrom('agenda').select('id_agenda').where('id_agenda', '=', slot).execute()).toHaveLength(1);
    const patients = await listPatients(server, admin.token, '?buscar=vaiven');
    expect(patients.body.map((p) => p.id_usuario)).toEqual([doctor.id_usuario]);
    expect((await server.request('GET', '/api/doctor/perfil', { token: doctor.token })).status).toBe(401);

    server.clock.set('2026-04-01T08:00:00Z');
    const colegiado = uniqueColegiado();
    const back = await changeRole(server, admin.token, doctor.id_usuario, {
      nuevo_rol: 'doctor',
      numero_colegiado: colegiado,
      id_especialidad: await specialtyId(server),
    });
    server.clock.set('2026-03-02T08:00:00Z');
    expect(back.status).toBe(200);
    expect(back.body.id_doctor).toBe(doctor.id_doctor);
    const reactivated = await server.database.db.selectFrom('doctores').selectAll().where('id_usuario', '=', doctor.id_usuario).executeTakeFirstOrThrow();
    expect(reactivated).toMatchObject({ estado: 'Activo', fecha_baja: null, numero_colegiado: colegiado, creado_automaticamente: 1 });
    expect(await server.database.db.selectFrom('agenda').select('id_agenda').where('id_agenda', '=', slot).execute()).toHaveLength(1);
    expect((await listPatients(server, admin.token, '?buscar=vaiven')).body).toEqual([]);
  });

  it('makes admins, and never lets an admin demote themselves', async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    const promoted = await changeRole(server, admin.token, patient.id_usuario, { nuevo_rol: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.rol).toBe('admin');

    for (const nuevo_rol of ['paciente', 'doctor']) {
      const self = await changeRole(server, admin.token, admin.id_usuario, {
        nuevo_rol,
        numero_colegiado: uniqueColegiado(),
        id_especialidad: await specialtyId(server),
      });
      expect(self.status, nuevo_rol).toBe(409);
      expect(self.body).toMatchObject({ code: 'no_autodegradar', detail: 'No puedes quitarte a ti mismo el rol de administrador.' });
    }
    expect((await changeRole(server, admin.token, admin.id_usuario, { nuevo_rol: 'admin' })).status).toBe(200);
    expect((await server.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
  });
});

describe.each(DATABASES)('deleting users on %s', (kind) => {
  const server = useTestServer(kind);

  it('lets only admins delete', async () => {
    const patient = await server.createUser('paciente');
    expect((await server.request('DELETE', `/api/usuarios/${patient.id_usuario}`)).status).toBe(401);
    for (const rol of ['doctor', 'paciente'] as const) {
      const user = await server.createUser(rol);
      expect((await server.request('DELETE', `/api/usuarios/${patient.id_usuario}`, { token: user.token })).status, rol).toBe(403);
    }
    const admin = await server.createUser('admin');
    const bad = await server.request('DELETE', '/api/usuarios/abc', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ detail: 'El valor no es válido.' });
  });

  it("reads an id only in plain digits: '0x10' or '1.0' names no account and deletes nothing", async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    const id = patient.id_usuario;
    for (const written of [`0x${id.toString(16)}`, `0b${id.toString(2)}`, `${id}.0`, `%20${id}`, `0${id}`, `${id}e0`]) {
      const response = await server.request('DELETE', `/api/usuarios/${written}`, { token: admin.token });
      expect(response.status, written).toBe(400);
      expect(response.body, written).toMatchObject({ detail: 'El valor no es válido.' });
    }
    expect(await loginStatus(server, patient.usuario, TEST_PASSWORD)).toBe(200);
    expect((await server.request('DELETE', `/api/usuarios/${id}`, { token: admin.token })).status).toBe(204);
  });

  it('ends the account’s access, takes it off every list and keeps its clinical records', async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente', { nombre: 'Borja', apellido1: 'Eliminado' });
    const allergy = await addAllergy(server, patient);
    expect(await loginStatus(server, patient.usuario, TEST_PASSWORD)).toBe(200);

    const deleted = await server.request('DELETE', `/api/usuarios/${patient.id_usuario}`, { token: admin.token });
    expect(deleted.status).toBe(204);

    expect(await loginStatus(server, patient.usuario, TEST_PASSWORD)).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token: patient.token })).status).toBe(401);
    expect((await listUsers(server, admin.token, '?buscar=eliminado')).body).toEqual([]);
    expect((await listPatients(server, admin.token, '?buscar=eliminado')).body).toEqual([]);
    expect((await listUsers(server, admin.token, '?buscar=eliminado')).headers.get('x-total-count')).toBe('0');

    const row = await server.database.db.selectFrom('usuarios').selectAll().where('id_usuario', '=', patient.id_usuario).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ activo: 0, eliminado_en: '2026-03-02T08:00:00.000Z' });
    const record = await server.database.db.selectFrom('pacientes').selectAll().where('id_usuario', '=', patient.id_usuario).executeTakeFirstOrThrow();
    expect(record.estado).toBe('Inactivo');
    expect(await server.database.db.selectFrom('alergias').select('id_alergia').where('id_alergia', '=', allergy).execute()).toHaveLength(1);

    const again = await server.request('DELETE', `/api/usuarios/${patient.id_usuario}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect((await changeRole(server, admin.token, patient.id_usuario, { nuevo_rol: 'admin' })).status).toBe(404);
    const audit = await auditEntries(server, 'usuario.eliminar');
    expect(audit.map((a) => a.detalle)).toContain(`usuario ${patient.id_usuario} (paciente)`);
  });

  it('ends a deleted doctor’s profile but keeps their agenda', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    const slot = await addSlot(server, doctor.id_doctor ?? 0);
    expect((await server.request('DELETE', `/api/usuarios/${doctor.id_usuario}`, { token: admin.token })).status).toBe(204);
    const profile = await server.database.db.selectFrom('doctores').selectAll().where('id_usuario', '=', doctor.id_usuario).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ estado: 'Inactivo', fecha_baja: '2026-03-02' });
    expect(await server.database.db.selectFrom('agenda').select('id_agenda').where('id_agenda', '=', slot).execute()).toHaveLength(1);
    expect((await server.request('GET', '/api/doctor/perfil', { token: doctor.token })).status).toBe(401);
  });

  it('never lets an admin delete themselves, but lets them delete another admin', async () => {
    const admin = await server.createUser('admin');
    const other = await server.createUser('admin');
    const self = await server.request('DELETE', `/api/usuarios/${admin.id_usuario}`, { token: admin.token });
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'no_autoeliminar', detail: 'No puedes eliminar tu propia cuenta.' });
    expect((await server.request('DELETE', `/api/usuarios/${other.id_usuario}`, { token: admin.token })).status).toBe(204);
    expect((await server.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
  });
});

describe.each(DATABASES)('the last admin on %s', (kind) => {
  const server = useTestServer(kind);

  const activeAdmins = async () =>
    (await server.database.db.selectFrom('usuarios').select('id_usuario').where('rol', '=', 'admin').where('activo', '=', 1).execute()).length;

  it('survives two admins demoting each other at the same moment', async () => {
    const a = await server.createUser('admin');
    const b = await server.createUser('admin');
    const results = await Promise.all([
      changeRole(server, a.token, b.id_usuario, { nuevo_rol: 'paciente' }),
      changeRole(server, b.token, a.id_usuario, { nuevo_rol: 'paciente' }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.find((s) => s !== 200)).toBeOneOf([401, 403, 409]);
    expect(await activeAdmins()).toBe(1);
  });

  it('survives two admins deleting each other at the same moment', async () => {
    const remaining = await server.database.db.selectFrom('usuarios').select('id_usuario').where('rol', '=', 'admin').where('activo', '=', 1).executeTakeFirstOrThrow();
    const c = await server.createUser('admin');
    await server.database.db.updateTable('usuarios').set({ rol: 'paciente' }).where('id_usuario', '=', remaining.id_usuario).execute();
    const d = await server.createUser('admin');
    expect(await activeAdmins()).toBe(2);
    const results = await Promise.all([
      server.request('DELETE', `/api/usuarios/${d.id_usuario}`, { token: c.token }),
      server.request('DELETE', `/api/usuarios/${c.id_usuario}`, { token: d.token }),
    ]);
    expect(results.map((r) => r.status).filter((s) => s === 204)).toHaveLength(1);
    expect(await activeAdmins()).toBe(1);
  });
});

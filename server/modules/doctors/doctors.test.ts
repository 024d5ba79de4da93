import { describe, expect, it } from 'vitest';
import { doctorPayload, loginStatus, specialtyId } from '../../testing/admin.ts';
import { auditEntries } from '../../testing/audit.ts';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';

describe.each(DATABASES)('doctor registration and profile on %s', (kind) => {
  const server = useTestServer(kind);

  it('refuses registration without a token (401) and to doctors and patients (403)', async () => {
    const body = doctorPayload('auth', await specialtyId(server));
    expect((await server.request('POST', '/api/registro-doctor', { body })).status).toBe(401);
    for (const rol of ['doctor', 'paciente'] as const) {
      const user = await server.createUser(rol);
      const response = await server.request('POST', '/api/registro-doctor', { token: user.token, body });
      expect(response.status, rol).toBe(403);
      expect(response.body).toMatchObject({ code: 'sin_permiso' });
    }
  });

  it('registers a doctor who logs in as doctor and reads a profile made by hand', async () => {
    const admin = await server.createUser('admin');
    const cardiologia = await specialtyId(server);
    const body = doctorPayload('ok', cardiologia, { usuario: 'Doc_OK', email: 'Doc.OK@Example.com', colegiado: '123456789' });
    const created = await server.request<{ id_usuario: number; id_doctor: number }>('POST', '/api/registro-doctor', {
      token: admin.token,
      body,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id_usuario: expect.any(Number), id_doctor: expect.any(Number) });

    const login = await server.request<{ access_token: string; usuario: { rol: string; id_doctor: number } }>('POST', '/api/login', {
      body: { usuario: 'doc.ok@example.com', contrasena: body.contrasena },
    });
    expect(login.status).toBe(200);
    expect(login.body.usuario).toMatchObject({ rol: 'doctor', id_doctor: created.body.id_doctor });

    const profile = await server.request('GET', '/api/doctor/perfil', { token: login.body.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      id_doctor: created.body.id_doctor,
      usuario: {
        nombre: 'Elena',
        apellido1: 'Sánchez',
        apellido2: 'Ruiz',
        correo: 'doc.ok@example.com',
        dni: null,
        nacimiento: null,
        sexo: null,
        telefono: null,
        direccion: { direccion: null, codigo_postal: null, localidad: null, provincia: null, pais: null },
      },
      numero_colegiado: '123456789',
      id_especialidad: cardiologia,
      especialidad: 'Cardiología',
      horario: null,
      estado: 'Activo',
      fecha_alta: '2026-03-02',
      fecha_baja: null,
      creado_automaticamente: false,
    });

    const english = await server.request<{ especialidad: string }>('GET', '/api/doctor/perfil', {
      token: login.body.access_token,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.especialidad).toBe('Cardiology');

    const audit = await auditEntries(server, 'cuenta.registro_doctor', { id_usuario: admin.id_usuario });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detalle).toContain(String(created.body.id_usuario));
  });

  it('checks every field with the messages of spec section 5', async () => {
    const admin = await server.createUser('admin');
    const id = await specialtyId(server);
    const errorsOf = async (body: unknown) => {
      const response = await server.request<{ code: string; errores: { campo: string; mensaje: string }[] }>(
        'POST',
        '/api/registro-doctor',
        { token: admin.token, body },
      );
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validacion');
      return response.body.errores;
    };
    for (const colegiado of ['12345678', '1234567890', '12345678a', '', ' 1234 5678']) {
      expect(await errorsOf(doctorPayload('v1', id, { colegiado }))).toEqual([
        { campo: 'colegiado', mensaje: 'Debe tener exactamente 9 dígitos.' },
      ]);
    }
    const { id_especialidad: _omitted, ...withoutSpecialty } = doctorPayload('v2', id);
    expect(await errorsOf(withoutSpecialty)).toEqual([{ campo: 'id_especialidad', mensaje: 'Debes seleccionar una especialidad.' }]);
    expect(await errorsOf({ ...withoutSpecialty, id_especialidad: 0 })).toEqual([
      { campo: 'id_especialidad', mensaje: 'Debes seleccionar una especialidad.' },
    ]);
    expect(await errorsOf(doctorPayload('v3', id, { contrasena: 'debil' }))).toEqual([
      { campo: 'contrasena', mensaje: expect.stringContaining('La contraseña debe tener al menos 8 caracteres') },
    ]);
    expect(
      await errorsOf({ ...doctorPayload('v4', id), usuario: 'ab', email: 'no-es-correo', nombre: '', apellido_1: ' ', apellido_2: '' }),
    ).toEqual(
      expect.arrayContaining([
        { campo: 'usuario', mensaje: 'Nombre de usuario requerido (mínimo 3 caracteres)' },
        { campo: 'email', mensaje: 'Debe ser un correo electrónico válido' },
        { campo: 'nombre', mensaje: 'Nombre requerido' },
        { campo: 'apellido_1', mensaje: 'Primer apellido requerido' },
        { campo: 'apellido_2', mensaje: 'Segundo apellido requerido' },
      ]),
    );

    const unknownSpecialty = await server.request('POST', '/api/registro-doctor', {
      token: admin.token,
      body: doctorPayload('v5', 99_999),
    });
    expect(unknownSpecialty.status).toBe(400);
    expect(unknownSpecialty.body).toMatchObject({ code: 'especialidad_invalida', detail: 'La especialidad seleccionada no existe.' });

    const catalan = await server.request('POST', '/api/registro-doctor', {
      token: admin.token,
      body: doctorPayload('v6', id, { colegiado: '1' }),
      headers: { 'accept-language': 'ca' },
    });
    expect(catalan.body).toMatchObject({ detail: 'Ha de tenir exactament 9 dígits.' });
  });

  it('answers 409 for a taken e-mail (saying so), username or colegiado, and creates nothing', async () => {
    const admin = await server.createUser('admin');
    const id = await specialtyId(server);
    const first = doctorPayload('dup', id);
    expect((await server.request('POST', '/api/registro-doctor', { token: admin.token, body: first })).status).toBe(201);
    const patient = await server.createUser('paciente');

    const cases = [
      { body: doctorPayload('dup2', id, { email: first.email.toUpperCase() }), code: 'correo_duplicado', detail: 'El correo ya está registrado.' },
      { body: doctorPayload('dup3', id, { email: patient.correo }), code: 'correo_duplicado', detail: 'El correo ya está registrado.' },
      { body: doctorPayload('dup4', id, { usuario: first.usuario }), code: 'usuario_duplicado' },
      { body: doctorPayload('dup5', id, { colegiado: first.colegiado }), code: 'colegiado_duplicado', detail: 'El número de colegiado ya está registrado.' },
    ];
    for (const { body, code, detail } of cases) {
      const response = await server.request('POST', '/api/registro-doctor', { token: admin.token, body });
      expect(response.status, code).toBe(409);
      expect(response.body).toMatchObject({ code, ...(detail ? { detail } : {}) });
    }
    expect(await loginStatus(server, 'doc_dup5', 'Doctora123!')).toBe(401);
  });

  it('serves the profile to doctors only', async () => {
    expect((await server.request('GET', '/api/doctor/perfil')).status).toBe(401);
    for (const rol of ['admin', 'paciente'] as const) {
      const user = await server.createUser(rol);
      expect((await server.request('GET', '/api/doctor/perfil', { token: user.token })).status, rol).toBe(403);
    }
    const doctor = await server.createUser('doctor');
    const response = await server.request<{ id_doctor: number; creado_automaticamente: boolean }>('GET', '/api/doctor/perfil', {
      token: doctor.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id_doctor: doctor.id_doctor, creado_automaticamente: false });
  });
});

describe.each(DATABASES)('specialties on %s', (kind) => {
  const server = useTestServer(kind);

  it('lists the catalogue to anyone, named and sorted in the language asked for', async () => {
    const spanish = await server.request<{ id_especialidad: number; nombre: string }[]>('GET', '/api/especialidades');
    expect(spanish.status).toBe(200);
    expect(spanish.body.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(spanish.body[0] ?? {}).sort()).toEqual(['id_especialidad', 'nombre']);
    expect(spanish.body.map((s) => s.nombre)).toContain('Cardiología');
    const names = spanish.body.map((s) => s.nombre);
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));

    const byId = (list: { id_especialidad: number; nombre: string }[], id: number) => list.find((s) => s.id_especialidad === id)?.nombre;
    const cardiology = spanish.body.find((s) => s.nombre === 'Cardiología')?.id_especialidad ?? 0;
    for (const [language, name] of [['ca', 'Cardiologia'], ['en', 'Cardiology']] as const) {
      const response = await server.request<{ id_especialidad: number; nombre: string }[]>('GET', '/api/especialidades', {
        headers: { 'accept-language': language },
      });
      expect(byId(response.body, cardiology)).toBe(name);
    }
    const doctor = await server.createUser('doctor');
    expect((await server.request('GET', '/api/especialidades', { token: doctor.token })).status).toBe(200);
  });
});

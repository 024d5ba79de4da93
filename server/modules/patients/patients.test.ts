import { describe, expect, it } from 'vitest';
import type { HistorialItem } from '../../../contracts/history.ts';
import type { PerfilPaciente, ResumenClinico } from '../../../contracts/patient.ts';
import { auditEntries } from '../../testing/audit.ts';
import { addAppointment, addConsultation, addMedicalFile, pdfText } from '../../testing/patients.ts';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';
import { PROFILE_CHANGES_PER_HOUR } from './patients.routes.ts';

const validProfile = {
  nombre: 'Lucía',
  apellido1: 'Ferrer',
  apellido2: 'Gómez',
  nacimiento: '1990-05-17',
  sexo: 'F',
  telefono: '+34 612 345 678',
  direccion: 'Carrer de Mallorca 120',
  codigo_postal: '08036',
  localidad: 'Barcelona',
  provincia: 'barcelona',
  pais: 'España',
};

type ErrorAnswer = { detail: string; code: string; errores?: { campo: string; mensaje: string }[] };

describe.each(DATABASES)('patient profile on %s', (kind) => {
  const server = useTestServer(kind);

  it('needs a token and the patient role', async () => {
    const doctor = await server.createUser('doctor');
    const admin = await server.createUser('admin');
    expect((await server.request('GET', '/api/paciente/perfil')).status).toBe(401);
    expect((await server.request('PUT', '/api/paciente/perfil', { body: validProfile })).status).toBe(401);
    expect((await server.request('GET', '/api/paciente/perfil', { token: doctor.token })).status).toBe(403);
    expect((await server.request('GET', '/api/paciente/perfil', { token: admin.token })).status).toBe(403);
    expect((await server.request('PUT', '/api/paciente/perfil', { token: doctor.token, body: validProfile })).status).toBe(403);
  });

  it('returns the own profile in the spec shape', async () => {
    const patient = await server.createUser('paciente', { nombre: 'Marta', apellido1: 'Vidal' });
    const response = await server.request<PerfilPaciente>('GET', '/api/paciente/perfil', { token: patient.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      usuario: {
        nombre: 'Marta',
        apellido1: 'Vidal',
        apellido2: null,
        correo: patient.correo,
        dni: null,
        nacimiento: null,
        sexo: null,
        telefono: null,
        direccion: { direccion: null, codigo_postal: null, localidad: null, provincia: null, pais: null },
      },
      estado: 'Activo',
      fecha_alta: '2026-03-02',
    });
  });

  it('saves the flat fields, normalised, keeps the e-mail and the search text up to date', async () => {
    const patient = await server.createUser('paciente');
    const response = await server.request<PerfilPaciente>('PUT', '/api/paciente/perfil', {
      token: patient.token,
      body: { ...validProfile, dni: '12345678z', correo: 'otro@example.com' },
    });
    expect(response.status).toBe(200);
    expect(response.body.usuario).toEqual({
      nombre: 'Lucía',
      apellido1: 'Ferrer',
      apellido2: 'Gómez',
      correo: patient.correo,
      dni: '12345678Z',
      nacimiento: '1990-05-17',
      sexo: 'F',
      telefono: '+34612345678',
      direccion: { direccion: 'Carrer de Mallorca 120', codigo_postal: '08036', localidad: 'Barcelona', provincia: 'Barcelona', pais: 'España' },
    });
    const row = await server.database.db
      .selectFrom('usuarios')
      .select(['correo', 'busqueda'])
      .where('id_usuario', '=', patient.id_usuario)
      .executeTakeFirstOrThrow();
    expect(row.correo).toBe(patient.correo);
    expect(row.busqueda).toContain('lucia ferrer gomez');

    const again = await server.request<PerfilPaciente>('GET', '/api/paciente/perfil', { token: patient.token });
    expect(again.body.usuario.dni).toBe('12345678Z');

    const audit = await server.database.db
      .selectFrom('auditoria')
      .select('accion')
      .where('id_usuario', '=', patient.id_usuario)
      .execute();
    expect(audit.map((a) => a.accion)).toEqual(expect.arrayContaining(['perfil.actualizar', 'perfil.leer']));
  });

  it('clears optional fields that are left out or empty, and takes the postal code as a number', async () => {
    const patient = await server.createUser('paciente');
    await server.request('PUT', '/api/paciente/perfil', { token: patient.token, body: validProfile });
    const response = await server.request<PerfilPaciente>('PUT', '/api/paciente/perfil', {
      token: patient.token,
      body: { nombre: ' Lucía ', apellido1: 'Ferrer', telefono: '', dni: null, codigo_postal: 8036, provincia: 'Barcelona' },
    });
    expect(response.status).toBe(200);
    expect(response.body.usuario).toMatchObject({
      nombre: 'Lucía',
      apellido2: null,
      dni: null,
      telefono: null,
      sexo: null,
      nacimiento: null,
      direccion: { direccion: null, codigo_postal: '08036', localidad: null, provincia: 'Barcelona', pais: null },
    });
  });

  it('requires the first name and first surname with the spec message', async () => {
    const patient = await server.createUser('paciente');
    for (const body of [
      { ...validProfile, nombre: '  ' },
      { ...validProfile, apellido1: '' },
      { apellido1: 'Ferrer' },
    ]) {
      const response = await server.request<ErrorAnswer>('PUT', '/api/paciente/perfil', { token: patient.token, body });
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe('Por favor, complete los campos obligatorios.');
    }
  });

  it("refuses a DNI/NIE already on another active patient's file (409), so no one can pose as them", async () => {
    const owner = await server.createUser('paciente');
    const impostor = await server.createUser('paciente');
    const dni = '87654321X';
    const own = await server.request('PUT', '/api/paciente/perfil', { token: owner.token, body: { ...validProfile, dni } });
    expect(own.status).toBe(200);
    for (const written of [dni, '87654321x', '87.654.321-X']) {
      const taken = await server.request<ErrorAnswer>('PUT', '/api/paciente/perfil', { token: impostor.token, body: { ...validProfile, dni: written } });
      expect(taken.status, written).toBe(409);
      const message = 'Ese DNI/NIE ya consta en la ficha de otro paciente. Si es el tuyo, llama a la clínica.';
      expect(taken.body).toMatchObject({ code: 'dni_duplicado', detail: message, errores: [{ campo: 'dni', mensaje: message }] });
    }
    const profile = await server.request<PerfilPaciente>('GET', '/api/paciente/perfil', { token: impostor.token });
    expect(profile.body.usuario.dni).toBeNull();
    // Staff accounts are not patients' files: a doctor's DNI does not block one.
    const doctor = await server.createUser('doctor');
    await server.database.db.updateTable('usuarios').set({ dni: '34567890V' }).where('id_usuario', '=', doctor.id_usuario).execute();
    expect((await server.request('PUT', '/api/paciente/perfil', { token: impostor.token, body: { ...validProfile, dni: '34567890V' } })).status).toBe(200);
    // The holder saves their profile again with it; once their account is deleted, it is free.
    expect((await server.request('PUT', '/api/paciente/perfil', { token: owner.token, body: { ...validProfile, dni, telefono: '600000000' } })).status).toBe(200);
    const admin = await server.createUser('admin');
    expect((await server.request('DELETE', `/api/usuarios/${owner.id_usuario}`, { token: admin.token })).status).toBe(204);
    expect((await server.request('PUT', '/api/paciente/perfil', { token: impostor.token, body: { ...validProfile, dni } })).status).toBe(200);
  });

  it('takes twenty profile saves an hour from one patient, then a clear 429 with Retry-After (each may test a DNI)', async () => {
    const patient = await server.createUser('paciente');
    for (let i = 0; i < PROFILE_CHANGES_PER_HOUR; i += 1) {
      const saved = await server.request('PUT', '/api/paciente/perfil', { token: patient.token, body: { ...validProfile, telefono: `6000000${String(i).padStart(2, '0')}` } });
      expect(saved.status).toBe(200);
    }
    const refused = await server.request<ErrorAnswer>('PUT', '/api/paciente/perfil', { token: patient.token, body: validProfile });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(refused.body).toMatchObject({ code: 'demasiados_cambios_perfil', detail: 'Has cambiado tu perfil demasiadas veces en la última hora. Vuelve a intentarlo más tarde.' });
    // Reading it is not limited, nor is another patient.
    expect((await server.request('GET', '/api/paciente/perfil', { token: patient.token })).status).toBe(200);
    const other = await server.createUser('paciente');
    expect((await server.request('PUT', '/api/paciente/perfil', { token: other.token, body: validProfile })).status).toBe(200);
  });

  it('checks the DNI/NIE control letter', async () => {
    const patient = await server.createUser('paciente');
    for (const dni of ['23456789D', 'X1234567L', 'y1234567x', 'Z-1234567-R', '00000000T']) {
      const response = await server.request<PerfilPaciente>('PUT', '/api/paciente/perfil', { token: patient.token, body: { ...validProfile, dni } });
      expect(response.status, dni).toBe(200);
    }
    for (const dni of ['12345678A', 'X1234567A', '1234567Z', 'W1234567L', 'ABCDEFGHZ']) {
      const response = await server.request<ErrorAnswer>('PUT', '/api/paciente/perfil', { token: patient.token, body: { ...validProfile, dni } });
      expect(response.status, dni).toBe(400);
      expect(response.body.errores).toEqual([{ campo: 'dni', mensaje: 'El DNI/NIE no es válido: revisa los números y la letra.' }]);
    }
  });

  it('checks the province list and that the postal code belongs to the province', async () => {
    const patient = await server.createUser('paciente');
    const put = (fields: Record<string, unknown>) =>
      server.request<ErrorAnswer & PerfilPaciente>('PUT', '/api/paciente/perfil', { token: patient.token, body: { ...validProfile, ...fields } });

    const lleida = await put({ provincia: 'lerida', codigo_postal: '25001' });
    expect(lleida.status).toBe(200);
    expect(lleida.body.usuario.direccion.provincia).toBe('Lleida');
    expect((await put({ provincia: 'Ceuta', codigo_postal: '51001' })).status).toBe(200);
    expect((await put({ provincia: 'Melilla', codigo_postal: '52006' })).status).toBe(200);

    const mismatch = await put({ provincia: 'Barcelona', codigo_postal: '28001' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errores).toEqual([
      { campo: 'codigo_postal', mensaje: 'El código postal no corresponde a la provincia seleccionada.' },
    ]);
    for (const codigo_postal of ['0803', '080361', '53001', '00123', 'abcde']) {
      const bad = await put({ codigo_postal });
      expect(bad.status, codigo_postal).toBe(400);
      expect(bad.body.errores?.[0]?.campo).toBe('codigo_postal');
    }
    const unknown = await put({ provincia: 'Narnia' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errores).toEqual([{ campo: 'provincia', mensaje: 'Selecciona una provincia de la lista.' }]);
  });

  it('checks sex, birth date and phone', async () => {
    const patient = await server.createUser('paciente');
    const put = (fields: Record<string, unknown>, language = 'es') =>
      server.request<ErrorAnswer>('PUT', '/api/paciente/perfil', {
        token: patient.token,
        body: { ...validProfile, ...fields },
        headers: { 'accept-language': language },
      });
    expect((await put({ sexo: 'X' })).body.errores).toEqual([{ campo: 'sexo', mensaje: 'El sexo debe ser M (Masculino) o F (Femenino).' }]);
    expect((await put({ nacimiento: '1990-02-30' })).body.errores?.[0]).toEqual({ campo: 'nacimiento', mensaje: 'La fecha no es válida (AAAA-MM-DD).' });
    expect((await put({ nacimiento: '17/05/1990' })).status).toBe(400);
    // Today (the clinic's clock) is fine; tomorrow is not.
    expect((await put({ nacimiento: '2026-03-02' })).status).toBe(200);
    const future = await put({ nacimiento: '2026-03-03' });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({
      detail: 'La fecha de nacimiento no puede ser posterior a hoy.',
      errores: [{ campo: 'nacimiento', mensaje: 'La fecha de nacimiento no puede ser posterior a hoy.' }],
    });
    expect((await put({ telefono: '12345' })).body.errores?.[0]?.campo).toBe('telefono');
    const catalan = await put({ nombre: '' }, 'ca');
    expect(catalan.body.detail).toBe('Si us plau, completeu els camps obligatoris.');
  });
});

describe.each(DATABASES)('medical file and summary on %s', (kind) => {
  const server = useTestServer(kind);
  const sections = ['alergias', 'enfermedades', 'discapacidades', 'habitos', 'vacunas', 'ultima-consulta', 'ficha', 'resumen'];

  it('needs a token and the patient role for every section', async () => {
    const doctor = await server.createUser('doctor');
    const admin = await server.createUser('admin');
    for (const section of sections) {
      expect((await server.request('GET', `/api/paciente/${section}`)).status, section).toBe(401);
      expect((await server.request('GET', `/api/paciente/${section}`, { token: doctor.token })).status, section).toBe(403);
      expect((await server.request('GET', `/api/paciente/${section}`, { token: admin.token })).status, section).toBe(403);
    }
  });

  it("answers each patient's own sections only, with the spec's field names, and audits each read", async () => {
    const doctor = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'García' });
    const ana = await server.createUser('paciente');
    const other = await server.createUser('paciente');
    await addMedicalFile(server, ana.id_paciente!);
    await addConsultation(server, {
      id_paciente: ana.id_paciente!,
      id_doctor: doctor.id_doctor!,
      fecha: '2026-02-10',
      hora: '09:30:00',
      motivo: 'Tos',
      diagnostico: 'Bronquitis',
      recomendaciones: 'Reposo',
    });
    await addConsultation(server, { id_paciente: ana.id_paciente!, id_doctor: doctor.id_doctor!, fecha: '2026-03-10', estado: 'pendiente' });

    const get = (token: string, section: string) => server.request<unknown>('GET', `/api/paciente/${section}`, { token });
    expect((await get(ana.token, 'alergias')).body).toEqual([
      { id_alergia: expect.any(Number), nombre: 'Penicilina', fecha_diagnostico: '2010-03-02', observaciones: 'Urticaria' },
    ]);
    expect((await get(ana.token, 'enfermedades')).body).toEqual([
      expect.objectContaining({ nombre: 'Asma', tipo: 'Crónica', activa: true }),
      expect.objectContaining({ nombre: 'Varicela', activa: false }),
    ]);
    expect((await get(ana.token, 'discapacidades')).body).toEqual([]);
    expect((await get(ana.token, 'habitos')).body).toEqual([
      { id_habito: expect.any(Number), nombre: 'Tabaco', frecuencia: 'Diario', duracion: '5 años', observaciones: null },
    ]);
    expect((await get(ana.token, 'vacunas')).body).toEqual([
      { id_vacuna: expect.any(Number), nombre: 'Gripe', fecha_aplicacion: '2025-11-01', dosis: 'Única', descripcion: null },
    ]);
    expect((await get(ana.token, 'ultima-consulta')).body).toEqual({
      id_consulta: expect.any(Number),
      fecha: '2026-02-10',
      hora: '09:30',
      tipo: 'Consulta',
      doctor: 'Laura García',
      motivo: 'Tos',
      diagnostico: 'Bronquitis',
      recomendaciones: 'Reposo',
    });

    for (const section of ['alergias', 'enfermedades', 'discapacidades', 'habitos', 'vacunas']) {
      expect((await get(other.token, section)).body, section).toEqual([]);
    }
    const none = await get(other.token, 'ultima-consulta');
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();

    const ficha = await server.request<Record<string, unknown[]>>('GET', '/api/paciente/ficha', { token: ana.token });
    expect(ficha.status).toBe(200);
    expect(ficha.body.alergias).toHaveLength(1);
    expect(ficha.body.archivos).toEqual([]);

    const audit = await auditEntries(server, 'ficha.leer', { id_usuario: ana.id_usuario });
    expect(audit.map((a) => a.detalle)).toEqual(
      expect.arrayContaining(['alergias', 'enfermedades', 'discapacidades', 'habitos', 'vacunas', 'ultima-consulta', 'ficha completa']),
    );
    expect(audit.every((a) => a.id_paciente === ana.id_paciente)).toBe(true);
  });

  it('summarises allergies, active diseases, vaccines, the last consultation and the next appointment', async () => {
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    const patient = await server.createUser('paciente', { nombre: 'Jordi', apellido1: 'Martín' });
    await addMedicalFile(server, patient.id_paciente!);
    const ids = { id_paciente: patient.id_paciente!, id_doctor: doctor.id_doctor! };
    // Today is 2026-03-02 09:00 in Madrid: the 08:30 visit is over; the cancelled one does not count.
    await addAppointment(server, { ...ids, fecha: '2026-03-02', hora: '08:30' });
    await addAppointment(server, { ...ids, fecha: '2026-03-03', hora: '10:00', estado: 'Cancelada' });
    await addAppointment(server, { ...ids, fecha: '2026-03-05', hora: '11:00', estado: 'pendiente', motivo: 'Control' });
    await addAppointment(server, { ...ids, fecha: '2026-03-09', hora: '09:00' });

    const response = await server.request<ResumenClinico>('GET', '/api/paciente/resumen', { token: patient.token });
    expect(response.status).toBe(200);
    expect(response.body.paciente).toMatchObject({ nombre: 'Jordi', apellido1: 'Martín', estado: 'Activo' });
    expect(response.body.alergias.map((a) => a.nombre)).toEqual(['Penicilina']);
    expect(response.body.enfermedades_activas.map((e) => e.nombre)).toEqual(['Asma']);
    expect(response.body.vacunas.map((v) => v.nombre)).toEqual(['Gripe']);
    expect(response.body.ultima_consulta).toBeNull();
    expect(response.body.proxima_cita).toEqual({
      id_cita: expect.any(Number),
      fecha: '2026-03-05',
      hora: '11:00',
      doctor: 'Pere Puig',
      especialidad: expect.any(String),
      motivo: 'Control',
      estado: 'pendiente',
    });

    const stranger = await server.createUser('paciente');
    const empty = await server.request<ResumenClinico>('GET', '/api/paciente/resumen', { token: stranger.token });
    expect(empty.body).toMatchObject({ alergias: [], enfermedades_activas: [], vacunas: [], ultima_consulta: null, proxima_cita: null });
  });
});

describe.each(DATABASES)('history and its PDF on %s', (kind) => {
  const server = useTestServer(kind);

  async function patientWithHistory() {
    const doctor = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'García' });
    const patient = await server.createUser('paciente', { nombre: 'Núria', apellido1: 'Sala' });
    const ids = { id_paciente: patient.id_paciente!, id_doctor: doctor.id_doctor! };
    await addConsultation(server, { ...ids, fecha: '2025-12-15', hora: '09:00', tipo: 'Consulta', motivo: 'Fiebre', descripcion: 'Fiebre de 39' });
    await addConsultation(server, { ...ids, fecha: '2026-01-20', hora: '10:30', tipo: 'Revisión', motivo: 'Control' });
    await addConsultation(server, { ...ids, fecha: '2026-02-03', hora: '12:00', tipo: 'Urgencia', motivo: 'Corte en la mano' });
    await addConsultation(server, { ...ids, fecha: '2026-02-25', hora: '16:15', tipo: 'Consulta', motivo: 'Dolor de espalda' });
    await addConsultation(server, { ...ids, fecha: '2026-02-28', hora: '11:00', tipo: 'Revisión', motivo: 'Seguimiento', estado: 'confirmada' });
    // Still to come at the clinic's clock (Monday 2026-03-02 09:00): a visit, not history.
    await addConsultation(server, { ...ids, fecha: '2026-03-20', hora: '11:00', tipo: 'Urgencia', motivo: 'Futura', estado: 'confirmada' });
    await addConsultation(server, { ...ids, fecha: '2026-03-02', hora: '09:30', tipo: 'Urgencia', motivo: 'Hoy, más tarde', estado: 'confirmada' });
    return { doctor, patient };
  }

  it('needs a token and the right role', async () => {
    const doctor = await server.createUser('doctor');
    const admin = await server.createUser('admin');
    for (const path of ['/api/paciente/historial', '/api/paciente/historial/estadisticas', '/api/paciente/historial.pdf', '/api/usuarios/historial']) {
      expect((await server.request('GET', path)).status, path).toBe(401);
      expect((await server.request('GET', path, { token: admin.token })).status, path).toBe(403);
    }
    for (const path of ['/api/paciente/historial', '/api/paciente/historial/estadisticas', '/api/paciente/historial.pdf']) {
      expect((await server.request('GET', path, { token: doctor.token })).status, path).toBe(403);
    }
  });

  it("lists the patient's own history newest first with the spec fields and the total", async () => {
    const { patient } = await patientWithHistory();
    const stranger = await server.createUser('paciente');
    const response = await server.request<HistorialItem[]>('GET', '/api/paciente/historial', { token: patient.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('5');
    expect(response.body.map((item) => item.fecha)).toEqual(['2026-02-28', '2026-02-25', '2026-02-03', '2026-01-20', '2025-12-15']);
    expect(response.body[4]).toEqual({
      id_consulta: expect.any(Number),
      fecha: '2025-12-15',
      hora: '09:00',
      consulta: 'Consulta',
      descripcion: 'Fiebre de 39',
      doctor: 'Laura García',
      paciente: 'Núria Sala',
      motivo: 'Fiebre',
      estado: 'finalizada',
      tipo_visita: null,
    });
    const strangers = await server.request<HistorialItem[]>('GET', '/api/paciente/historial', { token: stranger.token });
    expect(strangers.body).toEqual([]);
    expect(strangers.headers.get('x-total-count')).toBe('0');

    const page = await server.request<HistorialItem[]>('GET', '/api/paciente/historial?por_pagina=2&pagina=2', { token: patient.token });
    expect(page.body.map((item) => item.fecha)).toEqual(['2026-02-03', '2026-01-20']);
    expect(page.headers.get('x-total-count')).toBe('5');
  });

  it('filters by type (case- and accent-insensitive substring) and by date substring', async () => {
    const { patient } = await patientWithHistory();
    const types = async (query: string) => {
      const response = await server.request<HistorialItem[]>('GET', `/api/paciente/historial?${query}`, { token: patient.token });
      expect(response.status, query).toBe(200);
      return response.body.map((item) => `${item.fecha} ${item.consulta}`);
    };
    expect(await types('tipo=CONSULTA')).toEqual(['2026-02-25 Consulta', '2025-12-15 Consulta']);
    expect(await types('tipo=revision')).toEqual(['2026-02-28 Revisión', '2026-01-20 Revisión']);
    expect(await types(`tipo=${encodeURIComponent('Revisión')}`)).toHaveLength(2);
    expect(await types('tipo=urg')).toEqual(['2026-02-03 Urgencia']);
    // The names the interface shows in Catalan and English find the same types.
    expect(await types('tipo=check')).toEqual(['2026-02-28 Revisión', '2026-01-20 Revisión']);
    expect(await types(`tipo=${encodeURIComponent('URGÈNCIA')}`)).toEqual(['2026-02-03 Urgencia']);
    // The English name the interface shows, whole, and the stored word the type select sends.
    expect(await types(`tipo=${encodeURIComponent('Check-up')}`)).toEqual(['2026-02-28 Revisión', '2026-01-20 Revisión']);
    expect(await types(`tipo=${encodeURIComponent('Revisió')}`)).toEqual(['2026-02-28 Revisión', '2026-01-20 Revisión']);
    expect(await types('tipo=zzz')).toEqual([]);
    // The web's date range: both days included, either end open.
    expect(await types('desde=2026-01-20&hasta=2026-02-25')).toEqual(['2026-02-25 Consulta', '2026-02-03 Urgencia', '2026-01-20 Revisión']);
    expect(await types('desde=2026-02-04')).toEqual(['2026-02-28 Revisión', '2026-02-25 Consulta']);
    expect(await types('hasta=2025-12-31&tipo=consulta')).toEqual(['2025-12-15 Consulta']);
    expect(await types('fecha=2026-02')).toEqual(['2026-02-28 Revisión', '2026-02-25 Consulta', '2026-02-03 Urgencia']);
    // A visit still to come is not history, whatever the filter.
    expect(await types('fecha=2026-03')).toEqual([]);
    expect(await types('fecha=2026-02&tipo=consulta')).toEqual(['2026-02-25 Consulta']);
    expect(await types('fecha=-15')).toEqual(['2025-12-15 Consulta']);

    const bad = await server.request<ErrorAnswer>('GET', '/api/paciente/historial?fecha=abc', { token: patient.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('La fecha del filtro solo puede contener números y guiones (AAAA-MM-DD).');
    const badRange = await server.request<ErrorAnswer>('GET', '/api/paciente/historial?desde=2026-02-30', { token: patient.token });
    expect(badRange.status).toBe(400);
    expect(badRange.body.detail).toContain('La fecha no es válida (AAAA-MM-DD).');
  });

  it('computes the stats cards over the same filters', async () => {
    const { patient } = await patientWithHistory();
    const stats = await server.request('GET', '/api/paciente/historial/estadisticas', { token: patient.token });
    // Ties (two Consulta, two Revisión) go to the first type; the last consultation is up to today.
    expect(stats.body).toEqual({ total: 5, ultima_consulta: '2026-02-28', tipo_mas_frecuente: 'Consulta' });
    const filtered = await server.request('GET', '/api/paciente/historial/estadisticas?tipo=rev', { token: patient.token });
    expect(filtered.body).toEqual({ total: 2, ultima_consulta: '2026-02-28', tipo_mas_frecuente: 'Revisión' });
    const stranger = await server.createUser('paciente');
    const none = await server.request('GET', '/api/paciente/historial/estadisticas', { token: stranger.token });
    expect(none.body).toEqual({ total: 0, ultima_consulta: null, tipo_mas_frecuente: null });
  });

  it("answers /usuarios/historial with a patient's history or a doctor's own consultations", async () => {
    const { doctor, patient } = await patientWithHistory();
    const otherDoctor = await server.createUser('doctor');
    const mine = await server.request<HistorialItem[]>('GET', '/api/usuarios/historial', { token: patient.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(5);
    expect(mine.body[0]).toMatchObject({ fecha: '2026-02-28', hora: '11:00', doctor: 'Laura García', consulta: 'Revisión' });

    const doctors = await server.request<HistorialItem[]>('GET', '/api/usuarios/historial', { token: doctor.token });
    expect(doctors.body).toHaveLength(5);
    expect(doctors.body.every((item) => item.paciente === 'Núria Sala')).toBe(true);
    const others = await server.request<HistorialItem[]>('GET', '/api/usuarios/historial', { token: otherDoctor.token });
    expect(others.body).toEqual([]);

    const audit = await server.database.db
      .selectFrom('auditoria')
      .select('accion')
      .where('id_usuario', '=', doctor.id_usuario)
      .execute();
    expect(audit.map((a) => a.accion)).toContain('historial.leer');
  });

  it("exports the filtered history as a real PDF with the patient's name and the clinic's details", async () => {
    const { patient } = await patientWithHistory();
    const response = await fetch(`${server.url}/api/paciente/historial.pdf?tipo=urgencia`, {
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="historial-2026-03-02.pdf"');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfText(pdf);
    expect(text).toContain('Núria Sala');
    expect(text).toContain('Galeno Centro Médico');
    expect(text).toContain('Historial médico');
    expect(text).toContain('Corte en la mano');
    expect(text).not.toContain('Dolor de espalda');

    const english = await fetch(`${server.url}/api/paciente/historial.pdf`, {
      headers: { authorization: `Bearer ${patient.token}`, 'accept-language': 'en' },
    });
    const englishText = pdfText(Buffer.from(await english.arrayBuffer()));
    expect(englishText).toContain('Medical history');
    expect(englishText).toContain('Dolor de espalda');

    const stranger = await server.createUser('paciente', { nombre: 'Pau', apellido1: 'Riera' });
    const empty = await fetch(`${server.url}/api/paciente/historial.pdf`, { headers: { authorization: `Bearer ${stranger.token}` } });
    const emptyText = pdfText(Buffer.from(await empty.arrayBuffer()));
    expect(emptyText).toContain('Pau Riera');
    expect(emptyText).toContain('Sin resultados encontrados');
    expect(emptyText).not.toContain('Núria');

    const audit = await server.database.db
      .selectFrom('auditoria')
      .select('accion')
      .where('id_usuario', '=', patient.id_usuario)
      .execute();
    expect(audit.map((a) => a.accion)).toContain('historial.exportar_pdf');
  });
});

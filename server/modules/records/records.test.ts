import { describe, expect, it } from 'vitest';
import type { Historia } from '../../../contracts/records.ts';
import { expectRefused, type Endpoint } from '../../testing/access.ts';
import { bookSlot, openDay } from '../../testing/agenda.ts';
import { auditEntries } from '../../testing/audit.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

const DAY = '2026-03-10';

/** A doctor and a patient with an appointment between them (so the doctor treats the patient). */
async function treatedPatient(server: TestServer, estado: 'pendiente' | 'Confirmada' | 'Cancelada' = 'pendiente') {
  const doctor = await server.createUser('doctor');
  const patient = await server.createUser('paciente', { nombre: 'Rosa', apellido1: 'Pons' });
  await openDay(server, doctor, DAY, ['09:00']);
  const cita = await bookSlot(server, patient, doctor, DAY, '09:00', { estado, motivo: 'Mareos' });
  return { doctor, patient, cita };
}

const openRecord = (server: TestServer, doctor: TestUser, patient: TestUser) =>
  server.request<Historia>('GET', `/api/pacientes/${patient.id_paciente}/historia`, { token: doctor.token });

describe.each(DATABASES)("the doctor's record of a patient on %s", (kind) => {
  const server = useTestServer(kind);

  it('answers 401 without a token and 403 to patients and admins', async () => {
    const { patient } = await treatedPatient(server);
    const admin = await server.createUser('admin');
    const id = patient.id_paciente;
    const endpoints: Endpoint[] = [
      ['GET', `/api/pacientes/${id}/historia`],
      ['POST', `/api/pacientes/${id}/alergias`, { nombre: 'Látex' }],
      ['PUT', `/api/pacientes/${id}/vacunas/1`, { nombre: 'Gripe' }],
    ];
    await expectRefused(server, endpoints, [patient, admin]);
  });

  it('opens for a doctor with an appointment or a consultation with the patient; others must state a reason', async () => {
    const { doctor, patient } = await treatedPatient(server);
    expect((await openRecord(server, doctor, patient)).status).toBe(200);

    const stranger = await server.createUser('doctor');
    const refused = await openRecord(server, stranger, patient);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'acceso_urgente_requerido',
      detail:
        'Este paciente no tiene ninguna cita contigo en los 30 días anteriores o posteriores a hoy. Para abrir su historia, indica el motivo del acceso urgente; quedará registrado y el paciente lo verá.',
    });
    expect((await server.request('POST', `/api/pacientes/${patient.id_paciente}/alergias`, { token: stranger.token, body: { nombre: 'Látex' } })).status).toBe(403);

    // A rejected request is no relation; an assigned consultation is.
    const rejected = await treatedPatient(server, 'Cancelada');
    expect((await openRecord(server, rejected.doctor, rejected.patient)).status).toBe(403);
    await server.request('POST', '/api/consultas', {
      token: stranger.token,
      body: { pacienteId: patient.id_usuario, fecha: DAY, hora: '12:00', motivo: 'Segunda opinión' },
    });
    expect((await openRecord(server, stranger, patient)).status).toBe(200);
    // An id that names no patient does not exist.
    expect((await server.request('GET', '/api/pacientes/999999/historia', { token: doctor.token })).status).toBe(404);
  });

  it('shows the file sections, the whole history and the appointments, and audits the read', async () => {
    const { doctor, patient, cita } = await treatedPatient(server, 'Confirmada');
    const colleague = await server.createUser('doctor', { nombre: 'Joan', apellido1: 'Ferrer' });
    const db = server.database.db;
    const stamp = server.clock.now().toISOString();
    await db.insertInto('alergias').values({ id_paciente: patient.id_paciente!, nombre: 'Penicilina', fecha_diagnostico: '2010-03-02', observaciones: null, creado_por: null, creado_en: stamp }).execute();
    await db.insertInto('enfermedades').values({ id_paciente: patient.id_paciente!, nombre: 'Asma', tipo: 'Crónica', fecha_diagnostico: null, observaciones: null, activa: 1, creado_por: null, creado_en: stamp }).execute();
    await db
      .insertInto('consultas')
      .values({
        id_paciente: patient.id_paciente!, id_doctor: colleague.id_doctor!, id_cita: null, fecha: '2026-01-15', hora: '11:00:00', tipo: 'Revisión',
        motivo: 'Tos', descripcion: null, diagnostico: 'Bronquitis', recomendaciones: 'Reposo', estado: 'finalizada', creado_en: stamp, finalizada_en: stamp,
      })
      .execute();

    const record = await openRecord(server, doctor, patient);
    expect(record.status).toBe(200);
    expect(record.body.paciente).toMatchObject({ id_paciente: patient.id_paciente, nombre: 'Rosa Pons', estado: 'Activo', correo: patient.correo });
    expect(record.body.alergias).toEqual([expect.objectContaining({ nombre: 'Penicilina', fecha_diagnostico: '2010-03-02', observaciones: null })]);
    expect(record.body.enfermedades).toEqual([expect.objectContaining({ nombre: 'Asma', activa: true })]);
    expect(record.body.discapacidades).toEqual([]);
    expect(record.body.ultima_consulta).toEqual({ fecha: '2026-01-15', motivo: 'Tos', diagnostico: 'Bronquitis', recomendaciones: 'Reposo', doctor: 'Joan Ferrer' });
    expect(record.body.consultas).toEqual([expect.objectContaining({ doctor: 'Joan Ferrer', hora: '11:00', estado: 'finalizada' })]);
    expect(record.body.citas).toEqual([{ id_cita: cita.id_cita, fecha: DAY, hora: '09:00', motivo: 'Mareos', estado: 'Confirmada', asistencia: null }]);
    expect((await auditEntries(server, 'historia.leer')).at(-1)).toMatchObject({
      id_usuario: doctor.id_usuario,
      rol: 'doctor',
      id_paciente: patient.id_paciente,
    });
  });

  it('adds an entry to each section with the author, and audits each change', async () => {
    const { doctor, patient } = await treatedPatient(server);
    const base = `/api/pacientes/${patient.id_paciente}`;
    const entries: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['alergias', { nombre: 'Látex', fecha_diagnostico: '2020-05-01', observaciones: '' }, { nombre: 'Látex', observaciones: null }],
      ['enfermedades', { nombre: 'Diabetes tipo 2', tipo: 'Crónica', activa: false }, { activa: false, tipo: 'Crónica' }],
      ['discapacidades', { tipo: 'Auditiva', porcentaje: '35' }, { tipo: 'Auditiva', porcentaje: 35 }],
      ['habitos', { nombre: 'Ejercicio', frecuencia: 'Diario', duracion: '30 min' }, { frecuencia: 'Diario' }],
      ['vacunas', { nombre: 'Hepatitis B', fecha_aplicacion: '2026-02-01', dosis: '2ª' }, { dosis: '2ª', descripcion: null }],
    ];
    for (const [section, body, expected] of entries) {
      const created = await server.request('POST', `${base}/${section}`, { token: doctor.token, body });
      expect(created.status, section).toBe(201);
      expect(created.body, section).toMatchObject(expected);
      expect((await auditEntries(server, `ficha.${section}.crear`)).at(-1), section).toMatchObject({ id_paciente: patient.id_paciente, id_usuario: doctor.id_usuario });
    }
    const record = await openRecord(server, doctor, patient);
    expect(record.body.vacunas).toHaveLength(1);
    expect(record.body.discapacidades[0]).toMatchObject({ porcentaje: 35 });
    const author = await server.database.db.selectFrom('habitos').select('creado_por').where('id_paciente', '=', patient.id_paciente!).executeTakeFirstOrThrow();
    expect(author.creado_por).toBe(doctor.id_usuario);
  });

  it('validates entries with the exact messages', async () => {
    const { doctor, patient } = await treatedPatient(server);
    const base = `/api/pacientes/${patient.id_paciente}`;
    const noName = await server.request('POST', `${base}/alergias`, { token: doctor.token, body: { nombre: '' } });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ detail: 'Nombre requerido', errores: [{ campo: 'nombre' }] });
    const percent = await server.request('POST', `${base}/discapacidades`, { token: doctor.token, body: { tipo: 'Visual', porcentaje: 150 } });
    expect(percent.body).toMatchObject({ detail: 'El porcentaje debe estar entre 0 y 100.' });
    const date = await server.request('POST', `${base}/vacunas`, { token: doctor.token, body: { nombre: 'Gripe', fecha_aplicacion: '01/02/2026' } });
    expect(date.body).toMatchObject({ detail: 'La fecha no es válida (AAAA-MM-DD).' });
    expect((await server.request('POST', `${base}/cirugias`, { token: doctor.token, body: { nombre: 'x' } })).status).toBe(404);
  });

  it("corrects an entry of the patient's file, never one of another patient", async () => {
    const { doctor, patient } = await treatedPatient(server);
    const other = await treatedPatient(server);
    const base = `/api/pacientes/${patient.id_paciente}`;
    const created = await server.request<{ id_alergia: number }>('POST', `${base}/alergias`, { token: doctor.token, body: { nombre: 'Latex' } });
    const corrected = await server.request('PUT', `${base}/alergias/${created.body.id_alergia}`, {
      token: doctor.token,
      body: { nombre: 'Látex', observaciones: 'Dermatitis de contacto' },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ id_alergia: created.body.id_alergia, nombre: 'Látex', observaciones: 'Dermatitis de contacto', fecha_diagnostico: null });
    expect((await auditEntries(server, 'ficha.alergias.corregir')).at(-1)).toMatchObject({ id_paciente: patient.id_paciente, detalle: `id_alergia ${created.body.id_alergia}` });

    // The same entry through another patient's path, by that patient's doctor: not found.
    const wrongPath = await server.request('PUT', `/api/pacientes/${other.patient.id_paciente}/alergias/${created.body.id_alergia}`, {
      token: other.doctor.token,
      body: { nombre: 'Cambiado' },
    });
    expect(wrongPath.status).toBe(404);
    expect((await server.request('PUT', `${base}/alergias/999999`, { token: doctor.token, body: { nombre: 'x' } })).status).toBe(404);
    const record = await openRecord(server, doctor, patient);
    expect(record.body.alergias.map((a) => a.nombre)).toEqual(['Látex']);
  });
});

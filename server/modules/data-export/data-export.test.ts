import { describe, expect, it } from 'vitest';
import type { MisDatos } from '../../../contracts/data-export.ts';
import { auditEntries } from '../../testing/audit.ts';
import { addAppointment, addConsultation, addMedicalFile, pdfText } from '../../testing/patients.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { insertChat, insertMessages } from '../chat/chat.repository.ts';

/** A patient with something in every part of the export, written by a doctor who attends them. */
async function patientWithEverything(
  server: TestServer,
  doctor: TestUser,
  names: { nombre: string; apellido1: string },
  mark: string,
  hora = '09:30',
) {
  const patient = await server.createUser('paciente', names);
  const id_paciente = patient.id_paciente!;
  const db = server.database.db;
  const stamp = server.clock.now().toISOString();
  await addMedicalFile(server, id_paciente);
  await db
    .insertInto('alergias')
    .values({
      id_paciente,
      creado_por: doctor.id_usuario,
      creado_en: stamp,
      nombre: `Alergia ${mark}`,
      fecha_diagnostico: '2024-05-01',
      observaciones: null,
    })
    .execute();
  await addConsultation(server, {
    id_paciente,
    id_doctor: doctor.id_doctor!,
    fecha: '2026-02-10',
    motivo: `Motivo ${mark}`,
    diagnostico: `Diagnóstico ${mark}`,
    recomendaciones: `Reposo ${mark}`,
  });
  const id_cita = await addAppointment(server, {
    id_paciente,
    id_doctor: doctor.id_doctor!,
    fecha: '2026-03-10',
    hora,
    motivo: `Cita ${mark}`,
  });
  await db.updateTable('citas').set({ recordatorio: 1 }).where('id_cita', '=', id_cita).execute();
  await db
    .insertInto('notificaciones')
    .values({
      id_cita,
      destinatario: 'paciente',
      canal: 'email',
      tipo: 'recordatorio',
      datos: '{}',
      enviar_en: '2026-03-09T08:30:00.000Z',
      estado: 'pendiente',
      reservado_hasta: null,
      id_pasarela: null,
      error: null,
      creado_en: stamp,
      enviado_en: null,
      actualizado_en: stamp,
    })
    .execute();
  await db
    .insertInto('archivos')
    .values({
      id_paciente,
      nombre: `analitica-${mark}.pdf`,
      tipo: 'application/pdf',
      tamano: 2048,
      ruta: `${id_paciente}/secret-path.pdf`,
      fecha_subida: stamp,
      subido_por: doctor.id_usuario,
    })
    .execute();
  const chat = await insertChat(db, patient.id_usuario, `Conversación ${mark}`, stamp);
  await insertMessages(
    db,
    chat.id_chat,
    [
      { rol: 'user', contenido: `Pregunta ${mark} 🙂` },
      { rol: 'assistant', contenido: `Respuesta ${mark}` },
    ],
    stamp,
  );
  await writeAudit(db, {
    id_usuario: doctor.id_usuario,
    rol: 'doctor',
    id_paciente,
    accion: 'ficha.leer',
    detalle: `lectura ${mark}`,
    ip: '10.1.2.3',
    creado_en: stamp,
  });
  return patient;
}

describe.each(DATABASES)('patient data export on %s', (kind) => {
  const server = useTestServer(kind);

  it('is for the patient alone: anonymous 401, doctor and admin 403', async () => {
    const doctor = await server.createUser('doctor');
    const admin = await server.createUser('admin');
    for (const path of ['/api/paciente/mis-datos', '/api/paciente/mis-datos.pdf']) {
      expect((await server.request('GET', path)).status).toBe(401);
      const asDoctor = await server.request<{ detail: string }>('GET', path, { token: doctor.token });
      expect(asDoctor.status).toBe(403);
      expect(asDoctor.body.detail).toBeTruthy();
      expect((await server.request('GET', path, { token: admin.token })).status).toBe(403);
    }
  });

  it("downloads the patient's own data as JSON, nobody else's and no secrets", async () => {
    const doctor = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'García' });
    const ana = await patientWithEverything(server, doctor, { nombre: 'Ana', apellido1: 'López' }, 'ANA');
    const other = await patientWithEverything(server, doctor, { nombre: 'Pau', apellido1: 'Riera' }, 'PAU', '10:30');
    await server.database.db
      .insertInto('restablecimientos_contrasena')
      .values({
        id_usuario: ana.id_usuario,
        hash_token: 'HASH-OF-A-RESET-TOKEN',
        creado_en: '2026-03-01T10:00:00.000Z',
        caduca_en: '2026-03-01T11:00:00.000Z',
        usado_en: null,
      })
      .execute();

    const response = await fetch(`${server.url}/api/paciente/mis-datos`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="galeno-mis-datos-2026-03-02.json"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const raw = await response.text();
    for (const secret of ['contrasena_hash', 'version_token', 'secret-path', 'HASH-OF-A-RESET-TOKEN', 'PAU', 'Riera'])
      expect(raw).not.toContain(secret);

    const data = JSON.parse(raw) as MisDatos;
    expect(data).toMatchObject({ formato: 'galeno.mis-datos', version: 1 });
    expect(data.cuenta).toMatchObject({
      id_usuario: ana.id_usuario,
      nombre_usuario: ana.usuario,
      correo: ana.correo,
      rol: 'paciente',
      activo: true,
    });
    expect(data.cuenta.restablecimientos_contrasena).toEqual([
      { creado_en: '2026-03-01T10:00:00.000Z', caduca_en: '2026-03-01T11:00:00.000Z', usado_en: null },
    ]);
    expect(data.paciente).toMatchObject({
      id_paciente: ana.id_paciente,
      usuario: { nombre: 'Ana', apellido1: 'López' },
      estado: 'Activo',
    });
    expect(data.ficha.alergias.map((row) => row.nombre)).toEqual(['Penicilina', 'Alergia ANA']);
    expect(data.ficha.alergias[1]).toMatchObject({ registrado_por: 'Laura García', fecha_diagnostico: '2024-05-01' });
    expect(data.ficha.enfermedades.map((row) => [row.nombre, row.activa])).toEqual([
      ['Asma', true],
      ['Varicela', false],
    ]);
    expect(data.ficha.habitos[0]).toMatchObject({ nombre: 'Tabaco', frecuencia: 'Diario' });
    expect(data.ficha.vacunas[0]).toMatchObject({ nombre: 'Gripe', dosis: 'Única' });
    expect(data.ficha.discapacidades).toEqual([]);
    expect(data.consultas).toEqual([
      expect.objectContaining({
        fecha: '2026-02-10',
        doctor: 'Laura García',
        motivo: 'Motivo ANA',
        diagnostico: 'Diagnóstico ANA',
        recomendaciones: 'Reposo ANA',
      }),
    ]);
    expect(data.citas).toEqual([
      expect.objectContaining({
        fecha: '2026-03-10',
        hora: '09:30',
        motivo: 'Cita ANA',
        recordatorio: true,
        aviso: { estado: 'pendiente', enviar_en: '2026-03-09T08:30:00.000Z', enviado_en: null },
      }),
    ]);
    expect(data.archivos).toEqual([
      expect.objectContaining({ nombre: 'analitica-ANA.pdf', tipo: 'application/pdf', tamano: 2048 }),
    ]);
    expect(data.conversaciones).toHaveLength(1);
    expect(data.conversaciones[0]).toMatchObject({ nombre_chat: 'Conversación ANA' });
    expect(data.conversaciones[0]?.mensajes.map((m) => [m.rol, m.contenido])).toEqual([
      ['user', 'Pregunta ANA 🙂'],
      ['assistant', 'Respuesta ANA'],
    ]);
    // The doctor's reading is there, without the doctor's address.
    expect(data.auditoria).toEqual([
      {
        creado_en: '2026-03-02T08:00:00.000Z',
        quien: 'Laura García',
        sexo: null,
        propio: false,
        rol: 'doctor',
        accion: 'ficha.leer',
        detalle: 'lectura ANA',
        ip: null,
      },
    ]);

    const audit = await server.database.db
      .selectFrom('auditoria')
      .select(['accion', 'id_paciente', 'rol'])
      .where('id_usuario', '=', ana.id_usuario)
      .where('accion', 'like', 'datos.%')
      .execute();
    expect(audit).toEqual([{ accion: 'datos.exportar_json', id_paciente: ana.id_paciente, rol: 'paciente' }]);

    // Her own export shows in her next one, with the address she used.
    const again = await server.request<MisDatos>('GET', '/api/paciente/mis-datos', { token: ana.token });
    expect(again.body.auditoria.at(-1)).toMatchObject({
      accion: 'datos.exportar_json',
      quien: 'Ana López',
      propio: true,
      ip: '127.0.0.1',
    });
    const theirs = await server.request<MisDatos>('GET', '/api/paciente/mis-datos', { token: other.token });
    expect(theirs.body.paciente.usuario.nombre).toBe('Pau');
    expect(JSON.stringify(theirs.body)).not.toContain('ANA');
  });

  it("downloads the same data as a PDF in the patient's language", async () => {
    const doctor = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'García' });
    const ana = await patientWithEverything(server, doctor, { nombre: 'Núria', apellido1: 'Sala' }, 'NURIA');
    await patientWithEverything(server, doctor, { nombre: 'Pau', apellido1: 'Riera' }, 'PAU', '10:30');
    for (const minutes of [5, 20]) {
      const creado_en = new Date(server.clock.now().getTime() + minutes * 60_000).toISOString();
      await writeAudit(server.database.db, {
        id_usuario: doctor.id_usuario,
        rol: 'doctor',
        id_paciente: ana.id_paciente,
        accion: 'ficha.leer',
        detalle: 'lectura NURIA',
        creado_en,
      });
    }

    const response = await fetch(`${server.url}/api/paciente/mis-datos.pdf`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="galeno-mis-datos-2026-03-02.pdf"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfText(pdf);
    for (const expected of [
      'Mis datos en Galeno',
      'Núria Sala',
      'Penicilina',
      'Alergia NURIA',
      'Diagnóstico NURIA',
      'Cita NURIA',
      'analitica-NURIA.pdf',
      'Respuesta NURIA',
      'Laura García',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('PAU');
    // States in words; the emoji the standard fonts cannot draw is left out rather than garbled.
    expect(text).toContain('Estado: Finalizada');
    expect(text).toMatch(/: Pregunta NURIA ?\n/);
    // Three readings by the doctor that morning are one line of the log (09:00 to 09:20, Madrid time).
    // (The dash between the times is WinAnsi's, which the test's Latin-1 reading does not name.)
    expect(text).toContain(
      'Laura García (doctor) consultó tu ficha médica el 02/03/2026 a las 09:00 (3 veces, hasta las 09:20).',
    );
    expect(text).not.toContain('ficha.leer');

    const catalan = await fetch(`${server.url}/api/paciente/mis-datos.pdf`, {
      headers: { authorization: `Bearer ${ana.token}`, 'accept-language': 'ca' },
    });
    expect(pdfText(Buffer.from(await catalan.arrayBuffer()))).toContain('Les meves dades a Galeno');

    const audit = await auditEntries(server, 'datos.exportar_pdf', { id_usuario: ana.id_usuario });
    expect(audit).toHaveLength(2);
  });

  it('lays a long record out too (in a worker thread), whole', async () => {
    const patient = await server.createUser('paciente', { nombre: 'Marta', apellido1: 'Llarga' });
    const chat = await insertChat(
      server.database.db,
      patient.id_usuario,
      'Conversación larga',
      server.clock.now().toISOString(),
    );
    const long = 'Una respuesta larga del asistente sobre hábitos saludables. '.repeat(10);
    const messages = Array.from({ length: 300 }, (_, index) => ({
      rol: 'assistant' as const,
      contenido: `${index + 1}. ${long}`,
    }));
    await insertMessages(server.database.db, chat.id_chat, messages, server.clock.now().toISOString());

    const response = await fetch(`${server.url}/api/paciente/mis-datos.pdf`, {
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(response.status).toBe(200);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('Marta Llarga');
    expect(text).toContain('Asistente (02/03/2026 09:00): 300. Una respuesta larga');
    expect(text).toMatch(/Página \d{2} de \d{2}/);
  });

  it('draws at most ten documents a minute for one patient, with Retry-After and a clear 429; others are not held up', async () => {
    const patient = await server.createUser('paciente');
    const download = (user: TestUser, path: string) =>
      fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en' } });
    for (let i = 0; i < 10; i += 1) expect((await download(patient, '/api/paciente/mis-datos.pdf')).status).toBe(200);
    const refused = await download(patient, '/api/paciente/mis-datos.pdf');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(30);
    expect(await refused.json()).toEqual({
      code: 'demasiados_documentos',
      detail: 'You have asked for too many documents in a row. Wait a minute and try again.',
    });
    // Another kind of document (the JSON copy, the history), and another patient, are not held up.
    expect((await download(patient, '/api/paciente/mis-datos')).status).toBe(200);
    expect((await download(patient, '/api/paciente/historial.pdf')).status).toBe(200);
    expect((await download(await server.createUser('paciente'), '/api/paciente/mis-datos.pdf')).status).toBe(200);
  });
});

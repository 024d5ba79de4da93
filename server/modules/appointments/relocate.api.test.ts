import { describe, expect, it } from 'vitest';
import type { Bloque } from '../../../contracts/agenda.ts';
import type { CitaPorReubicar, Propuesta, ResultadosReubicar } from '../../../contracts/relocate.ts';
import type { AusenciaCreada, Franja } from '../../../contracts/weekly-hours.ts';
import { bookSlot } from '../../testing/agenda.ts';
import { parseMail, startSmtpServer } from '../../testing/mail.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { addVisitType } from '../../testing/visit-types.ts';

// The test clock starts on Monday 2026-03-02 (09:00 in Madrid).
const WEEK: Franja[] = [1, 2, 3, 4, 5].map((dia_semana) => ({ dia_semana, hora_inicio: '09:00', hora_fin: '11:00', duracion_min: 30 }));
const smtp = await startSmtpServer();

const dayOf = async (server: TestServer, doctor: TestUser, fecha: string) =>
  (await server.request<Bloque[]>('GET', `/api/agenda?fecha=${fecha}`, { token: doctor.token })).body;

describe.each(DATABASES)('visits to relocate on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, AGENDA_FILL_POLL_SECONDS: '0', REMINDER_POLL_SECONDS: '0' } });

  const withHours = async () => {
    const doctor = await server.createUser('doctor');
    expect((await server.request('PUT', '/api/agenda/horario', { token: doctor.token, body: { franjas: WEEK } })).status).toBe(200);
    return doctor;
  };
  const waitingList = async (user: TestUser) => {
    const response = await server.request<CitaPorReubicar[]>('GET', '/api/recepcion/por-reubicar', { token: user.token });
    expect(response.status).toBe(200);
    return response.body;
  };
  const row = (id_cita: number) =>
    server.database.db
      .selectFrom('citas')
      .select(['id_cita', 'id_doctor', 'id_agenda', 'fecha', 'hora', 'motivo', 'estado', 'secuencia', 'reubicar_causa', 'cancelada_por', 'motivo_rechazo'])
      .where('id_cita', '=', id_cita)
      .executeTakeFirstOrThrow();
  const slotState = async (id_agenda: number) =>
    (await server.database.db.selectFrom('agenda').select(['estado', 'descripcion']).where('id_agenda', '=', id_agenda).executeTakeFirstOrThrow());

  it('keeps the visits inside an absence entered by reception, and lists them at the desk with contact but no clinical data', async () => {
    const doctor = await withHours();
    const patient = await server.createUser('paciente', { correo: `reubicar.${kind}@example.com` });
    const reception = await server.createUser('recepcion');
    const visit = await bookSlot(server, patient, doctor, '2026-03-17', '10:00', { estado: 'Confirmada', motivo: 'Dolor de rodilla' });

    const noDoctor = await server.request('POST', '/api/agenda/ausencias', { token: reception.token, body: { fecha_inicio: '2026-03-17', fecha_fin: '2026-03-17', motivo: 'Congreso' } });
    expect(noDoctor.body).toMatchObject({ code: 'doctor_requerido', detail: 'Indica el doctor.' });
    const created = await server.request<AusenciaCreada>('POST', '/api/agenda/ausencias', {
      token: reception.token,
      body: { id_doctor: doctor.id_doctor, fecha_inicio: '2026-03-17', fecha_fin: '2026-03-17', motivo: 'Congreso' },
    });
    expect(created.status).toBe(201);
    expect(created.body.citas.map((cita) => cita.id_cita)).toEqual([visit.id_cita]);
    expect(await row(visit.id_cita)).toMatchObject({ estado: 'Confirmada', reubicar_causa: 'ausencia' });

    const listed = await waitingList(reception);
    expect(listed).toEqual([
      expect.objectContaining({ id_cita: visit.id_cita, fecha: '2026-03-17', hora: '10:00', estado: 'Confirmada', id_doctor: doctor.id_doctor, causa: 'ausencia', motivo_causa: 'Congreso', correo: `reubicar.${kind}@example.com` }),
    ]);
    expect(JSON.stringify(listed)).not.toContain('Dolor de rodilla');
    const read = await server.database.db.selectFrom('auditoria').select(['accion', 'detalle']).where('id_usuario', '=', reception.id_usuario).where('accion', '=', 'citas.listar').execute();
    expect(read).toEqual([{ accion: 'citas.listar', detalle: '1 por reubicar' }]);
    expect((await server.request('GET', '/api/recepcion/por-reubicar', { token: doctor.token })).status).toBe(403);
    expect((await server.request('GET', '/api/recepcion/por-reubicar', { token: patient.token })).status).toBe(403);

    // The doctor sees the absence reception entered; removing it ends the wait.
    const own = await server.request<{ id_ausencia: number }[]>('GET', '/api/agenda/ausencias', { token: doctor.token });
    expect(own.body.map((absence) => absence.id_ausencia)).toEqual([created.body.ausencia.id_ausencia]);
    expect((await server.request('DELETE', `/api/agenda/ausencias/${created.body.ausencia.id_ausencia}`, { token: reception.token })).status).toBe(204);
    expect(await waitingList(reception)).toEqual([]);
  });

  it('moves a longer visit whole: only to a time where it fits, its later slots closed at the old time and held at the new', async () => {
    const admin = await server.createUser('admin');
    const doctor = await withHours();
    const colleague = await withHours();
    const reception = await server.createUser('recepcion');
    const patient = await server.createUser('paciente');
    const type = await addVisitType(server, admin, { nombre_es: `Hora entera ${kind}`, nombre_ca: `Hora sencera ${kind}`, nombre_en: `Full hour ${kind}`, duracion_min: 60 });
    const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-04-07', hora: '09:30', motivo: 'Control', id_tipo_visita: type.id_tipo },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id_cita = booked.body.id_cita;
    const absence = await server.request('POST', '/api/agenda/ausencias', {
      token: reception.token,
      body: { id_doctor: doctor.id_doctor, fecha_inicio: '2026-04-07', fecha_fin: '2026-04-07', motivo: 'Congreso' },
    });
    expect(absence.status).toBe(201);

    // The times offered by hand are only those where the whole hour fits: not the day's last half hour.
    const offered = await server.request<{ id_agenda: number; id_doctor: number; hora: string }[]>(
      'GET',
      `/api/recepcion/por-reubicar/huecos?id_cita=${id_cita}&fecha=2026-04-08`,
      { token: reception.token },
    );
    expect(offered.status).toBe(200);
    expect(offered.body.filter((slot) => slot.id_doctor === colleague.id_doctor).map((slot) => slot.hora)).toEqual(['09:00', '09:30', '10:00']);

    const colleagueDay = await dayOf(server, colleague, '2026-04-08');
    const at = (hora: string) => colleagueDay.find((slot) => slot.hora_inicio.startsWith(hora))?.id_agenda;
    const tooLate = await server.request<ResultadosReubicar>('POST', '/api/recepcion/por-reubicar/mover', {
      token: reception.token,
      body: { citas: [{ id_cita, id_agenda: at('10:30') }] },
    });
    expect(tooLate.body.resultados).toEqual([expect.objectContaining({ id_cita, ok: false, code: 'tipo_visita_no_cabe' })]);
    expect(await row(id_cita)).toMatchObject({ fecha: '2026-04-07', hora: '09:30', reubicar_causa: 'ausencia' });
    expect(await slotState(at('10:30') as number)).toMatchObject({ estado: 'Disponible' });

    const moved = await server.request<ResultadosReubicar>('POST', '/api/recepcion/por-reubicar/mover', {
      token: reception.token,
      body: { citas: [{ id_cita, id_agenda: at('09:00') }] },
    });
    expect(moved.body.resultados).toEqual([expect.objectContaining({ id_cita, ok: true, hora: '09:00' })]);
    const states = async (who: TestUser, fecha: string) =>
      (await dayOf(server, who, fecha)).filter((slot) => slot.hora_inicio < '10:30').map((slot) => `${slot.hora_inicio.slice(0, 5)} ${slot.estado}`);
    expect(await states(colleague, '2026-04-08')).toEqual(['09:00 Reservado', '09:30 Reservado', '10:00 Disponible']);
    expect(await states(doctor, '2026-04-07')).toEqual(['09:30 Bloqueado', '10:00 Bloqueado']);
    expect(await server.database.db.selectFrom('citas_huecos').select('id_agenda').where('id_cita', '=', id_cita).execute()).toEqual([{ id_agenda: at('09:30') }]);
  });

  it('proposes the first free times of the specialty and moves the visits in bulk, each on its own', async () => {
    const doctor = await withHours();
    const colleague = await withHours();
    const admin = await server.createUser('admin');
    const reception = await server.createUser('recepcion');
    const patient = await server.createUser('paciente', { correo: `movida.${kind}@example.com` });
    const first = await bookSlot(server, patient, doctor, '2026-03-18', '09:00', { estado: 'Confirmada', motivo: 'Control', recordatorio: true });
    const second = await bookSlot(server, patient, doctor, '2026-03-18', '10:30');
    // Confirming opened the visit's consultation: it follows the visit with its type and notes.
    await server.database.db
      .insertInto('consultas')
      .values({ id_paciente: patient.id_paciente as number, id_doctor: doctor.id_doctor as number, id_cita: first.id_cita, fecha: '2026-03-18', hora: '09:00', tipo: 'Revisión', motivo: 'Control', descripcion: 'Traer análisis', diagnostico: null, recomendaciones: null, estado: 'pendiente', creado_en: '2026-03-02T08:00:00.000Z', finalizada_en: null })
      .execute();
    const closure = await server.request('POST', '/api/clinica/cierres', { token: admin.token, body: { fecha_inicio: '2026-03-18', fecha_fin: '2026-03-18', motivo: 'Obras' } });
    expect(closure.body).toMatchObject({ por_reubicar: 2 });
    expect((await waitingList(reception)).map((cita) => [cita.id_cita, cita.causa, cita.motivo_causa])).toEqual([
      [first.id_cita, 'cierre', 'Obras'],
      [second.id_cita, 'cierre', 'Obras'],
    ]);

    const proposed = await server.request<Propuesta[]>('GET', `/api/recepcion/por-reubicar/propuestas?ids=${first.id_cita},${second.id_cita}`, { token: reception.token });
    expect(proposed.status).toBe(200);
    // The first free times after each original one, across the specialty's doctors, never the same twice.
    expect(proposed.body.map((p) => [p.id_cita, p.hueco?.fecha, p.hueco?.hora])).toEqual([
      [first.id_cita, '2026-03-19', '09:00'],
      [second.id_cita, '2026-03-19', '09:00'],
    ]);
    expect(proposed.body[0]?.hueco?.id_agenda).not.toBe(proposed.body[1]?.hueco?.id_agenda);
    const day = await server.request<{ id_agenda: number; id_doctor: number; hora: string }[]>(
      'GET',
      `/api/recepcion/por-reubicar/huecos?id_cita=${first.id_cita}&fecha=2026-03-20`,
      { token: reception.token },
    );
    expect(day.body.filter((slot) => slot.id_doctor === colleague.id_doctor).map((slot) => slot.hora)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    const colleagueSlot = day.body.find((slot) => slot.id_doctor === colleague.id_doctor && slot.hora === '10:00');
    expect(colleagueSlot).toBeDefined();

    const before = await row(first.id_cita);
    const moved = await server.request<ResultadosReubicar>('POST', '/api/recepcion/por-reubicar/mover', {
      token: reception.token,
      body: {
        citas: [
          { id_cita: first.id_cita, id_agenda: colleagueSlot?.id_agenda },
          { id_cita: second.id_cita, id_agenda: proposed.body[1]?.hueco?.id_agenda },
        ],
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.resultados.map((r) => [r.id_cita, r.ok, r.fecha, r.hora])).toEqual([
      [first.id_cita, true, '2026-03-20', '10:00'],
      [second.id_cita, true, '2026-03-19', '09:00'],
    ]);
    const after = await row(first.id_cita);
    expect(after).toMatchObject({ id_doctor: colleague.id_doctor, fecha: '2026-03-20', hora: '10:00', motivo: 'Control', estado: 'Confirmada', reubicar_causa: null });
    expect(after.secuencia).toBe(before.secuencia + 1);
    expect(await slotState(before.id_agenda)).toEqual({ estado: 'Bloqueado', descripcion: 'Obras' });
    const consultation = await server.database.db.selectFrom('consultas').select(['id_doctor', 'fecha', 'hora', 'tipo', 'descripcion']).where('id_cita', '=', first.id_cita).executeTakeFirstOrThrow();
    expect(consultation).toEqual({ id_doctor: colleague.id_doctor, fecha: '2026-03-20', hora: '10:00', tipo: 'Revisión', descripcion: 'Traer análisis' });
    expect(await slotState(after.id_agenda)).toMatchObject({ estado: 'Reservado' });
    expect(await waitingList(admin)).toEqual([]);
    // Each patient hears of the new time, with the reason and the calendar entry.
    await server.app.mailer.settled();
    let mails: string[] = [];
    for (let count = 1; mails.length < 2; count += 1) {
      mails = (await smtp.waitFor(count)).filter((message) => message.to.includes(`movida.${kind}@example.com`)).map((message) => parseMail(message.raw).text);
    }
    expect(mails.every((text) => text.includes('Motivo: «Obras»')), mails[0]).toBe(true);
    expect(mails.some((text) => text.includes('10:00'))).toBe(true);
    const audit = await server.database.db.selectFrom('auditoria').select(['accion', 'id_paciente']).where('id_usuario', '=', reception.id_usuario).where('accion', '=', 'cita.reubicar').execute();
    expect(audit).toHaveLength(2);

    // Moved already, to another specialty, or to a time gone: refused per visit with a sentence.
    const third = await bookSlot(server, patient, doctor, '2026-03-23', '09:30');
    await server.database.db.updateTable('citas').set({ reubicar_causa: 'cierre', reubicar_motivo: 'Obras' }).where('id_cita', '=', third.id_cita).execute();
    const surgeon = await withHours();
    const otherSpecialty = await server.database.db.selectFrom('especialidades').select('id_especialidad').orderBy('id_especialidad', 'desc').executeTakeFirstOrThrow();
    await server.database.db.updateTable('doctores').set({ id_especialidad: otherSpecialty.id_especialidad }).where('id_doctor', '=', surgeon.id_doctor as number).execute();
    const surgeonSlot = (await dayOf(server, surgeon, '2026-03-20'))[0];
    const refused = await server.request<ResultadosReubicar>('POST', '/api/recepcion/por-reubicar/mover', {
      token: reception.token,
      body: { citas: [{ id_cita: first.id_cita, id_agenda: colleagueSlot?.id_agenda }, { id_cita: third.id_cita, id_agenda: surgeonSlot?.id_agenda }] },
    });
    expect(refused.body.resultados).toEqual([
      { id_cita: first.id_cita, ok: false, code: 'reubicar_no_pendiente', detail: 'Esta visita ya no está por reubicar: alguien la ha movido o cancelado.' },
      { id_cita: third.id_cita, ok: false, code: 'reubicar_otra_especialidad', detail: 'La nueva hora es de un doctor de otra especialidad.' },
    ]);
    expect(await row(third.id_cita)).toMatchObject({ fecha: '2026-03-23', reubicar_causa: 'cierre' });
  });

  it('cancels the chosen visits with a reason each patient reads by e-mail, keeping the closed day closed', async () => {
    const doctor = await withHours();
    const admin = await server.createUser('admin');
    const reception = await server.createUser('recepcion');
    const patient = await server.createUser('paciente', { correo: `cancelada.${kind}@example.com` });
    const visit = await bookSlot(server, patient, doctor, '2026-03-24', '09:00');
    await server.request('POST', '/api/clinica/cierres', { token: admin.token, body: { fecha_inicio: '2026-03-24', fecha_fin: '2026-03-24', motivo: 'Inspección' } });
    const noReason = await server.request('POST', '/api/recepcion/por-reubicar/cancelar', { token: reception.token, body: { ids: [visit.id_cita], motivo: '' } });
    expect(noReason.status).toBe(400);
    const answer = await server.request<ResultadosReubicar>('POST', '/api/recepcion/por-reubicar/cancelar', {
      token: reception.token,
      body: { ids: [visit.id_cita], motivo: 'La clínica cierra por inspección' },
    });
    expect(answer.body.resultados).toEqual([{ id_cita: visit.id_cita, ok: true }]);
    expect(await row(visit.id_cita)).toMatchObject({ estado: 'Cancelada', cancelada_por: 'clinica', motivo_rechazo: 'La clínica cierra por inspección', reubicar_causa: null });
    expect(await slotState(visit.id_agenda)).toEqual({ estado: 'Bloqueado', descripcion: 'Inspección' });
    await server.app.mailer.settled();
    // The patient heard that the closed day's visit would have to change, then that the clinic cancelled it.
    const mails = smtp.messages.filter((message) => message.to.includes(`cancelada.${kind}@example.com`)).map((message) => parseMail(message.raw));
    expect(mails.find((mail) => mail.subject.startsWith('Tu cita del'))?.text).toContain('Motivo: «Inspección»');
    const cancelled = mails.find((mail) => mail.subject.startsWith('Cita cancelada'));
    expect(cancelled?.text).toContain('Galeno Centro Médico ha cancelado tu cita.');
    expect(cancelled?.text).toContain('La clínica cierra por inspección');
    const again = await server.request<ResultadosReubicar>('POST', '/api/recepcion/por-reubicar/cancelar', { token: reception.token, body: { ids: [visit.id_cita], motivo: 'Otra vez' } });
    expect(again.body.resultados[0]).toMatchObject({ ok: false, code: 'reubicar_no_pendiente' });
  });

  it('lets one of a bulk move and an online booking of the same time win, and tells the other', async () => {
    const doctor = await withHours();
    const reception = await server.createUser('recepcion');
    const waitingPatient = await server.createUser('paciente');
    const online = await server.createUser('paciente');
    for (let round = 0; round < 3; round += 1) {
      const fecha = `2026-03-${String(25 + round).padStart(2, '0')}`;
      const visit = await bookSlot(server, waitingPatient, doctor, '2026-03-23', ['09:00', '09:30', '10:00'][round] as string);
      await server.database.db.updateTable('citas').set({ reubicar_causa: 'cierre', reubicar_motivo: 'Obras' }).where('id_cita', '=', visit.id_cita).execute();
      const target = (await dayOf(server, doctor, fecha)).find((slot) => slot.hora_inicio === '10:30');
      const [moved, booked] = await Promise.all([
        server.request<ResultadosReubicar>('POST', '/api/recepcion/por-reubicar/mover', { token: reception.token, body: { citas: [{ id_cita: visit.id_cita, id_agenda: target?.id_agenda }] } }),
        server.request<{ code?: string }>('POST', '/api/citas', { token: online.token, body: { id_doctor: doctor.id_doctor, fecha, hora: '10:30', motivo: 'Revisión' } }),
      ]);
      expect(moved.status).toBe(200);
      const moveWon = moved.body.resultados[0]?.ok === true;
      expect(moveWon !== (booked.status === 201)).toBe(true);
      if (moveWon) expect(booked.body.code).toBe('hueco_ocupado');
      else expect(moved.body.resultados[0]).toMatchObject({ ok: false, code: 'hueco_ocupado', detail: 'Esa hora ya está reservada por otro paciente. Elige otra.' });
      const holders = await server.database.db.selectFrom('citas').select('id_cita').where('id_agenda', '=', target?.id_agenda as number).where('estado', 'in', ['pendiente', 'Confirmada']).execute();
      expect(holders).toHaveLength(1);
      expect(await row(visit.id_cita)).toMatchObject({ reubicar_causa: moveWon ? null : 'cierre' });
    }
  });

  it('lets one of two desks moving the same visit at once win; the other is told and its time stays free', async () => {
    const doctor = await withHours();
    const reception = await server.createUser('recepcion');
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    const visit = await bookSlot(server, patient, doctor, '2026-03-30', '09:00');
    await server.database.db.updateTable('citas').set({ reubicar_causa: 'ausencia', reubicar_motivo: 'Congreso' }).where('id_cita', '=', visit.id_cita).execute();
    const [a, b] = (await dayOf(server, doctor, '2026-03-31')).slice(0, 2);
    const answers = await Promise.all(
      [
        [reception, a],
        [admin, b],
      ].map(([user, slot]) =>
        server.request<ResultadosReubicar>('POST', '/api/recepcion/por-reubicar/mover', {
          token: (user as TestUser).token,
          body: { citas: [{ id_cita: visit.id_cita, id_agenda: (slot as Bloque).id_agenda }] },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const outcomes = answers.map((answer) => answer.body.resultados[0]);
    expect(outcomes.filter((outcome) => outcome?.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome?.ok)).toMatchObject({ code: 'reubicar_no_pendiente' });
    const states = await Promise.all([a, b].map((slot) => slotState((slot as Bloque).id_agenda)));
    expect(states.map((state) => state.estado).sort()).toEqual(['Disponible', 'Reservado']);
  });
});

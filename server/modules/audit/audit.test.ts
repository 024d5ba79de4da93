import { describe, expect, it } from 'vitest';
import { ACCIONES_AUDITORIA, type AccionAuditoria } from '../../../contracts/audit.ts';
import { auditEntries } from '../../testing/audit.ts';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';
import { writeAudit } from './audit.repository.ts';

/** Never run: typechecked, so an action outside contracts/audit.ts must not compile. */
export function unknownActionsDoNotCompile(db: Parameters<typeof writeAudit>[0]) {
  return writeAudit(db, {
    id_usuario: null,
    rol: null,
    // @ts-expect-error 'cita.inventada' is not an audit action
    accion: 'cita.inventada',
    creado_en: '2026-03-02T09:00:00.000Z',
  });
}

describe.each(DATABASES)('audit log on %s', (kind) => {
  const server = useTestServer(kind);

  it('lets only admins read it, filtered and paged', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor', { nombre: 'Íñigo', apellido1: 'Peña' });
    const patient = await server.createUser('paciente', { nombre: 'Núria', apellido1: 'Soler' });
    const db = server.database.db;
    for (const [accion, creado_en] of [
      ['ficha.leer', '2026-03-01T10:00:00.000Z'],
      ['ficha.leer', '2026-03-02T10:00:00.000Z'],
      ['consulta.finalizar', '2026-03-03T10:00:00.000Z'],
    ] as const) {
      await writeAudit(db, {
        id_usuario: doctor.id_usuario,
        rol: 'doctor',
        id_paciente: patient.id_paciente,
        accion,
        ip: '10.0.0.1',
        creado_en,
      });
    }

    expect((await server.request('GET', '/api/auditoria')).status).toBe(401);
    expect((await server.request('GET', '/api/auditoria', { token: doctor.token })).status).toBe(403);
    expect((await server.request('GET', '/api/auditoria', { token: patient.token })).status).toBe(403);

    const byDoctor = await server.request<{ accion: string; usuario: string; paciente: string }[]>(
      'GET',
      '/api/auditoria?usuario=inigo&por_pagina=2',
      {
        token: admin.token,
      },
    );
    expect(byDoctor.status).toBe(200);
    expect(byDoctor.headers.get('x-total-count')).toBe('3');
    expect(byDoctor.body).toHaveLength(2);
    expect(byDoctor.body[0]).toMatchObject({
      accion: 'consulta.finalizar',
      usuario: doctor.usuario,
      paciente: 'Núria Soler',
    });

    const byPatientAndAction = await server.request<unknown[]>(
      'GET',
      '/api/auditoria?paciente=nuria&accion=ficha.leer&desde=2026-03-02&hasta=2026-03-02',
      {
        token: admin.token,
      },
    );
    expect(byPatientAndAction.body).toHaveLength(1);

    const literal = await server.request<unknown[]>('GET', `/api/auditoria?usuario=${encodeURIComponent('%')}`, {
      token: admin.token,
    });
    expect(literal.body).toHaveLength(0);

    const bad = await server.request('GET', '/api/auditoria?desde=2026-13-40', { token: admin.token });
    expect(bad.status).toBe(400);

    // Every action the log can hold, the written ones or not, for the action filter.
    const actions = await server.request<string[]>('GET', '/api/auditoria/acciones', { token: admin.token });
    expect(actions.body).toEqual([...ACCIONES_AUDITORIA]);
    expect(actions.body).toEqual(
      expect.arrayContaining(['consulta.finalizar', 'ficha.leer', 'ficha.vacunas.corregir', 'usuario.eliminar']),
    );
  });

  it("shows a patient who opened their record, and nobody else's", async () => {
    const doctor = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'Vidal' });
    const patient = await server.createUser('paciente');
    const other = await server.createUser('paciente');
    const db = server.database.db;
    await writeAudit(db, {
      id_usuario: doctor.id_usuario,
      rol: 'doctor',
      id_paciente: patient.id_paciente,
      accion: 'ficha.leer',
      creado_en: '2026-03-02T09:00:00.000Z',
    });
    await writeAudit(db, {
      id_usuario: patient.id_usuario,
      rol: 'paciente',
      id_paciente: patient.id_paciente,
      accion: 'ficha.leer',
      creado_en: '2026-03-02T09:05:00.000Z',
    });

    const mine = await server.request<{ quien: string; rol: string; accion: string }[]>(
      'GET',
      '/api/paciente/accesos',
      { token: patient.token },
    );
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      {
        creado_en: '2026-03-02T09:00:00.000Z',
        quien: 'Laura Vidal',
        sexo: null,
        rol: 'doctor',
        accion: 'ficha.leer',
        urgente: false,
        motivo: null,
      },
    ]);
    const theirs = await server.request<unknown[]>('GET', '/api/paciente/accesos', { token: other.token });
    expect(theirs.body).toEqual([]);
    expect((await server.request('GET', '/api/paciente/accesos', { token: doctor.token })).status).toBe(403);
    expect((await server.request('GET', '/api/paciente/accesos')).status).toBe(401);
  });

  it('records every one of many simultaneous reads, and an entry that cannot be written fails alone', async () => {
    const patient = await server.createUser('paciente');
    const db = server.database.db;
    const reads = await Promise.all(
      Array.from({ length: 12 }, () => server.request('GET', '/api/paciente/historial', { token: patient.token })),
    );
    expect(reads.map((r) => r.status)).toEqual(Array(12).fill(200));
    const audited = await auditEntries(server, 'historial.leer', { id_usuario: patient.id_usuario });
    expect(audited).toHaveLength(12);

    const entry = (accion: AccionAuditoria, id_paciente: number) => ({
      id_usuario: patient.id_usuario,
      rol: 'paciente',
      id_paciente,
      accion,
      creado_en: new Date().toISOString(),
    });
    const results = await Promise.allSettled([
      writeAudit(db, entry('perfil.leer', patient.id_paciente!)),
      writeAudit(db, entry('resumen.leer', 999_999_999)),
      writeAudit(db, entry('historial.exportar_pdf', patient.id_paciente!)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const written = await db
      .selectFrom('auditoria')
      .select('accion')
      .where('id_usuario', '=', patient.id_usuario)
      .where('accion', 'in', ['perfil.leer', 'resumen.leer', 'historial.exportar_pdf'])
      .orderBy('id_auditoria')
      .execute();
    expect(written.map((r) => r.accion)).toEqual(['perfil.leer', 'historial.exportar_pdf']);
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { specialtyId, uniqueColegiado } from '../../testing/admin.ts';
import { DATABASES, useTestServer, type TestServer } from '../../testing/test-server.ts';

// The unfiltered totals of the user and patient lists come from per-role counts kept by triggers
// (migration 081). Whatever changes an account, through the app or straight in the database, the
// totals must stay what counting the accounts one by one gives.

async function countedOneByOne(server: TestServer) {
  const rows = await server.database.db
    .selectFrom('usuarios')
    .select(['rol', (eb) => eb.fn.countAll<number>().as('total')])
    .where('activo', '=', 1)
    .groupBy('rol')
    .execute();
  const of = (rol: string) => Number(rows.find((row) => row.rol === rol)?.total ?? 0);
  return {
    all: of('paciente') + of('doctor') + of('admin'),
    paciente: of('paciente'),
    doctor: of('doctor'),
    admin: of('admin'),
  };
}

async function totalsShown(server: TestServer, token: string) {
  const total = async (route: string) => {
    const answer = await server.request('GET', route, { token });
    expect(answer.status, route).toBe(200);
    return Number(answer.headers.get('x-total-count'));
  };
  return {
    all: await total('/api/usuarios'),
    paciente: await total('/api/usuarios?rol=paciente'),
    doctor: await total('/api/usuarios?rol=doctor'),
    admin: await total('/api/usuarios?rol=admin'),
    patientList: await total('/api/pacientes'),
  };
}

async function expectTotalsRight(server: TestServer, token: string) {
  const truth = await countedOneByOne(server);
  expect(await totalsShown(server, token)).toEqual({ ...truth, patientList: truth.paciente });
}

describe.each(DATABASES)('list totals on %s', (kind) => {
  const server = useTestServer(kind);

  it('stay exact through registrations, role changes, closed accounts and deletions, in the app or not', async () => {
    const admin = await server.createUser('admin');
    await expectTotalsRight(server, admin.token);

    const registered = await server.request('POST', '/api/registro-paciente', {
      body: {
        usuario: `lucia_${kind}`,
        email: `lucia.${kind}@example.com`,
        contrasena: 'Recuento123!',
        nombre: 'Lucía',
        apellido_1: 'Recuento',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const patient = await server.createUser('paciente');
    const other = await server.createUser('paciente');
    await server.createUser('doctor');
    await expectTotalsRight(server, admin.token);

    const promoted = await server.request('PUT', `/api/usuarios/${patient.id_usuario}/rol`, {
      token: admin.token,
      body: { nuevo_rol: 'doctor', numero_colegiado: uniqueColegiado(), id_especialidad: await specialtyId(server) },
    });
    expect(promoted.status).toBe(200);
    await expectTotalsRight(server, admin.token);

    expect((await server.request('DELETE', `/api/usuarios/${other.id_usuario}`, { token: admin.token })).status).toBe(
      204,
    );
    await expectTotalsRight(server, admin.token);

    // Writers other than the app: a script closing an account, one reopening it, a role changed by
    // hand, a row removed outright, and an update that touches neither role nor state.
    const db = server.database.db;
    await db.updateTable('usuarios').set({ activo: 1 }).where('id_usuario', '=', other.id_usuario).execute();
    await expectTotalsRight(server, admin.token);
    await db.updateTable('usuarios').set({ rol: 'admin' }).where('id_usuario', '=', other.id_usuario).execute();
    await expectTotalsRight(server, admin.token);
    await db
      .updateTable('usuarios')
      .set({ activo: 0, rol: 'paciente' })
      .where('id_usuario', '=', other.id_usuario)
      .execute();
    await expectTotalsRight(server, admin.token);
    await db.updateTable('usuarios').set({ nombre: 'Otro nombre' }).execute();
    await expectTotalsRight(server, admin.token);
    const extra = await server.createUser('paciente');
    await sql`delete from pacientes where id_usuario = ${extra.id_usuario}`.execute(db);
    await sql`delete from usuarios where id_usuario = ${extra.id_usuario}`.execute(db);
    await expectTotalsRight(server, admin.token);
  });

  it('keep a role change and a registration that fail from touching the totals', async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    const before = await totalsShown(server, admin.token);
    const refused = await server.request('PUT', `/api/usuarios/${patient.id_usuario}/rol`, {
      token: admin.token,
      body: { nuevo_rol: 'doctor', numero_colegiado: uniqueColegiado(), id_especialidad: 99_999 },
    });
    expect(refused.status).toBe(400);
    await expect(
      server.database.db.transaction().execute(async (trx) => {
        await trx.updateTable('usuarios').set({ activo: 0 }).where('id_usuario', '=', patient.id_usuario).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await totalsShown(server, admin.token)).toEqual(before);
    await expectTotalsRight(server, admin.token);
  });
});

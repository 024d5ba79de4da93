import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/index.ts';
import { hashPassword } from './lib/passwords.ts';
import { isLoopbackHost, prepareDatabase, StartupRefused } from './startup.ts';

// The demo clinic, whose passwords the README publishes, only on loopback; on a network address the
// server refuses to start while one still opens.
const folders: string[] = [];
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles) await handle.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function freshDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-startup-'));
  folders.push(dataDir);
  const database = openDatabase({ dataDir });
  handles.push(database);
  await migrateToLatest(database);
  return { dataDir, database };
}

const configFor = (dataDir: string, env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
const accounts = async (database: DatabaseHandle) =>
  (await database.db.selectFrom('usuarios').select('nombre_usuario').execute()).map((row) => row.nombre_usuario).sort();

describe('starting on loopback or on a network address', () => {
  it('loads the demo clinic into a fresh embedded database on loopback', async () => {
    const { dataDir, database } = await freshDatabase();
    const logins = await prepareDatabase(configFor(dataDir, { HOST: '127.0.0.1' }), database);
    expect(logins.map((login) => login.usuario)).toEqual(['admin', 'recepcion', 'dra.garcia', 'dr.puig', 'ana.lopez', 'jordi.martin']);
    // Each doctor's weekly hours are the schedule their profile names (the generator keeps them open).
    const hours = await database.db
      .selectFrom('horarios_semanales as h')
      .innerJoin('doctores as d', 'd.id_doctor', 'h.id_doctor')
      .select(['d.horario', 'h.dia_semana', 'h.hora_inicio', 'h.hora_fin', 'h.duracion_min'])
      .orderBy('d.horario')
      .orderBy('h.dia_semana')
      .orderBy('h.hora_inicio')
      .execute();
    const weekdays = [1, 2, 3, 4, 5];
    expect(hours).toEqual([
      ...weekdays.map((dia_semana) => ({ horario: 'L-V 09:00-14:00', dia_semana, hora_inicio: '09:00', hora_fin: '14:00', duracion_min: 15 })),
      ...weekdays.flatMap((dia_semana) => [
        { horario: 'L-V 09:00-14:00, 16:00-19:00', dia_semana, hora_inicio: '09:00', hora_fin: '14:00', duracion_min: 30 },
        { horario: 'L-V 09:00-14:00, 16:00-19:00', dia_semana, hora_inicio: '16:00', hora_fin: '19:00', duracion_min: 30 },
      ]),
    ]);
  });

  it('does not load it on a network address: the server starts with no accounts', async () => {
    const { dataDir, database } = await freshDatabase();
    expect(await prepareDatabase(configFor(dataDir, { HOST: '0.0.0.0' }), database)).toEqual([]);
    expect(await accounts(database)).toEqual([]);
  });

  it('refuses a network address while a demo account keeps its password, then starts once they are changed', async () => {
    const { dataDir, database } = await freshDatabase();
    await prepareDatabase(configFor(dataDir, { HOST: '127.0.0.1' }), database);
    const onNetwork = configFor(dataDir, { HOST: '0.0.0.0' });
    const refusal = await prepareDatabase(onNetwork, database).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StartupRefused);
    expect((refusal as Error).message).toContain('Galeno will not start as a public server (it listens on 0.0.0.0)');
    expect((refusal as Error).message).toContain('admin, recepcion, dra.garcia, dr.puig, ana.lopez, jordi.martin');

    const changed = await hashPassword('Propia-Segura1!');
    await database.db.updateTable('usuarios').set({ contrasena_hash: changed }).where('nombre_usuario', 'in', ['admin', 'recepcion', 'dra.garcia', 'dr.puig', 'ana.lopez']).execute();
    await expect(prepareDatabase(onNetwork, database)).rejects.toThrow('jordi.martin.');
    await database.db.updateTable('usuarios').set({ contrasena_hash: changed }).where('nombre_usuario', '=', 'jordi.martin').execute();
    expect(await prepareDatabase(onNetwork, database)).toEqual([]);
  });

  it('DEMO_DATA=true loads it anywhere, and a network address still refuses its passwords', async () => {
    const { dataDir, database } = await freshDatabase();
    await expect(prepareDatabase(configFor(dataDir, { HOST: '0.0.0.0', DEMO_DATA: 'true' }), database)).rejects.toBeInstanceOf(StartupRefused);
    expect(await accounts(database)).toContain('admin');
  });

  it('DEMO_DATA=false keeps loopback empty too', async () => {
    const { dataDir, database } = await freshDatabase();
    expect(await prepareDatabase(configFor(dataDir, { HOST: '127.0.0.1', DEMO_DATA: 'false' }), database)).toEqual([]);
  });

  // The README's own set-up: nginx on the same host in front of a server on loopback.
  for (const [what, env] of [
    ['PUBLIC_URL naming the clinic', { PUBLIC_URL: 'https://citas.clinica.example' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
  ] as const) {
    it(`behind a proxy on loopback (${what}): no demo clinic in a fresh database, and a refusal while a demo password works`, async () => {
      const { dataDir, database } = await freshDatabase();
      const behindProxy = configFor(dataDir, { HOST: '127.0.0.1', ...env });
      expect(await prepareDatabase(behindProxy, database)).toEqual([]);
      expect(await accounts(database)).toEqual([]);

      // Asked for, the demo loads, and the public server still will not start with its passwords.
      const refusal = await prepareDatabase(behindProxy, database, ['--demo']).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(StartupRefused);
      expect((refusal as Error).message).toContain('admin, recepcion, dra.garcia, dr.puig, ana.lopez, jordi.martin');
      expect(await accounts(database)).toContain('admin');
    });
  }

  it('a PUBLIC_URL that points at this machine (a local test server) still gets the demo clinic', async () => {
    const { dataDir, database } = await freshDatabase();
    const logins = await prepareDatabase(configFor(dataDir, { HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:4173' }), database);
    expect(logins.map((login) => login.usuario)).toContain('admin');
  });

  it('knows loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'clinica.example', '128.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });
});

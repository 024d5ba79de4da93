import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/test-server.ts';
import { ATTACHMENTS_DIR, backupDataDir, integrityCheck, restoreDataDir } from './backup.ts';

describe('backup and restore of the embedded database', () => {
  const server = useTestServer('sqlite');

  it('copies a running database and its attachments, and restores them identically', async () => {
    for (let i = 0; i < 5; i++) await server.createUser('paciente');
    const attachments = path.join(server.config.dataDir, ATTACHMENTS_DIR, '1');
    fs.mkdirSync(attachments, { recursive: true });
    fs.writeFileSync(path.join(attachments, 'informe.pdf'), '%PDF-1.4 informe de prueba');

    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-backup-'));
    // Writes keep arriving while the backup runs: the copy is still consistent.
    const writes = Promise.all(Array.from({ length: 5 }, () => server.createUser('doctor')));
    const manifest = await backupDataDir(server.config.dataDir, path.join(work, 'copia'));
    await writes;
    expect(manifest.tablas.usuarios).toBeGreaterThanOrEqual(5);
    expect(Object.keys(manifest.adjuntos)).toEqual(['1/informe.pdf']);

    const restored = restoreDataDir(path.join(work, 'copia'), path.join(work, 'nueva'));
    expect(restored.tablas).toEqual(manifest.tablas);
    expect(restored.adjuntos).toEqual(manifest.adjuntos);
    expect(integrityCheck(path.join(work, 'nueva', 'galeno.sqlite'))).toBe('ok');

    expect(() => restoreDataDir(path.join(work, 'copia'), path.join(work, 'nueva'))).toThrow(/already has a database/);
    fs.rmSync(work, { recursive: true, force: true });
  });
});

describe('npm run backup and npm run restore with ATTACHMENTS_DIR outside DATA_DIR', () => {
  const attachmentsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-adjuntos-'));
  const server = useTestServer('sqlite', { env: { ATTACHMENTS_DIR: attachmentsDir } });

  it('backs up the configured attachments folder and restores into the configured one', async () => {
    await server.createUser('paciente');
    fs.mkdirSync(path.join(attachmentsDir, '7'), { recursive: true });
    fs.writeFileSync(path.join(attachmentsDir, '7', 'analitica.pdf'), '%PDF-1.4 analítica');
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-backup-'));
    const run = (script: string, args: string[], env: Record<string, string>) =>
      execFileSync(process.execPath, [script, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    try {
      const copy = path.join(work, 'copia');
      const said = run('scripts/backup.ts', ['--to', copy], { DATA_DIR: server.config.dataDir, ATTACHMENTS_DIR: attachmentsDir });
      expect(said).toMatch(/1 attachments/);
      expect(fs.readFileSync(path.join(copy, ATTACHMENTS_DIR, '7', 'analitica.pdf'), 'utf8')).toBe('%PDF-1.4 analítica');

      const newData = path.join(work, 'datos');
      const newAttachments = path.join(work, 'adjuntos-compartidos');
      run('scripts/restore.ts', ['--from', copy], { DATA_DIR: newData, ATTACHMENTS_DIR: newAttachments });
      expect(fs.readFileSync(path.join(newAttachments, '7', 'analitica.pdf'), 'utf8')).toBe('%PDF-1.4 analítica');
      expect(integrityCheck(path.join(newData, 'galeno.sqlite'))).toBe('ok');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
      fs.rmSync(attachmentsDir, { recursive: true, force: true });
    }
  });
});

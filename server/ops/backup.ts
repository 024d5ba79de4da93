import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_FILE_MODE } from '../lib/private-files.ts';

export const DATABASE_FILE = 'galeno.sqlite';
export const ATTACHMENTS_DIR = 'adjuntos';

export interface BackupManifest {
  creado_en: string;
  tablas: Record<string, number>;
  adjuntos: Record<string, string>;
}

function* filesUnder(dir: string, base = dir): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full, base);
    else if (entry.isFile()) yield path.relative(base, full);
  }
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The attachments folder of a data folder when ATTACHMENTS_DIR does not put it elsewhere. */
export const defaultAttachmentsDir = (dataDir: string) => path.join(dataDir, ATTACHMENTS_DIR);

export function describeDataDir(dataDir: string, attachments = defaultAttachmentsDir(dataDir)): BackupManifest {
  const database = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    const tables = database
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
      .all() as { name: string }[];
    const tablas = Object.fromEntries(
      tables.map(({ name }) => [name, Number((database.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n)]),
    );
    const adjuntos = Object.fromEntries([...filesUnder(attachments)].sort().map((file) => [file, sha256(path.join(attachments, file))]));
    return { creado_en: new Date().toISOString(), tablas, adjuntos };
  } finally {
    database.close();
  }
}

export function integrityCheck(file: string): string {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    return (database.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check;
  } finally {
    database.close();
  }
}

/**
 * An online, consistent copy of the embedded database (SQLite's backup API, safe while the server
 * runs and writes) plus the attachments (wherever ATTACHMENTS_DIR keeps them; in the backup they
 * are always `adjuntos/`), with a manifest of row counts and file hashes.
 */
export async function backupDataDir(
  dataDir: string,
  target: string,
  attachmentsDir = defaultAttachmentsDir(dataDir),
): Promise<BackupManifest> {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new Error(`No embedded database at ${source}`);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new Error(`${target} is not empty`);
  ensurePrivateDir(target);
  ensurePrivateFile(path.join(target, DATABASE_FILE));
  const database = new DatabaseSync(source);
  try {
    database.exec('pragma busy_timeout = 10000');
    await backup(database, path.join(target, DATABASE_FILE));
  } finally {
    database.close();
  }
  if (fs.existsSync(attachmentsDir)) fs.cpSync(attachmentsDir, path.join(target, ATTACHMENTS_DIR), { recursive: true });
  const manifest = describeDataDir(target);
  fs.writeFileSync(path.join(target, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: PRIVATE_FILE_MODE });
  return manifest;
}

/**
 * Restores a backup into a data folder that has no database yet (the attachments into
 * `attachmentsDir`, DATA_DIR/adjuntos unless told), then checks it against the manifest.
 */
export function restoreDataDir(backupDir: string, dataDir: string, attachmentsDir = defaultAttachmentsDir(dataDir)): BackupManifest {
  const manifestFile = path.join(backupDir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${backupDir} has no manifest.json: not a Galeno backup`);
  if (fs.existsSync(path.join(dataDir, DATABASE_FILE))) throw new Error(`${dataDir} already has a database; restore into an empty folder`);
  const expected = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  const integrity = integrityCheck(path.join(backupDir, DATABASE_FILE));
  if (integrity !== 'ok') throw new Error(`The backup's database fails its integrity check: ${integrity}`);
  ensurePrivateDir(dataDir);
  fs.copyFileSync(path.join(backupDir, DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
  fs.chmodSync(path.join(dataDir, DATABASE_FILE), PRIVATE_FILE_MODE);
  const attachments = path.join(backupDir, ATTACHMENTS_DIR);
  if (fs.existsSync(attachments)) fs.cpSync(attachments, attachmentsDir, { recursive: true });
  const restored = describeDataDir(dataDir, attachmentsDir);
  if (JSON.stringify(restored.tablas) !== JSON.stringify(expected.tablas) || JSON.stringify(restored.adjuntos) !== JSON.stringify(expected.adjuntos)) {
    throw new Error('The restored data does not match the backup manifest');
  }
  return restored;
}

// npm run backup [-- --to DIR]: an online, consistent copy of the embedded database and the
// attachments (safe while Galeno runs). PostgreSQL: use pg_dump (see README).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { backupDataDir } from '../server/ops/backup.ts';

const config = loadConfig();
if (config.databaseUrl) {
  console.error(`DATABASE_URL is set: back PostgreSQL up with pg_dump (see README), and copy ${config.attachmentsDir}.`);
  process.exit(1);
}
const { values } = parseArgs({ options: { to: { type: 'string' } } });
const target = path.resolve(values.to ?? path.join('backups', `galeno-${new Date().toISOString().replace(/[:.]/g, '-')}`));
const manifest = await backupDataDir(config.dataDir, target, config.attachmentsDir);
const rows = Object.values(manifest.tablas).reduce((sum, n) => sum + n, 0);
console.log(`Backup written to ${target}: ${rows} rows in ${Object.keys(manifest.tablas).length} tables, ${Object.keys(manifest.adjuntos).length} attachments.`);

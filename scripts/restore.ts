// npm run restore -- --from DIR [--data-dir DEST]: restores a backup into an empty data folder
// (DATA_DIR by default; the attachments into ATTACHMENTS_DIR, or DEST/adjuntos with --data-dir)
// and checks rows and attachments against the backup's manifest.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { restoreDataDir } from '../server/ops/backup.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, 'data-dir': { type: 'string' } } });
if (!values.from) {
  console.error('Usage: npm run restore -- --from BACKUP_DIR [--data-dir DEST]');
  process.exit(1);
}
const config = loadConfig();
const target = path.resolve(values['data-dir'] ?? config.dataDir);
try {
  const attachments = values['data-dir'] ? undefined : config.attachmentsDir;
  const restored = restoreDataDir(path.resolve(values.from), target, attachments);
  console.log(`Restored into ${target}: ${Object.keys(restored.tablas).length} tables, ${Object.keys(restored.adjuntos).length} attachments; integrity ok.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Applies pending migrations to the configured database (DATABASE_URL or the embedded file).
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/index.ts';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}

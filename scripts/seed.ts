// Loads the demo clinic into an empty database: `npm run seed` (PostgreSQL too, with DATABASE_URL).
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/index.ts';
import { isEmpty, seedDemoClinic } from '../server/seed/demo.ts';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database);
  if (!(await isEmpty(database.db))) {
    console.error('The database already has accounts; the demo clinic only goes into an empty one.');
    process.exitCode = 1;
  } else {
    const logins = await seedDemoClinic(database.db, new Date(), config);
    console.log('Demo clinic created. Log-ins:');
    for (const login of logins) console.log(`  ${login.rol.padEnd(9)} ${login.usuario.padEnd(14)} ${login.contrasena}`);
  }
} finally {
  await database.close();
}

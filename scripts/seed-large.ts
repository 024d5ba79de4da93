// Fills a FRESH database with a large generated clinic, for benchmarks:
//   npm run seed:large -- --patients 100000 --doctors 200 --days 365 [--data-dir DIR]
// The embedded database goes to --data-dir (default ./data-large); with DATABASE_URL, PostgreSQL
// (which must be empty). Every generated account's password is Bench1234!.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/index.ts';
import { postgresBulkWriter, sqliteBulkWriter } from '../server/db/seed/bulk-writer.ts';
import { isEmpty } from '../server/seed/demo.ts';
import { seedLargeClinic } from '../server/db/seed/large.ts';
import { localDate } from '../server/lib/clock.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { BENCH_PASSWORD } from './bench/galeno-server.ts';

const { values } = parseArgs({
  options: {
    patients: { type: 'string', default: '100000' },
    doctors: { type: 'string', default: '200' },
    days: { type: 'string', default: '365' },
    'data-dir': { type: 'string', default: './data-large' },
  },
});
const count = (name: string, value: string | undefined, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}`);
    process.exit(1);
  }
  return n;
};
const patients = count('patients', values.patients, 0);
const doctors = count('doctors', values.doctors, 1);
const days = count('days', values.days, 61);

const config = loadConfig({ ...process.env, DATA_DIR: values['data-dir'] });
const started = performance.now();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database);
if (!(await isEmpty(database.db))) {
  console.error(`The database is not empty (${config.databaseUrl ? 'DATABASE_URL' : path.resolve(config.dataDir)}); seed:large needs a fresh one.`);
  await database.close();
  process.exit(1);
}
await database.close();

const writer = config.databaseUrl
  ? postgresBulkWriter(config.databaseUrl)
  : sqliteBulkWriter(path.join(config.dataDir, 'galeno.sqlite'));
const summary = await seedLargeClinic(writer, {
  patients,
  doctors,
  days,
  today: localDate(new Date(), config.timeZone),
  passwordHash: await hashPassword(BENCH_PASSWORD),
  onProgress: (message) => console.log(`  ${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`),
});
await writer.close();
if (!config.databaseUrl) fs.writeFileSync(path.join(config.dataDir, 'SEEDED-LARGE'), JSON.stringify(summary));

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Seeded in ${seconds} s: ${JSON.stringify(summary)}`);
console.log(`Log-ins: admin, doctor1…doctor${doctors}, paciente1…paciente${patients}; password ${BENCH_PASSWORD}`);

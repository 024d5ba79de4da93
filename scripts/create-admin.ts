// Creates an administrator: npm run create-admin -- --usuario NAME --email ADDRESS
// The password comes from ADMIN_PASSWORD, or is asked for on the terminal.
import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { z } from 'zod';
import { newPasswordField, usernameField } from '../contracts/auth.ts';
import { emailField, nameText } from '../contracts/common.ts';
import { validationMessage } from '../contracts/messages/index.ts';
import { loadConfig } from '../server/config.ts';
import { uniqueViolation } from '../server/db/errors.ts';
import { migrateToLatest, openDatabase } from '../server/db/index.ts';
import { loadCommonPasswords } from '../server/lib/common-passwords.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { findTakenIdentifiers, insertUser } from '../server/modules/accounts/accounts.repository.ts';

function ask(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (text: string) => void; output: NodeJS.WriteStream };
  let asked = false;
  output._writeToOutput = (text: string) => {
    // Echo the question, hide what is typed.
    if (!asked) {
      process.stdout.write(text);
      asked = true;
    }
  };
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

const { values } = parseArgs({
  options: { usuario: { type: 'string' }, email: { type: 'string' }, nombre: { type: 'string' }, apellido: { type: 'string' } },
});
const input = z
  .object({
    usuario: usernameField,
    email: emailField,
    nombre: nameText('nombre_requerido', 100).default('Administrador'),
    apellido: nameText('apellido1_requerido', 100).default('Galeno'),
  })
  .safeParse(values);
if (!input.success) {
  for (const issue of input.error.issues) console.error(`--${issue.path.join('.')}: ${validationMessage(issue.message)}`);
  console.error('Usage: npm run create-admin -- --usuario NAME --email ADDRESS');
  process.exit(1);
}

const password = process.env.ADMIN_PASSWORD ?? (process.stdin.isTTY ? await ask('Password: ') : '');
loadCommonPasswords();
const checked = newPasswordField.safeParse(password);
if (!checked.success) {
  console.error(`Password: ${validationMessage(checked.error.issues[0]?.message ?? 'contrasena_debil')}`);
  process.exit(1);
}

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database);
  const taken = await findTakenIdentifiers(database.db, input.data.usuario, input.data.email);
  const refusal = (found: { username: boolean; email: boolean }) =>
    found.email ? 'That e-mail is already registered (as an e-mail or a username).' : 'That username is already registered (as a username or an e-mail).';
  if (taken.username || taken.email) {
    console.error(refusal(taken));
    process.exitCode = 1;
  } else {
    const contrasena_hash = await hashPassword(checked.data);
    try {
      // One transaction: the database's one namespace of usernames and e-mails (migration 051)
      // refuses an identifier another sign-up took in the meantime.
      await database.db.transaction().execute((trx) =>
        insertUser(trx, {
          nombre_usuario: input.data.usuario,
          correo: input.data.email,
          contrasena_hash,
          rol: 'admin',
          nombre: input.data.nombre,
          apellido1: input.data.apellido,
          creado_en: new Date().toISOString(),
        }),
      );
      console.log(`Administrator ${input.data.usuario} created (${database.dialect}).`);
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
      console.error(refusal(await findTakenIdentifiers(database.db, input.data.usuario, input.data.email)));
      process.exitCode = 1;
    }
  }
} finally {
  await database.close();
}

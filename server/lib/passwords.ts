import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

// OWASP lists five argon2id settings of equal strength, from 46 MiB and 1 pass to 7 MiB and 5
// passes; Galeno takes the one that holds least memory while a hash runs, so a burst of log-ins
// stays small: 7 MiB, 5 passes, 1 lane, a 16-byte salt, a 32-byte tag. Hashes made with other
// parameters still verify, and a right log-in replaces them (needsRehash).
export const CLINIC_PARAMETERS = { memory: 7_168, passes: 5, parallelism: 1, tagLength: 32 } as const;
// The test suites make thousands of accounts and log-ins, each hash tens of milliseconds of a core
// at the clinic's cost, for no protection (as Devise's stretches and Django's test hashers do). The
// same code runs; only the cost is argon2's least. A server started for real is never NODE_ENV=test.
const TEST_PARAMETERS = { memory: 64, passes: 1, parallelism: 1, tagLength: 32 } as const;
const PARAMETERS = process.env.NODE_ENV === 'test' ? TEST_PARAMETERS : CLINIC_PARAMETERS;
const SALT_BYTES = 16;

/**
 * One hash at a time. Node's argon2 runs on libuv's thread pool (four threads, shared with file
 * reads and the WAL's syncs) and each hash holds its memory while it runs. With two at once on a
 * two-core server a burst of log-ins took both cores from the event loop: every other request
 * slowed by a quarter to a third while it lasted, and the burst held twice the memory. Log-in
 * throughput is 20-65 a second this way, depending on the machine, a busy clinic's peak many times
 * over.
 */
const CONCURRENT_HASHES = 1;
let running = 0;
const waiting: (() => void)[] = [];

/** Hashes running and waiting for a slot now (metrics). */
export function passwordHashQueue(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

interface Argon2Parameters {
  memory: number;
  passes: number;
  parallelism: number;
  tagLength: number;
}

function deriveTag(password: string, salt: Buffer, parameters: Argon2Parameters): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        argon2('argon2id', { message: password, nonce: salt, ...parameters }, (error, tag) =>
          error ? reject(error) : resolve(tag),
        );
      }),
  );
}

/** PHC string encoding: standard base64 without padding, as the reference argon2 writes it. */
const toB64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** Hashes a password into a PHC string: `$argon2id$v=19$m=…,t=…,p=…$salt$tag`. */
export async function hashPassword(password: string, parameters: Argon2Parameters = PARAMETERS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await deriveTag(password, salt, parameters);
  const { memory, passes, parallelism } = parameters;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${toB64(salt)}$${toB64(tag)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;

interface StoredHash {
  parameters: Argon2Parameters;
  salt: Buffer;
  tag: Buffer;
}

function parseHash(hash: string): StoredHash | undefined {
  const match = PHC.exec(hash);
  if (!match) return undefined;
  const [, memory, passes, parallelism, salt, tag] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(tag, 'base64');
  return {
    parameters: {
      memory: Number(memory),
      passes: Number(passes),
      parallelism: Number(parallelism),
      tagLength: expected.length,
    },
    salt: Buffer.from(salt, 'base64'),
    tag: expected,
  };
}

/**
 * The hash of an account that has no password yet (a patient registered at the front desk, until
 * they accept the invitation): not a PHC string, so no password ever matches it.
 */
export const NO_PASSWORD = '!sin-contrasena';

/** Whether the account has set a password. */
export const hasPassword = (hash: string) => hash !== NO_PASSWORD;

/** A stored hash made with other parameters than new hashes get: worth replacing at the next log-in. */
export function needsRehash(hash: string): boolean {
  const stored = parseHash(hash);
  if (!stored) return false;
  return (Object.keys(PARAMETERS) as (keyof Argon2Parameters)[]).some(
    (key) => stored.parameters[key] !== PARAMETERS[key],
  );
}

/** Checks a password against a stored PHC string, with the parameters the string records. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const stored = parseHash(hash);
  if (!stored) {
    // An account without a password yet (NO_PASSWORD) takes as long to refuse as a wrong password.
    await spendVerificationTime(password);
    return false;
  }
  const { parameters, salt, tag: expected } = stored;
  try {
    const actual = await deriveTag(password, salt, parameters);
    return timingSafeEqual(actual, expected);
  } catch {
    // Parameters out of argon2's range in a stored hash: it cannot match any password.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Checks a password against a throwaway hash, so a log-in for an unknown user takes as long
 * as one for a known user and timing does not reveal which accounts exist.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('Galeno-timing-equaliser-1!');
  await verifyPassword(await dummyHash, password);
}

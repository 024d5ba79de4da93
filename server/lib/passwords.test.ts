import { describe, expect, it, vi } from 'vitest';
import { CLINIC_PARAMETERS, hashPassword, needsRehash, passwordHashQueue, verifyPassword } from './passwords.ts';

// Written by hash-wasm, which hashed every password stored before Node's own argon2 took over:
// accounts created then must still log in.
const OLD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$s15NnWWilrfqELOrWD5/bQ$t775cDszY3CfiqEvGGeWkXloZQQ4Vdu57l3GiSoC4rU';
const OTHER_PARAMETERS = '$argon2id$v=19$m=4096,t=3,p=2$c2FsLWRlLXBydWViYS0xNg$Z8DY4oR/ej1+9JyZpmABFMTltfffwjIa';

describe('passwords', () => {
  it('hashes with OWASP\'s least-memory argon2id parameters and a fresh salt, and verifies only the right password', async () => {
    const [first, second] = await Promise.all([
      hashPassword('Secreto1234!', CLINIC_PARAMETERS),
      hashPassword('Secreto1234!', CLINIC_PARAMETERS),
    ]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, 'Secreto1234!')).toBe(true);
    expect(await verifyPassword(first, 'secreto1234!')).toBe(false);
  });

  it('hashes at the clinic\'s cost in a server started for real, and at argon2\'s least only under the test suites', async () => {
    expect(await hashPassword('Secreto1234!')).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    vi.stubEnv('NODE_ENV', 'production');
    vi.resetModules();
    const asInAClinic = await import('./passwords.ts');
    const hash = await asInAClinic.hashPassword('Secreto1234!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(asInAClinic.needsRehash(hash)).toBe(false);
    expect(await asInAClinic.verifyPassword(hash, 'Secreto1234!')).toBe(true);
  });

  it('runs one hash at a time: a burst of log-ins queues instead of taking both cores and the memory of each', async () => {
    const burst = [hashPassword('Uno-1234!'), verifyPassword(OLD_HASH, 'Secreto1234!'), hashPassword('Tres-1234!')];
    expect(passwordHashQueue()).toEqual({ running: 1, waiting: 2 });
    const [, verified] = await Promise.all(burst);
    expect(verified).toBe(true);
    expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
  });

  it('verifies hashes written before, with the parameters each one records', async () => {
    expect(await verifyPassword(OLD_HASH, 'Secreto1234!')).toBe(true);
    expect(await verifyPassword(OLD_HASH, 'Secreto1234?')).toBe(false);
    expect(await verifyPassword(OTHER_PARAMETERS, 'Contraseña-ñ€')).toBe(true);
    expect(await verifyPassword(OTHER_PARAMETERS, 'Contrasena-n€')).toBe(false);
  });

  it('asks for a new hash where a stored one has other parameters than new hashes get', async () => {
    expect(needsRehash(OLD_HASH)).toBe(true);
    expect(needsRehash(OTHER_PARAMETERS)).toBe(true);
    expect(needsRehash(await hashPassword('Secreto1234!'))).toBe(false);
    expect(needsRehash('not a hash')).toBe(false);
  });

  it('refuses, without throwing, anything that is not a usable argon2id hash', async () => {
    for (const stored of [
      '',
      '$2b$12$abcdefghijklmnopqrstuuE8oS1wW3S2bY0VbT1eHn6nYb7kK7C9e', // bcrypt
      OLD_HASH.replace('argon2id', 'argon2i'),
      OLD_HASH.replace('m=19456', 'm=1'), // below argon2's minimum memory
      OLD_HASH.replace('p=1', 'p=0'),
      OLD_HASH.slice(0, -10),
      `${OLD_HASH}x`,
    ]) {
      expect(await verifyPassword(stored, 'Secreto1234!'), stored).toBe(false);
    }
  });

  it('answers every one of a burst of checks correctly', async () => {
    const checks = Array.from({ length: 12 }, (_, i) =>
      verifyPassword(OLD_HASH, i % 3 === 0 ? 'Secreto1234!' : `wrong-${i}`),
    );
    expect(await Promise.all(checks)).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 === 0));
  });
});

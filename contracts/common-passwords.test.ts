import { dictionary } from '@zxcvbn-ts/language-common';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newPasswordField } from './auth.ts';
import { isCommonPassword, registerCommonPasswords } from './common-passwords.ts';

describe('the common-password blocklist', () => {
  // As the server does at start; the rules below read this module's list.
  beforeAll(() => registerCommonPasswords(dictionary['passwords-common']));

  it('holds at least the 10,000 most common passwords, most common first', () => {
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(list.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty']);
  });

  it('counts nothing as common until the list is registered, then tells whoever waits', async () => {
    // A copy of the module of its own: test files share modules (vitest.config.ts), and another
    // file's server may have registered the list already.
    vi.resetModules();
    const fresh = await import('./common-passwords.ts');
    expect(fresh.commonPasswordsLoaded()).toBe(false);
    expect(fresh.isCommonPassword('Password1!')).toBe(false);
    let told = 0;
    const stop = fresh.onCommonPasswordsLoaded(() => (told += 1));
    fresh.registerCommonPasswords(dictionary['passwords-common']);
    stop();
    expect(told).toBe(1);
    expect(fresh.commonPasswordsLoaded()).toBe(true);
  });

  it('refuses a common password whatever its case, and a common word with digits or symbols around it', () => {
    for (const password of [
      'Password1!',
      'PASSWORD',
      'Admin1234!',
      'Qwerty123!',
      '1234Dragon!',
      '!!Sunshine2024',
      'Iloveyou1!',
      'Welcome2024!',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of ['Girasol-Tranvia7!', 'Prueba1234!', 'Olvidada99!', 'Pass word1!', 'S3gura!pass']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('the new-password rule keeps the character rules and adds the blocklist and a 128-character ceiling', () => {
    const issues = (password: string) =>
      newPasswordField.safeParse(password).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues('Password1!')).toEqual(['contrasena_comun']);
    expect(issues('password')).toEqual(['contrasena_debil', 'contrasena_comun']);
    expect(issues('Girasol-Tranvia7!')).toEqual([]);
    expect(issues(`Aa1!${'x'.repeat(124)}`)).toEqual([]);
    expect(issues(`Aa1!${'x'.repeat(125)}`)).toContain('contrasena_larga');
  });
});

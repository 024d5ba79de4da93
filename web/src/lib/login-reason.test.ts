import { describe, expect, it } from 'vitest';
import { isLoginReason, reasonOfCode } from './login-reason.ts';

describe('why /login is shown', () => {
  it('follows the code of the 401 the server answered (decision 0053)', () => {
    expect(reasonOfCode('sesion_caducada')).toBe('caducada');
    expect(reasonOfCode('token_invalido')).toBe('caducada');
    expect(reasonOfCode('sesion_cerrada')).toBe('cerrada');
    expect(reasonOfCode('sesion_cerrada_admin')).toBe('cerrada_admin');
    expect(reasonOfCode('no_autenticado')).toBe('requerida');
    expect(reasonOfCode(undefined)).toBe('requerida');
  });

  it('takes only known reasons from the address state', () => {
    expect(isLoginReason('requerida')).toBe(true);
    expect(isLoginReason('<script>')).toBe(false);
    expect(isLoginReason(undefined)).toBe(false);
  });
});

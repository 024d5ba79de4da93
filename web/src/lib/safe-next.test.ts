import { describe, expect, it } from 'vitest';
import { loginWithNext, safeNext } from './safe-next.ts';

const origin = 'https://clinica.example';

describe('safeNext (open-redirect guard on ?next=)', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNext('/agenda-doctor', origin)).toBe('/agenda-doctor');
    expect(safeNext('/medical-record?paciente=5#alergias', origin)).toBe('/medical-record?paciente=5#alergias');
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['another origin', 'https://evil.example/'],
    ['scheme-relative', '//evil.example/x'],
    ['backslash trick', '/\\evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative path', 'agenda-doctor'],
    ['control characters', '/\tevil'],
    ['encoded backslash survives as text only', '/%5C%5Cevil.example'],
    ['the log-in page itself', '/login?next=/x'],
  ])('refuses %s', (_label, value) => {
    const result = safeNext(value, origin);
    if (result !== undefined) expect(new URL(result, origin).origin).toBe(origin);
    if (value !== '/%5C%5Cevil.example') expect(result).toBeUndefined();
  });

  it('builds the log-in address', () => {
    expect(loginWithNext('/historial?tipo=Consulta')).toBe('/login?next=%2Fhistorial%3Ftipo%3DConsulta');
    expect(loginWithNext('/login')).toBe('/login');
  });
});

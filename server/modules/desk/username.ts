import { normalizeForSearch } from '../../../contracts/common.ts';

/** Letters and digits of a name, accent-free and lower-case, as a username allows them. */
function part(text: string | undefined): string {
  return normalizeForSearch(text ?? '')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 14);
}

/**
 * Usernames for a patient who did not choose one, in order of preference: "nombre.apellido1", then
 * with the second surname, then numbered ("nombre.apellido12", …). Each follows the sign-up rules
 * (3 to 32 characters: letters, digits, '.', '-', '_'); all start with the first one, so one
 * prefix read tells which are taken.
 */
export function usernameCandidates(nombre: string, apellido1: string, apellido2: string | undefined, count: number): string[] {
  const first = part(nombre) || 'paciente';
  const base = [first, part(apellido1)].filter(Boolean).join('.').padEnd(3, '0');
  const second = part(apellido2);
  const candidates = [base];
  if (second) candidates.push(`${base}.${second}`);
  for (let n = 2; candidates.length < count; n += 1) candidates.push(`${base}${n}`);
  return candidates.slice(0, count);
}

/**
 * The common-password blocklist: a password that is one of the most common ones, or one
 * of them with only digits and the special characters added before or after it ('Password1!',
 * 'Admin1234!'), is refused on every path that sets a password. Compared without case.
 *
 * The list itself (about 49,000 passwords from public breach corpora, lower case, most common
 * first) is the `passwords-common` dictionary of the npm package @zxcvbn-ts/language-common. It is
 * large, so this module does not import it: the server registers it at start
 * (server/lib/common-passwords.ts) and the web loads it only on the screens that set a password.
 * Until it is registered, no password counts as common; the server always has it.
 */
let commonPasswords: ReadonlySet<string> | undefined;
const listeners = new Set<() => void>();

export function registerCommonPasswords(list: Iterable<string>): void {
  commonPasswords = new Set(list);
  for (const listener of listeners) listener();
}

export const commonPasswordsLoaded = () => commonPasswords !== undefined;

/** Calls back once the list is registered (the web revalidates a form then). */
export function onCommonPasswordsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Digits and the special characters of the rules, as people add them around a word. */
const AFFIX = /^[\d!@#$%^&*]+|[\d!@#$%^&*]+$/g;

export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) return false;
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return true;
  const core = lower.replace(AFFIX, '');
  return core.length > 0 && core !== lower && commonPasswords.has(core);
}

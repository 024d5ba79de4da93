import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordsLoaded, registerCommonPasswords } from '../../contracts/common-passwords.ts';

/** Registers the common-password blocklist for every schema that checks a new password. */
export function loadCommonPasswords(): void {
  if (!commonPasswordsLoaded()) registerCommonPasswords(dictionary['passwords-common']);
}

import { useEffect, useState } from 'react';
import {
  commonPasswordsLoaded,
  onCommonPasswordsLoaded,
  registerCommonPasswords,
} from '../../../contracts/common-passwords.ts';

let loading: Promise<void> | undefined;

/** Fetches the common-password list (a chunk of its own, about 200 KB compressed) once. */
function loadCommonPasswords(): Promise<void> {
  loading ??= import('@zxcvbn-ts/language-common')
    .then(({ dictionary }) => registerCommonPasswords(dictionary['passwords-common']))
    .catch(() => {
      // Offline or a failed chunk: the server still refuses a common password, with its reason.
      loading = undefined;
    });
  return loading;
}

/**
 * Loads the blocklist on a screen that sets a password, so its form refuses a common password
 * before sending it; true once the list is there.
 */
export function useCommonPasswords(): boolean {
  const [loaded, setLoaded] = useState(commonPasswordsLoaded);
  useEffect(() => {
    if (commonPasswordsLoaded()) return;
    const stop = onCommonPasswordsLoaded(() => setLoaded(true));
    void loadCommonPasswords();
    return () => {
      stop();
    };
  }, []);
  return loaded;
}

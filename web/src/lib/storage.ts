/** The browser storage keys of the spec (section 3), in one place. */
export const STORAGE_KEYS = {
  token: 'access_token',
  userName: 'nombre_usuario',
  role: 'rol_usuario',
  theme: 'theme',
  darkMode: 'darkMode',
  language: 'language',
  searchHistory: 'historialBusqueda',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the preference simply is not kept.
  }
}

export function removeStorage(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to remove
  }
}

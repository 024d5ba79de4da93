import { Anchor, createTheme, Loader, type CSSVariablesResolver, type MantineColorSchemeManager } from '@mantine/core';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

export const theme = createTheme({
  primaryColor: 'blue',
  // Mantine's default blue shade fails WCAG AA contrast with white text; shade 8 passes.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  // A user who asked their system for less motion gets dialogs, menus and notices without it (WCAG 2.3.3).
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A spinner is a status: it may then carry its name ("Cargando…"), which a bare <span> may not
    // (axe: aria-prohibited-attr), and a screen reader announces it.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});

/** Dimmed and error text with AA contrast in both schemes (Mantine's red.6 errors fail it). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#555d65', '--mantine-color-error': '#c92a2a' },
  dark: { '--mantine-color-dimmed': '#b8bec5', '--mantine-color-error': '#ff8787' },
});

/** Keeps the scheme under the spec's keys: `theme` (oscuro/claro) and `darkMode` (true/false). */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: (defaultValue) => {
    const stored = readStorage(STORAGE_KEYS.theme);
    if (stored === 'oscuro') return 'dark';
    if (stored === 'claro') return 'light';
    const legacy = readStorage(STORAGE_KEYS.darkMode);
    if (legacy !== null) return legacy === 'true' ? 'dark' : 'light';
    return defaultValue;
  },
  set: (value) => {
    const dark = value === 'dark';
    writeStorage(STORAGE_KEYS.theme, dark ? 'oscuro' : 'claro');
    writeStorage(STORAGE_KEYS.darkMode, String(dark));
  },
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {
    removeStorage(STORAGE_KEYS.theme);
    removeStorage(STORAGE_KEYS.darkMode);
  },
};

import { useSyncExternalStore } from 'react';

// Notifications and confirm dialogs need Mantine's layers mounted; those layers (transitions,
// portals, focus traps, scroll locking) load the first time a screen asks for one, not on every page.
export type Overlay = 'notifications' | 'modals';

const wanted = new Set<Overlay>();
const listeners = new Set<() => void>();
let markModalsReady: () => void = () => {};
const modalsReady = new Promise<void>((resolve) => {
  markModalsReady = resolve;
});

export function requestOverlay(overlay: Overlay) {
  if (wanted.has(overlay)) return;
  wanted.add(overlay);
  for (const listener of listeners) listener();
}

/** Mounts the modals provider if it is not yet, and resolves once it listens for dialogs. */
export function ensureModalHost(): Promise<void> {
  requestOverlay('modals');
  return modalsReady;
}

export function modalHostReady() {
  markModalsReady();
}

export function useOverlayWanted(overlay: Overlay): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted.has(overlay),
  );
}

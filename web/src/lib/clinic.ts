import { useSyncExternalStore } from 'react';
import { CLINICA_POR_DEFECTO } from '../../../contracts/clinic-defaults.ts';
import type { Clinica } from '../../../contracts/clinic.ts';

/**
 * The clinic's identity as the server keeps it (GET /api/clinica): one small request per
 * page load, shared by the footer and every page that names the clinic. A plain store rather than
 * the query cache, so pages that never load the query library (home, terms, 404) can read it too.
 * Until the answer arrives the configured defaults stand in, without a logo.
 */
let current: Clinica | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

const FALLBACK: Clinica = { ...CLINICA_POR_DEFECTO, logo_url: null, zona_horaria: 'Europe/Madrid', actualizado_en: '' };

function load(): Promise<void> {
  loading ??= fetch('/api/clinica', { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return;
      current = (await response.json()) as Clinica;
      for (const listener of listeners) listener();
    })
    .catch(() => undefined)
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!current) void load();
  return () => listeners.delete(listener);
}

/** The clinic's name, address, phone, e-mail, hours and logo. */
export function useClinic(): Clinica {
  return useSyncExternalStore(subscribe, () => current ?? FALLBACK);
}

/** After the admin saves the 'Clínica' screen: every page shows the new identity at once. */
export function setClinic(clinica: Clinica): void {
  current = clinica;
  for (const listener of listeners) listener();
}

export { clinicAddress, phoneForReading, phoneHref } from '../../../contracts/clinic-defaults.ts';

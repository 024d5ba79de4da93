import fs from 'node:fs';

const firstPresent = (candidates: (string | undefined)[]) =>
  candidates.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate));

/** Where the system Chromium is: CHROME_PATH, or Debian's /usr/bin/chromium (the benchmarks' browser). */
export function findChromium(): string | undefined {
  return firstPresent([process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']);
}

/**
 * The browser the journeys run in: CHROME_PATH, else Debian's chromium-headless-shell, the headless
 * build Playwright itself runs headless (without the full browser's own interface, it took a third
 * less CPU for the same journeys), else the full Chromium.
 */
export function findJourneyBrowser(): string | undefined {
  return firstPresent([process.env.CHROME_PATH, '/usr/bin/chromium-headless-shell']) ?? findChromium();
}

/** Flags for a headless Chromium on a closed network, run as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

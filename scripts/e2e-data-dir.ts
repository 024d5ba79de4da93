import os from 'node:os';
import path from 'node:path';

/** The data folder of a browser-test server: its database, and the e-mail outbox the tests read. */
export function e2eDataDir(kind: string, port: string | number): string {
  return path.join(os.tmpdir(), `galeno-e2e-${kind}-${port}`);
}

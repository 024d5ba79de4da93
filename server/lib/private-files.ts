import fs from 'node:fs';

/**
 * Galeno's folders and files hold health data and secrets: only the account that runs the server
 * may read them (folders 0700, files 0600), whatever the process umask.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates a folder (and its missing parents) readable by the owner only; an existing one is left as it is. */
export function ensurePrivateDir(dir: string): void {
  if (fs.existsSync(dir)) return;
  // mkdir's mode is filtered through the umask, which only ever removes bits: 0700 stays 0700 or less.
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export async function ensurePrivateDirAsync(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Makes sure a file exists with mode 0600 before another library opens it. SQLite creates its
 * -wal and -shm files with the mode of the database file, so they follow.
 */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_RDWR, PRIVATE_FILE_MODE));
  if ((fs.statSync(file).mode & 0o777) === PRIVATE_FILE_MODE) return;
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    // A file of another account (a shared mount) keeps the mode its owner gave it.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

import { open, type FileHandle } from 'node:fs/promises';

/**
 * Group commit for SQLite in WAL mode. The connection runs with
 * `synchronous = NORMAL`, so a commit appends its frames to the WAL without waiting for the disk,
 * and the main thread is not blocked by an fsync per commit. Before an answer leaves, `durable()`
 * makes every write made so far reach the disk with one `fdatasync` of the WAL, run off the main
 * thread: answers arriving together share one sync, and none is sent before its own writes are on
 * disk, as with `synchronous = FULL`.
 */
export class WalSync {
  readonly #walFile: string;
  readonly #sync: (file: FileHandle) => Promise<void>;
  #file: Promise<FileHandle | undefined> | undefined;
  /** Writes noted so far, and how many of them a finished sync covers. */
  #written = 0;
  #synced = 0;
  #running: Promise<void> | undefined;
  #syncs = 0;

  /** `databaseFile`: the SQLite file; its WAL is the file beside it, named with `-wal`. */
  constructor(databaseFile: string, sync: (file: FileHandle) => Promise<void> = (file) => file.datasync()) {
    this.#walFile = `${databaseFile}-wal`;
    this.#sync = sync;
  }

  /** Called after each statement that may have written (a commit, or a write outside a transaction). */
  noteWrite(): void {
    this.#written += 1;
  }

  /** Whether some write is not yet known to be on disk. */
  get pending(): boolean {
    return this.#synced < this.#written;
  }

  /** How many syncs have run (tests and metrics: fewer syncs than commits is the point). */
  get syncs(): number {
    return this.#syncs;
  }

  /** Resolves once every write noted before the call is on disk. */
  async durable(): Promise<void> {
    const target = this.#written;
    while (this.#synced < target) {
      // A sync already running may have started before these writes: wait for it, then run another.
      this.#running ??= this.#syncOnce().finally(() => {
        this.#running = undefined;
      });
      await this.#running;
    }
  }

  async close(): Promise<void> {
    await this.durable();
    const file = await this.#file;
    this.#file = undefined;
    await file?.close();
  }

  async #syncOnce(): Promise<void> {
    const upTo = this.#written;
    this.#file ??= open(this.#walFile, 'r+').catch((error: NodeJS.ErrnoException) => {
      // No WAL file yet: nothing has been written through it.
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    const file = await this.#file;
    if (!file) this.#file = undefined;
    else await this.#sync(file);
    this.#syncs += 1;
    this.#synced = Math.max(this.#synced, upTo);
  }
}

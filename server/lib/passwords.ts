import os from 'node:os';
import { Worker } from 'node:worker_threads';

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };

/** A worker with nothing to do for this long exits; the next log-in starts one again (~50 ms). */
const IDLE_EXIT_MS = 30_000;

/**
 * argon2id hashing off the event loop: a small pool of worker threads, one job at a time each,
 * started on the first log-in and ended when idle (each costs 50-100 MB of memory).
 * An idle pool never keeps the process alive.
 */
class PasswordPool {
  #workers: Worker[] = [];
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #turn = 0;
  readonly #size = Math.max(1, Math.min(2, os.availableParallelism()));

  #worker(): Worker {
    if (this.#workers.length < this.#size) {
      // A small young generation: the worker's JavaScript allocates little (the hash memory is
      // WebAssembly's), and V8's default would reserve far more.
      const worker = new Worker(new URL('./password-worker.ts', import.meta.url), {
        resourceLimits: { maxYoungGenerationSizeMb: 4 },
      });
      worker.unref();
      worker.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
        const pending = this.#pending.get(message.id);
        if (!pending) return;
        this.#pending.delete(message.id);
        this.#refWhileBusy();
        this.#scheduleIdleExit();
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve(message.result ?? false);
      });
      worker.on('error', (error: Error) => {
        for (const pending of this.#pending.values()) pending.reject(error);
        this.#pending.clear();
        this.#workers = this.#workers.filter((w) => w !== worker);
      });
      worker.on('exit', () => {
        this.#workers = this.#workers.filter((w) => w !== worker);
      });
      this.#workers.push(worker);
      return worker;
    }
    this.#turn = (this.#turn + 1) % this.#workers.length;
    return this.#workers[this.#turn] as Worker;
  }

  #idleTimer: NodeJS.Timeout | undefined;

  /** When no job is pending, the workers end after IDLE_EXIT_MS (a new job cancels that). */
  #scheduleIdleExit() {
    clearTimeout(this.#idleTimer);
    if (this.#pending.size > 0) return;
    this.#idleTimer = setTimeout(() => {
      if (this.#pending.size > 0) return;
      const idle = this.#workers;
      this.#workers = [];
      for (const worker of idle) void worker.terminate();
    }, IDLE_EXIT_MS).unref();
  }

  /** A pending job keeps the process alive (a script awaiting a hash); an idle pool does not. */
  #refWhileBusy() {
    for (const worker of this.#workers) {
      if (this.#pending.size > 0) worker.ref();
      else worker.unref();
    }
  }

  run(job: { op: 'hash' | 'verify'; password: string; hash?: string }): Promise<string | boolean> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      clearTimeout(this.#idleTimer);
      this.#worker().postMessage({ id, ...job });
      this.#refWhileBusy();
    });
  }
}

const pool = new PasswordPool();

export async function hashPassword(password: string): Promise<string> {
  return (await pool.run({ op: 'hash', password })) as string;
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith('$argon2id$')) return false;
  return (await pool.run({ op: 'verify', password, hash })) as boolean;
}

let dummyHash: Promise<string> | undefined;
/**
 * Checks a password against a throwaway hash, so a log-in for an unknown user takes as long
 * as one for a known user and timing does not reveal which accounts exist.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('Galeno-timing-equaliser-1!');
  await verifyPassword(await dummyHash, password);
}

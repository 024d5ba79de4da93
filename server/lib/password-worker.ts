import { randomBytes } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { argon2id, argon2Verify } from 'hash-wasm';

// OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane.
const PARAMETERS = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

interface Job {
  id: number;
  op: 'hash' | 'verify';
  password: string;
  hash?: string;
}

async function run(job: Job) {
  try {
    const result =
      job.op === 'hash'
        ? await argon2id({ ...PARAMETERS, password: job.password, salt: randomBytes(16), outputType: 'encoded' })
        : await argon2Verify({ password: job.password, hash: job.hash ?? '' });
    parentPort?.postMessage({ id: job.id, result });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : 'hashing failed' });
  }
}

// One hash at a time: each holds 19 MiB of WebAssembly memory, and jobs that interleaved at their
// awaits would each hold theirs at once (under a burst of log-ins, dozens).
let queue = Promise.resolve();
parentPort?.on('message', (job: Job) => {
  queue = queue.then(() => run(job));
});

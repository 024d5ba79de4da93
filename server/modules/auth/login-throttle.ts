import type { Redis } from 'ioredis';

/**
 * Per-account log-in throttling: after `maxFailures` failed attempts within the window the account
 * refuses log-ins (429) until the lock passes. In memory for one instance; in Redis when several
 * instances share the load.
 */
export interface ThrottleStore {
  /** Seconds until the account may try again, or 0. */
  lockedFor(key: string, now: number): Promise<number>;
  recordFailure(key: string, now: number): Promise<void>;
  reset(key: string): Promise<void>;
}

interface Entry {
  failures: number;
  windowStart: number;
  lockedUntil: number;
}

export class MemoryThrottleStore implements ThrottleStore {
  #entries = new Map<string, Entry>();
  readonly #maxFailures: number;
  readonly #windowMs: number;

  constructor(maxFailures: number, lockMinutes: number) {
    this.#maxFailures = maxFailures;
    this.#windowMs = lockMinutes * 60_000;
  }

  async lockedFor(key: string, now: number) {
    const entry = this.#entries.get(key);
    if (!entry || entry.lockedUntil <= now) return 0;
    return Math.ceil((entry.lockedUntil - now) / 1000);
  }

  async recordFailure(key: string, now: number) {
    let entry = this.#entries.get(key);
    if (!entry || now - entry.windowStart > this.#windowMs) {
      entry = { failures: 0, windowStart: now, lockedUntil: 0 };
      this.#entries.set(key, entry);
    }
    entry.failures += 1;
    if (entry.failures >= this.#maxFailures) entry.lockedUntil = now + this.#windowMs;
    if (this.#entries.size > 100_000) this.#forgetOld(now);
  }

  async reset(key: string) {
    this.#entries.delete(key);
  }

  #forgetOld(now: number) {
    for (const [key, entry] of this.#entries) {
      if (entry.lockedUntil <= now && now - entry.windowStart > this.#windowMs) this.#entries.delete(key);
    }
  }
}

/**
 * The same rule kept in Redis, so every instance sees the same failures. Redis keys expire by
 * themselves; Redis's own clock times them (the `now` argument is for the in-memory store).
 */
export class RedisThrottleStore implements ThrottleStore {
  readonly #redis: Redis;
  readonly #maxFailures: number;
  readonly #windowMs: number;
  readonly #prefix: string;

  constructor(redis: Redis, maxFailures: number, lockMinutes: number, prefix = 'galeno:login') {
    this.#redis = redis;
    this.#maxFailures = maxFailures;
    this.#windowMs = Math.round(lockMinutes * 60_000);
    this.#prefix = prefix;
  }

  async lockedFor(key: string) {
    const ttl = await this.#redis.pttl(`${this.#prefix}:lock:${key}`);
    return ttl > 0 ? Math.ceil(ttl / 1000) : 0;
  }

  async recordFailure(key: string) {
    const failuresKey = `${this.#prefix}:fail:${key}`;
    const [[, failures]] = (await this.#redis.multi().incr(failuresKey).pexpire(failuresKey, this.#windowMs, 'NX').exec()) as [
      [unknown, number],
    ];
    if (failures >= this.#maxFailures) await this.#redis.set(`${this.#prefix}:lock:${key}`, '1', 'PX', this.#windowMs);
  }

  async reset(key: string) {
    await this.#redis.del(`${this.#prefix}:fail:${key}`, `${this.#prefix}:lock:${key}`);
  }
}

import type { Redis } from 'ioredis';

/**
 * Counters behind log-in throttling. Failures are counted per account and per address,
 * never per typed string: a key names an address, an account, or an account seen from one address.
 * A key that reaches its limit within its window is locked for that window. In memory for one
 * instance; in Redis when several instances share the load.
 */
export interface ThrottleStore {
  /** Seconds until `key` may try again, or 0. */
  lockedFor(key: string, now: number): Promise<number>;
  /**
   * Counts one failure of `key` in a window of `windowMs` (from its first failure); at `limit`
   * failures the key is locked for `windowMs`. Answers the count so far.
   */
  recordFailure(key: string, now: number, limit: number, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** True the first time it is asked about `key` within `windowMs` (a notice sent once). */
  once(key: string, now: number, windowMs: number): Promise<boolean>;
}

interface Entry {
  failures: number;
  windowEnd: number;
  lockedUntil: number;
}

export class MemoryThrottleStore implements ThrottleStore {
  #entries = new Map<string, Entry>();

  async lockedFor(key: string, now: number) {
    const entry = this.#entries.get(key);
    if (!entry || entry.lockedUntil <= now) return 0;
    return Math.ceil((entry.lockedUntil - now) / 1000);
  }

  async recordFailure(key: string, now: number, limit: number, windowMs: number) {
    let entry = this.#entries.get(key);
    if (!entry || entry.windowEnd <= now) {
      entry = { failures: 0, windowEnd: now + windowMs, lockedUntil: entry && entry.lockedUntil > now ? entry.lockedUntil : 0 };
      this.#entries.set(key, entry);
    }
    entry.failures += 1;
    if (entry.failures >= limit) entry.lockedUntil = now + windowMs;
    if (this.#entries.size > 100_000) this.#forgetOld(now);
    return entry.failures;
  }

  async reset(key: string) {
    this.#entries.delete(key);
  }

  async once(key: string, now: number, windowMs: number) {
    const entry = this.#entries.get(`once:${key}`);
    if (entry && entry.windowEnd > now) return false;
    this.#entries.set(`once:${key}`, { failures: 0, windowEnd: now + windowMs, lockedUntil: 0 });
    return true;
  }

  #forgetOld(now: number) {
    for (const [key, entry] of this.#entries) {
      if (entry.lockedUntil <= now && entry.windowEnd <= now) this.#entries.delete(key);
    }
  }
}

/**
 * The same rule kept in Redis, so every instance sees the same failures. Redis keys expire by
 * themselves; Redis's own clock times them (the `now` argument is for the in-memory store).
 */
export class RedisThrottleStore implements ThrottleStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, prefix = 'galeno:login') {
    this.#redis = redis;
    this.#prefix = prefix;
  }

  async lockedFor(key: string) {
    const ttl = await this.#redis.pttl(`${this.#prefix}:lock:${key}`);
    return ttl > 0 ? Math.ceil(ttl / 1000) : 0;
  }

  async recordFailure(key: string, _now: number, limit: number, windowMs: number) {
    const failuresKey = `${this.#prefix}:fail:${key}`;
    const window = Math.max(1, Math.round(windowMs));
    const [[, failures]] = (await this.#redis.multi().incr(failuresKey).pexpire(failuresKey, window, 'NX').exec()) as [
      [unknown, number],
    ];
    if (failures >= limit) await this.#redis.set(`${this.#prefix}:lock:${key}`, '1', 'PX', window);
    return failures;
  }

  async reset(key: string) {
    await this.#redis.del(`${this.#prefix}:fail:${key}`, `${this.#prefix}:lock:${key}`);
  }

  async once(key: string, _now: number, windowMs: number) {
    return (await this.#redis.set(`${this.#prefix}:once:${key}`, '1', 'PX', Math.max(1, Math.round(windowMs)), 'NX')) === 'OK';
  }
}

// The open-loop side of bench:api: requests sent at a steady rate whatever the server's speed, as a
// clinic's users send them, so the latencies are those a user meets at that load (a closed loop of
// 50 connections measures the server saturated, which no clinic's day is).
//
// Not autocannon's `overallRate`: it gives each connection a budget of requests per second, sent
// back to back as soon as the second starts, so 200 req/s over 20 connections was a closed loop of
// 20 connections for the first part of each second and nothing for the rest; and it records each
// answer of L ms as L samples (its "coordinated omission" correction, with an expected interval of
// 1 ms), so one slow answer weighed as much as tens of fast ones in the p99. Here each request has
// its own due time, 1/rate apart, goes out then on a free keep-alive connection, and its latency is
// counted from that due time (a request that left late because the client lagged counts the wait).
import fs from 'node:fs';
import http from 'node:http';
import type autocannon from 'autocannon';

export interface SteadyRateResult {
  rate: number;
  sent: number;
  p50: number;
  /** The 97.5th percentile (kept beside the p99 since the desk search's target is a p95). */
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** How late the client sent its requests (p99, ms): a share of each latency that is the client's own. */
  lateP99: number;
}

/** Connections open at most: enough that a stall of a second at 200 req/s holds no request back. */
const MAX_IN_FLIGHT = 512;
/** An answer slower than this counts as an error (autocannon's default timeout). */
const TIMEOUT_MS = 10_000;

interface Outgoing {
  method: string;
  path: string;
  headers: http.OutgoingHttpHeaders;
  body?: string | Buffer | undefined;
}

/** One request as a scenario describes it (autocannon's shape: a setupRequest builds each one). */
function outgoing(request: autocannon.Request): Outgoing {
  const setup = typeof request.setupRequest === 'function' ? request.setupRequest : undefined;
  const built: autocannon.Request = setup ? setup({ ...request }, {}) : request;
  return {
    method: built.method ?? 'GET',
    path: built.path ?? '/',
    headers: { ...built.headers },
    body: built.body,
  };
}

function send(agent: http.Agent, target: URL, request: Outgoing): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoingRequest = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.path, headers: request.headers, agent, timeout: TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoingRequest.on('timeout', () => outgoingRequest.destroy(new Error('timeout')));
    outgoingRequest.on('error', reject);
    outgoingRequest.end(request.body);
  });
}

/** The value below which `fraction` of the sorted `values` lie (nearest rank). */
function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `rate` requests a second for `seconds`, each due 1/rate after the one before, cycling through
 * `options.requests`. Latencies are in whole milliseconds, each request counted once.
 */
export async function atSteadyRate(
  url: string,
  options: Partial<autocannon.Options>,
  rate: number,
  seconds: number,
): Promise<SteadyRateResult> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const requests = options.requests?.length ? options.requests : [{ method: 'GET' as const, path: target.pathname }];
  const count = Math.round(rate * seconds);
  const latencies: number[] = [];
  const lateness: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const answers: Promise<void>[] = [];
  const start = performance.now();
  try {
    for (let i = 0; i < count; i++) {
      const due = start + (i * 1000) / rate;
      const early = due - performance.now();
      if (early > 0) await sleep(early);
      const request = outgoing(requests[i % requests.length]!);
      lateness.push(performance.now() - due);
      answers.push(
        send(agent, target, request).then(
          (status) => {
            latencies.push(performance.now() - due);
            if (status < 200 || status > 299) non2xx += 1;
          },
          () => {
            errors += 1;
          },
        ),
      );
    }
    await Promise.all(answers);
  } finally {
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  lateness.sort((a, b) => a - b);
  return {
    rate,
    sent: count,
    p50: Math.round(percentile(latencies, 0.5)),
    p97_5: Math.round(percentile(latencies, 0.975)),
    p99: Math.round(percentile(latencies, 0.99)),
    errors,
    non2xx,
    lateP99: Math.round(percentile(lateness, 0.99)),
  };
}

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

export interface SoakResult extends SteadyRateResult {
  /** Resident memory every `sampleSeconds`, in MB. */
  samples: number[];
  firstMinuteMb: number;
  lastMinuteMb: number;
  /** The last minute's mean within 10 % of the second's (the first is warm-up). */
  flat: boolean;
}

/** A mix of reads at a steady rate for `seconds`, the server's memory sampled as it runs. */
export async function soak(
  url: string,
  pid: number,
  requests: autocannon.Request[],
  rate: number,
  seconds: number,
  sampleSeconds = 10,
): Promise<SoakResult> {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(residentMb(pid)), sampleSeconds * 1000);
  const mixed: autocannon.Request = {
    method: 'GET',
    setupRequest: (request, context) => {
      const setup = requests[Math.floor(Math.random() * requests.length)]!.setupRequest;
      return typeof setup === 'function' ? setup(request, context) : request;
    },
  };
  try {
    const steady = await atSteadyRate(url, { requests: [mixed] }, rate, seconds);
    // A minute's samples (less on a short soak), the first such window left out as warm-up.
    const window = Math.max(1, Math.min(Math.round(60 / sampleSeconds), Math.floor(samples.length / 3)));
    const mean = (values: number[]) => Math.round(values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length));
    const firstMinuteMb = mean(samples.slice(window, window * 2));
    const lastMinuteMb = mean(samples.slice(-window));
    return { ...steady, samples, firstMinuteMb, lastMinuteMb, flat: lastMinuteMb <= firstMinuteMb * 1.1 };
  } finally {
    clearInterval(timer);
  }
}

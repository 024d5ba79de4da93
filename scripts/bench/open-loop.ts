// The open-loop side of bench:api: requests sent at a steady rate whatever the server's speed, as a
// clinic's users send them, so the latencies are those a user meets at that load (a closed loop of
// 50 connections measures the server saturated, which no clinic's day is).
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface SteadyRateResult {
  rate: number;
  sent: number;
  p50: number;
  /** The 97.5th percentile (autocannon's nearest above the 95th): an upper bound of p95. */
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * `rate` requests a second for `seconds`. autocannon paces each connection; enough connections are
 * kept that a slow answer does not hold back the next request (a closed loop would hide the wait).
 */
export async function atSteadyRate(
  url: string,
  options: Partial<autocannon.Options>,
  rate: number,
  seconds: number,
): Promise<SteadyRateResult> {
  const connections = Math.max(10, Math.ceil(rate / 10));
  const result = await autocannon({ url, connections, duration: seconds, overallRate: rate, ...options });
  return {
    rate,
    sent: result.requests.total,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
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

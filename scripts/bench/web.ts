// npm run bench:web: Lighthouse (mobile profile, the system Chromium) on the public pages and, logged
// in, the patient's and the doctor's main screens. Each page runs --runs=N times (default 3); the
// table shows the median run by performance score, with the load average before each run, because on
// a shared 2-core machine one run says little. Writes every run to bench-results/.
//
// The CPU slowdown is calibrated, as Chrome DevTools does, to a mid-tier phone: Lighthouse's benchmark
// index of this machine (measured first, on a page with nothing to do) divided by 1,000, the index of
// such a phone, and never below 1. Lighthouse's fixed 4x assumes a fast desktop; on a slow or a busy
// machine it slows a slower CPU further, so the same build scored differently from day to day.
// --cpu-slowdown=N sets the multiplier by hand instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../browser.ts';
import { startHttp2Front } from './http2-front.ts';
import { pagesFromArguments, startBenchServer, storeSession } from './web-server.ts';

const chromePath = findChromium();
if (!chromePath) {
  console.error('bench:web needs Chromium (Debian package chromium, or CHROME_PATH).');
  process.exit(1);
}
const server = await startBenchServer();
// Through TLS and HTTP/2, as production serves it (README's nginx); --http1 loads straight from Node.
const front = process.argv.includes('--http1') ? undefined : await startHttp2Front(server.base);
const base = front?.base ?? server.base;
const pages = pagesFromArguments(process.argv);
// --reports keeps each run's full Lighthouse report (bench-results/lhr-<page>-<run>.json) for digging.
const saveReports = process.argv.includes('--reports');
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(option('runs') ?? 3);
/** The benchmark index Lighthouse gives a mid-tier phone: the machine the score should describe. */
const MID_TIER_PHONE_INDEX = 1000;
const CALIBRATION_RUNS = 3;

type Row = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  load: number;
  /** Lighthouse's measure of this machine's CPU during this run (a mid-tier phone is about 1,000). */
  benchmarkIndex: number;
  /** milliseconds, except CLS */
  metrics: { fcp: number; lcp: number; tbt: number; si: number; cls: number };
};
const median = <T>(items: T[], by: (item: T) => number) =>
  [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, ...(front ? ['--ignore-certificate-errors'] : [])],
});
// Interrupted (Ctrl-C, kill): stop the server and the browser too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    front?.stop();
    server.stop();
    chrome.kill();
    process.exit(130);
  });
}
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
/** A first visit: nothing cached (Lighthouse's own reset would also drop the session in localStorage). */
async function clearHttpCache() {
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.clearBrowserCache');
  await tab.close();
}
/** Lighthouse's benchmark index of this machine: the median of a few passes over a page with no work. */
async function measureBenchmarkIndex() {
  const indexes: number[] = [];
  for (let pass = 0; pass < CALIBRATION_RUNS; pass++) {
    const result = await lighthouse(`${base}/404`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyAudits: ['viewport'],
    });
    const index = result?.lhr.environment.benchmarkIndex;
    if (index) indexes.push(index);
  }
  if (indexes.length === 0) throw new Error('Lighthouse reported no benchmark index');
  return median(indexes, (index) => index);
}
const rows: Row[] = [];
const allRuns: Row[] = [];
let benchmarkIndex = NaN;
let cpuSlowdownMultiplier = Number(option('cpu-slowdown'));
try {
  if (!(cpuSlowdownMultiplier > 0)) {
    benchmarkIndex = Math.round(await measureBenchmarkIndex());
    cpuSlowdownMultiplier = Math.max(1, Math.round((benchmarkIndex / MID_TIER_PHONE_INDEX) * 100) / 100);
  }
  console.log(
    `CPU: benchmark index ${Number.isNaN(benchmarkIndex) ? 'not measured' : benchmarkIndex}, slowdown ${cpuSlowdownMultiplier}x (load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  for (const page of pages) {
    const pageRuns: Row[] = [];
    for (let run = 1; run <= runs; run++) {
      const load = os.loadavg()[0]!;
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const tab = await context.newPage();
      await tab.goto(`${base}/404`);
      await tab.evaluate(storeSession, page.as && (await server.login(page.as)));
      await tab.close();
      // A run Lighthouse could not finish (e.g. NO_FCP when the machine stalls) is retried, not scored 0.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        await clearHttpCache();
        result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: true,
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          throttling: { cpuSlowdownMultiplier },
        });
        const applied = result?.lhr.configSettings.throttling.cpuSlowdownMultiplier;
        if (result && applied !== cpuSlowdownMultiplier) throw new Error(`Lighthouse ran with a ${applied}x CPU slowdown`);
        const failure = result?.lhr.runtimeError;
        if (!failure || attempt === 3) break;
        console.log(`  ${page.path} run ${run}: Lighthouse failed (${failure.code}), retrying`);
      }
      if (saveReports && result) {
        fs.mkdirSync('bench-results', { recursive: true });
        fs.writeFileSync(
          path.join('bench-results', `lhr${page.path.replace(/\//g, '-')}-${run}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const categories = result?.lhr.categories ?? {};
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const audits = result?.lhr.audits ?? {};
      const metric = (id: string) =>
        Math.round((audits[id]?.numericValue ?? NaN) * (id === 'cumulative-layout-shift' ? 1000 : 1)) /
        (id === 'cumulative-layout-shift' ? 1000 : 1);
      pageRuns.push({
        path: page.path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        load,
        benchmarkIndex: Math.round(result?.lhr.environment.benchmarkIndex ?? NaN),
        metrics: {
          fcp: metric('first-contentful-paint'),
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          si: metric('speed-index'),
          cls: metric('cumulative-layout-shift'),
        },
      });
      console.log(`  ${page.path} run ${run}/${runs}: ${JSON.stringify(pageRuns.at(-1))}`);
      // What keeps a score down: the failed audits that count, and the metrics behind performance.
      for (const [key, category] of Object.entries(categories)) {
        for (const ref of category.auditRefs) {
          const audit = audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
          console.log(`      ${key}: ${ref.id} (${audit.score.toFixed(2)}) ${audit.displayValue ?? ''}`);
          if (key !== 'performance')
            console.log(
              `        ${JSON.stringify((audit.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 600)}`,
            );
        }
      }
    }
    allRuns.push(...pageRuns);
    rows.push(median(pageRuns, (r) => r.performance));
  }
} finally {
  await browser.close().catch(() => undefined);
  chrome.kill();
  front?.stop();
  server.stop();
}

console.log(`\nmedian of ${runs} run(s) per page; load = 1-min load average before the run (${os.cpus().length} CPUs)`);
console.log(
  `CPU slowdown ${cpuSlowdownMultiplier}x, from a benchmark index of ${Number.isNaN(benchmarkIndex) ? '(not measured: set by hand)' : benchmarkIndex}; CPU index = each run's own`,
);
console.log(
  'page              | performance | runs        | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | load | CPU index',
);
for (const r of rows) {
  const scores = allRuns
    .filter((run) => run.path === r.path)
    .map((run) => run.performance)
    .join('/');
  console.log(
    `${r.path.padEnd(17)} | ${String(r.performance).padStart(11)} | ${scores.padEnd(11)} | ${String(r.accessibility).padStart(13)} | ${String(r.bestPractices).padStart(14)} | ${String(r.seo).padStart(3)} | ${String(r.metrics.fcp).padStart(6)} | ${String(r.metrics.lcp).padStart(6)} | ${String(r.metrics.tbt).padStart(6)} | ${r.load.toFixed(1).padStart(4)} | ${r.benchmarkIndex}`,
  );
}
fs.mkdirSync('bench-results', { recursive: true });
const file = path.join('bench-results', `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify({ benchmarkIndex, cpuSlowdownMultiplier, runs: allRuns, medians: rows }, null, 2));
console.log(`written to ${file}`);

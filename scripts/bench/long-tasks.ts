// npm run bench:long-tasks: what the main thread does while a screen loads on a slow phone,
// as the browser itself reports it. Each page opens --runs=N times (default 5) in the system Chromium
// at 412 x 823 with the CPU slowed 4x (no network throttling), from an empty cache, and the table
// shows per page the median of: first contentful paint, largest contentful paint, the number of long
// tasks (over 50 ms) in the first --window ms (default 6000), and their time over 50 ms (what
// Lighthouse's total blocking time adds up, before its simulation). With --functions, the functions
// with the most self time during those loads (run `SOURCEMAP=1 npm run build` first to see source names).
// Steadier than Lighthouse's score on a shared machine, and it says which task to look at.
import os from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../browser.ts';
import { pagesFromArguments, startBenchServer, storeSession } from './web-server.ts';
import { selfTimeByFunction, type CpuProfile } from './cpu-profile.ts';

const chromePath = findChromium();
if (!chromePath) {
  console.error('bench:long-tasks needs Chromium (Debian package chromium, or CHROME_PATH).');
  process.exit(1);
}
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const runs = option('runs', 5);
const windowMs = option('window', 6000);
const showFunctions = process.argv.includes('--functions');

const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });

type Run = { fcp: number; lcp: number; longTasks: number; blocking: number };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Recorded in the page from its first moment: paints and long tasks, as the browser reports them. */
function observeLoad() {
  const seen = { fcp: 0, lcp: 0, tasks: [] as [number, number][] };
  (window as unknown as { benchLoad: typeof seen }).benchLoad = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

const rows: { path: string; runs: Run[] }[] = [];
const profiles: CpuProfile[] = [];
try {
  for (const page of pagesFromArguments(process.argv)) {
    const pageRuns: Run[] = [];
    for (let run = 1; run <= runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const tab = await context.newPage();
      await tab.goto(`${server.base}/404`);
      await tab.evaluate(storeSession, page.as && (await server.login(page.as)));
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await tab.addInitScript(observeLoad);
      if (showFunctions) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      await tab.goto(`${server.base}${page.path}`);
      await tab.waitForTimeout(windowMs);
      if (showFunctions) profiles.push((await cdp.send('Profiler.stop')).profile as CpuProfile);
      const seen = await tab.evaluate(
        () => (window as unknown as { benchLoad: { fcp: number; lcp: number; tasks: [number, number][] } }).benchLoad,
      );
      const tasks = seen.tasks.filter(([start]) => start < windowMs);
      pageRuns.push({
        fcp: Math.round(seen.fcp),
        lcp: Math.round(seen.lcp),
        longTasks: tasks.length,
        blocking: Math.round(tasks.reduce((sum, [, duration]) => sum + duration - 50, 0)),
      });
      await context.close();
    }
    rows.push({ path: page.path, runs: pageRuns });
    console.log(`  ${page.path}: ${pageRuns.map((r) => `${r.blocking} ms`).join(', ')}`);
  }
} finally {
  await browser.close();
  server.stop();
}

console.log(
  `\nmedian of ${runs} run(s), CPU 4x slower, first ${windowMs} ms; load ${os.loadavg()[0]!.toFixed(1)} (${os.cpus().length} CPUs)`,
);
console.log('page              | FCP ms | LCP ms | long tasks | over 50 ms (ms) | runs (over 50 ms)');
for (const { path, runs: r } of rows) {
  const cell = (value: number, width: number) => String(value).padStart(width);
  console.log(
    `${path.padEnd(17)} | ${cell(median(r.map((x) => x.fcp)), 6)} | ${cell(median(r.map((x) => x.lcp)), 6)} | ${cell(median(r.map((x) => x.longTasks)), 10)} | ${cell(median(r.map((x) => x.blocking)), 15)} | ${r.map((x) => x.blocking).join('/')}`,
  );
}
if (showFunctions) {
  console.log('\nself time, all runs (ms, CPU 4x slower):');
  for (const [name, ms] of selfTimeByFunction(profiles, 'web/dist/assets').slice(0, 30))
    console.log(`${ms.toFixed(0).padStart(7)}  ${name}`);
}

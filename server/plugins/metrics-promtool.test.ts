import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DATABASES, useTestServer } from '../testing/test-server.ts';

/**
 * Prometheus's own checker reads GET /api/metrics as a scraper would. CI installs promtool
 * (.ci/run) and requires it; on a machine without it this says SKIPPED instead of passing quietly.
 */
const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
const hasPromtool = promtool.status === 0;
if (!hasPromtool && process.env.CI === 'true') throw new Error('promtool not found: install Debian\'s prometheus package; the metrics check is required in CI.');
if (!hasPromtool) console.log('SKIPPED the promtool check of /api/metrics: promtool not found (Debian package prometheus).');

describe.each(DATABASES)('GET /api/metrics on %s, read by promtool', (kind) => {
  const server = useTestServer(kind);

  it.skipIf(!hasPromtool)('passes `promtool check metrics` with no problem', async () => {
    // Some traffic first, so the labelled series exist.
    await server.request('GET', '/api/health/ready');
    await server.request('GET', '/api/nothing');
    const scraped = await server.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(scraped.statusCode).toBe(200);
    const check = spawnSync('promtool', ['check', 'metrics'], { input: scraped.body, encoding: 'utf8' });
    expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
    expect(check.status).toBe(0);
  });
});

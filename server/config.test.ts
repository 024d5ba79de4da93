import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The message loadConfig throws for an environment, or undefined when it accepts it. */
function problemWith(environment: NodeJS.ProcessEnv): string | undefined {
  try {
    loadConfig(environment);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('configuration', () => {
  it('has a working default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      demoData: undefined,
      jwtSecret: undefined,
      tokenTtlHours: 12,
      timeZone: 'Europe/Madrid',
      logLevel: 'info',
      login: { maxFailures: 5, lockMinutes: 15, maxPerMinutePerAddress: 100 },
      trustProxy: false,
      mail: { smtpUrl: undefined, from: 'Galeno <no-reply@example.es>' },
      chat: { apiUrl: undefined, apiKey: undefined, model: undefined, shareContext: false },
      redisUrl: undefined,
    });
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/galeno-data',
      DATABASE_URL: 'postgresql://u@db:5432/galeno',
      DEMO_DATA: '1',
      JWT_SECRET: 'x'.repeat(32),
      TOKEN_TTL_HOURS: '8',
      CLINIC_TIMEZONE: 'Atlantic/Canary',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '3',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/galeno-data',
      databaseUrl: 'postgresql://u@db:5432/galeno',
      demoData: true,
      tokenTtlHours: 8,
      timeZone: 'Atlantic/Canary',
      logLevel: 'warn',
      login: { maxFailures: 3 },
      trustProxy: true,
    });
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('treats an empty variable as unset and ignores variables it does not know', () => {
    expect(loadConfig({ PORT: '', HOME: '/root', PATH: '/bin' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'mysql://u@db/galeno'],
    ['DEMO_DATA', 'yes'],
    ['JWT_SECRET', 'too-short'],
    ['TOKEN_TTL_HOURS', '24'],
    ['CLINIC_TIMEZONE', 'Europe/Nowhere'],
    ['LOG_LEVEL', 'verbose'],
    ['LOGIN_MAX_FAILURES', '0'],
    ['NODE_ENV', 'staging'],
    ['SMTP_URL', 'http://mail'],
    ['SMPP_URL', 'http://gateway'],
    ['SMPP_URL', 'smpp://gateway:2775'],
    ['SMS_SENDER', 'A sender name far too long'],
    ['PUBLIC_URL', 'not a url'],
    ['TRUST_PROXY', 'maybe'],
  ])('a bad %s (%j) stops it with a message naming the variable', (name, value) => {
    const message = problemWith({ [name]: value });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain(`${name}:`);
  });

  it('names every bad variable at once', () => {
    const message = problemWith({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(message).toContain('PORT:');
    expect(message).toContain('LOG_LEVEL:');
  });

  it('never echoes a secret value in its message', () => {
    expect(problemWith({ JWT_SECRET: 'short-secret-value' })).not.toContain('short-secret-value');
  });

  it("sets a test server's clock only, and refuses it to a clinic", () => {
    const clock = { TEST_CLOCK_START: '2026-12-04T09:00:00.000Z', TEST_CLOCK_ANCHOR: '1765000000000' };
    expect(loadConfig({ NODE_ENV: 'test', ...clock }).testClock).toEqual({
      start: new Date('2026-12-04T09:00:00.000Z'),
      anchorMs: 1765000000000,
    });
    expect(loadConfig({}).testClock).toBeUndefined();
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(problemWith({ NODE_ENV, ...clock })).toContain('TEST_CLOCK_START: sets the clock of a test server only');
      expect(problemWith({ NODE_ENV, TEST_CLOCK_ANCHOR: clock.TEST_CLOCK_ANCHOR })).toContain('TEST_CLOCK_START');
    }
    expect(problemWith({ NODE_ENV: 'test', TEST_CLOCK_START: 'tomorrow at ten' })).toContain('TEST_CLOCK_START');
  });
});

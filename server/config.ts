import path from 'node:path';
import { z } from 'zod';
import { ROLES, type Role } from '../contracts/roles.ts';

const booleanFlag = z.enum(['true', 'false', '1', '0', '']).transform((value) => value === 'true' || value === '1');

const isValidTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('es-ES', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Every environment variable Galeno reads, with its default. The README's table mirrors this. */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    ATTACHMENTS_DIR: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DEMO_DATA: booleanFlag.optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TOKEN_TTL_HOURS: z.coerce.number().min(0.05).max(12).default(12),
    // 0 turns the idle limit off (the token's lifetime still applies).
    SESSION_IDLE_MINUTES_STAFF: z.coerce
      .number()
      .min(0)
      .max(24 * 60)
      .default(30),
    SESSION_IDLE_MINUTES_PATIENT: z.coerce
      .number()
      .min(0)
      .max(24 * 60)
      .default(720),
    CLINIC_TIMEZONE: z.string().refine(isValidTimeZone, 'is not a valid IANA time zone').default('Europe/Madrid'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_LOCK_MINUTES: z.coerce.number().min(0.1).default(15),
    LOGIN_MAX_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    LOGIN_ALERT_FAILURES_PER_DAY: z.coerce.number().int().min(1).default(20),
    SIGNUPS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    CONTACT_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    DESK_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    DESK_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(60),
    MAX_ACTIVE_VISITS_PER_PATIENT: z.coerce.number().int().min(1).default(4),
    MAX_ACTIVE_VISITS_PER_SIGNUP_ADDRESS: z.coerce.number().int().min(1).default(20),
    MAX_VISITS_PER_DAY_NEW_ACCOUNTS_PER_ADDRESS: z.coerce.number().int().min(1).default(6),
    MAX_VISITS_PER_DOCTOR_DAY: z.coerce.number().int().min(1).default(1),
    TRUST_PROXY: booleanFlag.default(false),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
    PUBLIC_URL: z.string().url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Galeno <no-reply@example.es>'),
    // smpp://system_id:password@host:port of the SMS gateway; without it SMS go to DATA_DIR/outbox-sms.
    SMPP_URL: z
      .string()
      .regex(/^smpps?:\/\/[^:@/]+:[^@/]*@[^/:]+(:\d+)?\/?$/, 'must be smpp://system_id:password@host:port')
      .optional(),
    // The sender phones show: up to 11 letters or digits (GSM alphanumeric sender), or a phone number.
    SMS_SENDER: z
      .string()
      .regex(/^([A-Za-z0-9 ]{1,11}|\+?\d{3,15})$/, 'must be up to 11 letters or digits, or a phone number')
      .default('Galeno'),
    REMINDER_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(60),
    /** Grouped notices of new requests: at most one e-mail per doctor in this many minutes. */
    REQUEST_NOTICE_MINUTES: z.coerce
      .number()
      .min(0)
      .max(24 * 60)
      .default(5),
    /** Waitlist: how long an offered slot waits for a claim before it passes on. */
    WAITLIST_OFFER_MINUTES: z.coerce
      .number()
      .min(1)
      .max(24 * 60)
      .default(30),
    WAITLIST_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(60),
    /** Break the glass: how long a stated reason opens a record. */
    BREAK_GLASS_HOURS: z.coerce.number().min(0.05).max(24).default(4),
    BREAK_GLASS_VISIT_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    BREAK_GLASS_ALERT_OPENS: z.coerce.number().int().min(1).default(5),
    BREAK_GLASS_ALERT_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    AGENDA_WEEKS_AHEAD: z.coerce.number().int().min(1).max(52).default(8),
    AGENDA_FILL_POLL_SECONDS: z.coerce.number().min(0).max(86_400).default(3600),
    PUBLIC_HOLIDAY_REGION: z
      .string()
      .regex(/^([A-Z]{2}(-[A-Z0-9]{1,3})?|none)$/, 'must be a country code, country-region (ES-CT) or none')
      .default('ES-CT'),
    CHAT_API_URL: z.string().url().optional(),
    CHAT_API_KEY: z.string().optional(),
    CHAT_MODEL: z.string().optional(),
    CHAT_SHARE_CONTEXT: booleanFlag.default(false),
    CHAT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    CHAT_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    CHAT_MAX_CONVERSATIONS_PER_USER: z.coerce.number().int().min(1).default(500),
    CHAT_MAX_MESSAGES_PER_USER: z.coerce.number().int().min(2).default(10_000),
    ATTACHMENTS_MAX_MB_PER_PATIENT: z.coerce.number().min(1).max(1_000_000).default(100),
    UPLOADS_MAX_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
    // Comma-separated roles; an empty value requires it of nobody (read apart: empty values are dropped).
    MFA_REQUIRED_ROLES: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((role) => role.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(ROLES, { error: `each role must be one of ${ROLES.join(', ')}` })))
      .default(['admin']),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]+$/, 'may hold letters, digits, _ : . - only')
      .default('galeno'),
    /** Opens GET /api/metrics to a scraper off this machine that sends it as a bearer token. */
    METRICS_TOKEN: z
      .string()
      .min(32, 'must be at least 32 characters')
      .regex(/^[\x21-\x7e]+$/, 'may hold printable ASCII without spaces only')
      .optional(),
    // Test servers only: the clinic's clock shows TEST_CLOCK_START at the real instant
    // TEST_CLOCK_ANCHOR (epoch milliseconds; the server's start when unset) and runs on from there.
    TEST_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
    TEST_CLOCK_ANCHOR: z.coerce.number().int().min(0).optional(),
  })
  .refine((e) => (e.TEST_CLOCK_START === undefined && e.TEST_CLOCK_ANCHOR === undefined) || e.NODE_ENV === 'test', {
    path: ['TEST_CLOCK_START'],
    message: 'sets the clock of a test server only (NODE_ENV=test); a clinic runs on the real time',
  })
  .refine((e) => !e.CHAT_API_URL || !!e.CHAT_MODEL, {
    path: ['CHAT_MODEL'],
    message: 'is required when CHAT_API_URL is set (the model name the service serves)',
  });

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  env: Environment['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** Where attachments are kept: ATTACHMENTS_DIR, or DATA_DIR/adjuntos. */
  attachmentsDir: string;
  databaseUrl: string | undefined;
  demoData: boolean | undefined;
  jwtSecret: string | undefined;
  tokenTtlHours: number;
  /** Minutes without a request after which a session ends: doctors and admins, patients; 0 = never. */
  sessionIdleMinutes: { staff: number; patient: number };
  timeZone: string;
  logLevel: Environment['LOG_LEVEL'];
  login: {
    /** Failed log-ins of one account from one address before that address is held off it. */
    maxFailures: number;
    /** How long a hold (and the window it counts in) lasts. */
    lockMinutes: number;
    maxPerMinutePerAddress: number;
    /** Failed log-ins from one address, whatever account, before it is held off every account. */
    maxFailuresPerAddress: number;
    /** Failed log-ins of one account in a day after which its owner is told by e-mail. */
    alertFailuresPerDay: number;
  };
  /** Self-service sign-ups and contact messages one address may send in an hour. */
  signupsPerHourPerAddress: number;
  contactPerHourPerAddress: number;
  /** The front desk: searches one member may make in a minute, patients they may register in an hour. */
  desk: { searchesPerMinute: number; registrationsPerHour: number };
  /** Booking caps: a patient's active future visits, and per doctor and day. */
  booking: {
    maxActivePerPatient: number;
    maxPerDoctorDay: number;
    /** Active future visits of all the patients who signed up from one address. */
    maxActivePerSignupAddress: number;
    /** Visits booked in a day by the accounts younger than a day signed up from one address. */
    maxPerDayNewAccountsPerAddress: number;
  };
  trustProxy: boolean;
  /** How long one request (headers and body) may take to arrive before it is cut off with 408. */
  requestTimeoutMs: number;
  publicUrl: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  /** The SMS gateway (SMPP 3.4) and the sender name; no URL: SMS are written to DATA_DIR/outbox-sms. */
  sms: { smppUrl: string | undefined; sender: string };
  /** How often the reminder worker looks for due reminders; 0 turns it off (tests drive it by hand). */
  reminderPollSeconds: number;
  /** Minutes a doctor's notices of new requests are collected into one e-mail. */
  requestNoticeMinutes: number;
  /** Hours a doctor's stated emergency reason opens a record they do not treat. */
  breakGlassHours: number;
  /**
   * Break-the-glass: a doctor opens a record without break-the-glass only with a visit with the
   * patient within this many days before or after today; `alertOpens` openings within
   * `alertMinutes` by one doctor alert the administrators.
   */
  breakGlass: { visitDays: number; alertOpens: number; alertMinutes: number };
  /** Weekly hours: weeks kept open ahead, how often the generator runs (0: never), holiday region. */
  agenda: { weeksAhead: number; fillPollSeconds: number; holidayRegion: string };
  /** Waitlist: minutes an offer waits for a claim; how often each instance sweeps (0: never). */
  waitlist: { offerMinutes: number; pollSeconds: number };
  chat: {
    apiUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    shareContext: boolean;
    /** How long to wait for the service to answer, and at most between two streamed pieces. */
    timeoutMs: number;
    /** Messages a minute one user may send to the assistant. */
    maxPerMinute: number;
    /** Conversations one user may keep; a new one past it is refused until some are deleted. */
    maxConversationsPerUser: number;
    /** Messages (questions and answers) one user may keep across their conversations. */
    maxMessagesPerUser: number;
  };
  attachments: {
    /** Storage one patient's attachments may take, in bytes. */
    maxBytesPerPatient: number;
    /** Uploads one user may make in an hour. */
    maxUploadsPerHour: number;
  };
  /** Roles that must use a second factor (MFA_REQUIRED_ROLES); without one they may only enrol. */
  mfaRequiredRoles: readonly Role[];
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several clinics (or test runs) can share one Redis. */
  redisPrefix: string;
  /** The bearer token that opens /api/metrics from another machine; without it, loopback only. */
  metricsToken: string | undefined;
  /** A test server's clock: it shows `start` at the real instant `anchorMs` and runs on in real time. */
  testClock: { start: Date; anchorMs: number | undefined } | undefined;
}

export class ConfigError extends Error {}

/** Reads configuration from an environment; the only place that reads process.env. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(
      ([key, value]) => key in environmentSchema.shape && (value !== '' || key === 'MFA_REQUIRED_ROLES'),
    ),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    attachmentsDir: path.resolve(e.ATTACHMENTS_DIR ?? path.join(e.DATA_DIR, 'adjuntos')),
    databaseUrl: e.DATABASE_URL,
    demoData: e.DEMO_DATA,
    jwtSecret: e.JWT_SECRET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    sessionIdleMinutes: { staff: e.SESSION_IDLE_MINUTES_STAFF, patient: e.SESSION_IDLE_MINUTES_PATIENT },
    timeZone: e.CLINIC_TIMEZONE,
    logLevel: e.LOG_LEVEL,
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      maxPerMinutePerAddress: e.LOGIN_MAX_PER_MINUTE_PER_ADDRESS,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      alertFailuresPerDay: e.LOGIN_ALERT_FAILURES_PER_DAY,
    },
    signupsPerHourPerAddress: e.SIGNUPS_PER_HOUR_PER_ADDRESS,
    contactPerHourPerAddress: e.CONTACT_PER_HOUR_PER_ADDRESS,
    desk: { searchesPerMinute: e.DESK_SEARCHES_PER_MINUTE, registrationsPerHour: e.DESK_REGISTRATIONS_PER_HOUR },
    booking: {
      maxActivePerPatient: e.MAX_ACTIVE_VISITS_PER_PATIENT,
      maxPerDoctorDay: e.MAX_VISITS_PER_DOCTOR_DAY,
      maxActivePerSignupAddress: e.MAX_ACTIVE_VISITS_PER_SIGNUP_ADDRESS,
      maxPerDayNewAccountsPerAddress: e.MAX_VISITS_PER_DAY_NEW_ACCOUNTS_PER_ADDRESS,
    },
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
    publicUrl: e.PUBLIC_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: { smppUrl: e.SMPP_URL, sender: e.SMS_SENDER },
    reminderPollSeconds: e.REMINDER_POLL_SECONDS,
    requestNoticeMinutes: e.REQUEST_NOTICE_MINUTES,
    breakGlassHours: e.BREAK_GLASS_HOURS,
    breakGlass: { visitDays: e.BREAK_GLASS_VISIT_DAYS, alertOpens: e.BREAK_GLASS_ALERT_OPENS, alertMinutes: e.BREAK_GLASS_ALERT_MINUTES },
    agenda: { weeksAhead: e.AGENDA_WEEKS_AHEAD, fillPollSeconds: e.AGENDA_FILL_POLL_SECONDS, holidayRegion: e.PUBLIC_HOLIDAY_REGION },
    waitlist: { offerMinutes: e.WAITLIST_OFFER_MINUTES, pollSeconds: e.WAITLIST_POLL_SECONDS },
    chat: {
      apiUrl: e.CHAT_API_URL,
      apiKey: e.CHAT_API_KEY,
      model: e.CHAT_MODEL,
      shareContext: e.CHAT_SHARE_CONTEXT,
      timeoutMs: e.CHAT_TIMEOUT_MS,
      maxPerMinute: e.CHAT_MAX_PER_MINUTE,
      maxConversationsPerUser: e.CHAT_MAX_CONVERSATIONS_PER_USER,
      maxMessagesPerUser: e.CHAT_MAX_MESSAGES_PER_USER,
    },
    attachments: {
      maxBytesPerPatient: Math.round(e.ATTACHMENTS_MAX_MB_PER_PATIENT * 1024 * 1024),
      maxUploadsPerHour: e.UPLOADS_MAX_PER_HOUR,
    },
    mfaRequiredRoles: e.MFA_REQUIRED_ROLES,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    testClock: e.TEST_CLOCK_START === undefined ? undefined : { start: new Date(e.TEST_CLOCK_START), anchorMs: e.TEST_CLOCK_ANCHOR },
  };
}

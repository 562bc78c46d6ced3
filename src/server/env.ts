import { z } from 'zod'

const flag = z.enum(['0', '1', 'true', 'false'], 'must be 0, 1, true or false').transform((value) => value === '1' || value === 'true')
const positiveInt = z.coerce.number().int('must be a whole number').positive('must be positive')

/** The embedded database a first `npm start` creates; only there, outside production, are demo members seeded by default. */
const DEFAULT_DATABASE_URL = 'file:data/app.db'

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().min(1).default(DEFAULT_DATABASE_URL),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    NODE_ENV: z.string().optional(),
    /**
     * Demo members with a published password. Unset, on only for the default embedded database outside
     * production, so a real deployment never fills an empty database with them; a value set always wins.
     */
    SEED_DEMO: flag.optional(),
    /** The least severe log line written: the request lines are `info`. */
    LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
    /** The bearer token `GET /metrics` asks for; unset, the endpoint does not exist (404). */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)').optional(),
    UPLOADS_DIR: z.string().min(1).default('data/uploads'),
    CLIENT_DIR: z.string().min(1).default('dist/client'),
    PUBLIC_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url('must be a comma-separated list of origins such as https://covenant.example'))),
    TRUST_PROXY: flag.default(false),
    BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
    SESSION_IDLE_DAYS: positiveInt.default(14),
    SESSION_ABSOLUTE_DAYS: positiveInt.default(60),
    LOGIN_FAILURES_PER_ACCOUNT: positiveInt.default(10),
    LOGIN_ATTEMPTS_PER_IP: positiveInt.default(100),
    LOGIN_WINDOW_MINUTES: positiveInt.default(15),
    REGISTRATIONS_PER_IP_PER_HOUR: positiveInt.default(100),
    /** Discover pages and member profiles one member may open per minute: enough to browse, too few to scrape. */
    BROWSE_REQUESTS_PER_MINUTE: positiveInt.default(120),
    REPORTS_PER_DAY: positiveInt.default(20),
    /** Calls to procedures open to visitors (reference data, the session check) per address, per app process. */
    PUBLIC_REQUESTS_PER_MINUTE: positiveInt.default(600),
    /** Messages one member may send a minute on any plan: a person typing stays far below it. */
    MESSAGES_PER_MINUTE: positiveInt.default(30),
    /** New photos wait for a moderator's approval before other members see them. */
    PHOTO_REVIEW: flag.default(false),
    /** Redis for the realtime bus, so several app processes deliver each other's messages live. */
    REDIS_URL: z.url('must be a URL such as redis://localhost:6379').optional(),
    /**
     * App processes `npm start` runs on this machine, sharing the port (docs/decisions/028): one per
     * core uses them all. Above 1 they need REDIS_URL to deliver each other's realtime events.
     */
    APP_PROCESSES: positiveInt.max(64, 'must be at most 64').default(1),
    /** An OpenAI-compatible provider for counseling and the analysis's prose; unset means those run without a model. */
    AI_BASE_URL: z.url('must be a URL such as https://api.openai.com/v1').optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    AI_TIMEOUT_MS: positiveInt.default(20_000),
    AI_REQUESTS_PER_HOUR: positiveInt.default(20),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v23.0/dialog/oauth'),
    FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v23.0/oauth/access_token'),
    FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/me?fields=id,email,first_name,last_name'),
    /** The mail server (`smtp://user:pass@host:587`, `smtps://…`); unset, each email is written to `MAIL_DIR` and its links logged. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be a URL such as smtp://user:pass@host:587 or smtps://host:465' }).optional(),
    /** The sender of every email, a bare address or `Name <address>`. */
    MAIL_FROM: z
      .string()
      .regex(/^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'must be an address such as Covenant <hello@example.org>')
      .default('Covenant <hello@localhost>'),
    /** The base of every link in an email; the app's own `http://localhost:PORT` when unset. */
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be a URL such as https://covenant.example' }).optional(),
    /** The outbox: where emails are written as .eml files when there is no SMTP_URL. Never served over HTTP. */
    MAIL_DIR: z.string().min(1).default('data/mail'),
    /** Run the job runner (mail, maintenance) inside the app process; 0 when `npm run jobs` runs it apart. */
    JOBS_IN_PROCESS: flag.default(true),
    /**
     * Signs the unsubscribe links in emails. Every app process and `npm run jobs` must share it; unset,
     * one is generated once and kept in `APP_SECRET_FILE`.
     */
    APP_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
    APP_SECRET_FILE: z.string().min(1).default('data/app-secret'),
    /** With STRIPE_WEBHOOK_SECRET: plans are paid through Stripe Checkout. Unset, the labelled demo checkout runs. */
    STRIPE_SECRET_KEY: z.string().optional(),
    /** The signing secret of the endpoint that posts to /api/billing/webhook (`whsec_…`). */
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Where the Stripe SDK sends its requests instead of api.stripe.com (a local fake in tests). */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be a URL such as http://127.0.0.1:12111' }).optional(),
  })
  .refine((env) => env.APP_PROCESSES === 1 || env.REDIS_URL, {
    path: ['APP_PROCESSES'],
    message: 'above 1 needs REDIS_URL, so that each process delivers the others’ messages live',
  })
  .transform((env) => ({
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? (env.DATABASE_URL === DEFAULT_DATABASE_URL && env.NODE_ENV !== 'production'),
  }))

export type Config = z.infer<typeof EnvSchema>

/** Where emailed links point: `PUBLIC_URL`, or this machine on the port the app listens on. */
export function publicUrlOf(config: Config, port = config.PORT): string {
  return (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
}

/** Parses the environment; a bad value is reported by name and stops the process. */
export function parseEnv(source: Record<string, string | undefined>): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = EnvSchema.safeParse(blankAsUnset)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
  throw new Error(`Invalid configuration:\n${problems.join('\n')}`)
}

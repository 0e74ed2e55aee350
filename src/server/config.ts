/** Server settings, read once from the environment. Every default runs on a fresh machine. */
export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  sandbox: boolean;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  trustProxy: boolean;
  logLevel: string;
  serveUi: boolean;
  /** Requests per minute per IP before the general rate limit answers 429. */
  rateLimitPerMinute: number;
  /** Sandbox KYB: approve a submitted verification by itself after this many seconds (unset: a person decides in the console). */
  kybAutoApproveSeconds?: number;
  /**
   * How long a process holds a webhook attempt it claimed before another may make it again (a process
   * that died mid-attempt). Longer than the delivery timeout, so a live attempt is never doubled.
   */
  webhookLeaseSeconds: number;
  /** Webhooks may target loopback and private addresses (default: in the sandbox only). */
  webhookPrivateTargets: boolean;
  /** The key that seals secrets at rest (base64 of 32 bytes); unset: DATA_DIR/secrets.key. */
  secretsKey?: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? "./data",
    sandbox: env.SANDBOX !== "false",
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Stablebank <no-reply@stablebank.example>",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 30),
    sessionAbsoluteHours: Number(env.SESSION_ABSOLUTE_HOURS ?? 12),
    trustProxy: env.TRUST_PROXY === "true",
    logLevel: env.LOG_LEVEL ?? "info",
    serveUi: env.SERVE_UI !== "false",
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 600),
    kybAutoApproveSeconds: env.SANDBOX_KYB_AUTO_APPROVE_SECONDS ? Number(env.SANDBOX_KYB_AUTO_APPROVE_SECONDS) : undefined,
    webhookPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS ? env.WEBHOOK_ALLOW_PRIVATE_TARGETS === "true" : env.SANDBOX !== "false",
    webhookLeaseSeconds: Math.max(15, Number(env.WEBHOOK_LEASE_SECONDS ?? 60)),
    secretsKey: env.SECRETS_KEY || undefined,
  };
}

/** Settings for tests: in memory, sandbox on, no UI, quiet. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), dataDir: "memory://", logLevel: "silent", serveUi: false, ...overrides };
}

/** Server settings, read once from the environment. Every default runs on a fresh machine. */
import { BlockList, isIP } from "node:net";

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
  /**
   * Requests per minute per IP to the public invoice endpoints (/api/public/*: page, PDF, logo,
   * payment notice), counted together and instead of the general limit: anyone may call them, a
   * person reading an invoice needs a handful.
   */
  publicRateLimitPerMinute: number;
  /** Sandbox KYB: approve a submitted verification by itself after this many seconds (unset: a person decides in the console). */
  kybAutoApproveSeconds?: number;
  /**
   * How long a process holds a webhook attempt it claimed before another may make it again (a process
   * that died mid-attempt). Longer than the delivery timeout, so a live attempt is never doubled.
   */
  webhookLeaseSeconds: number;
  /** Webhooks may target loopback and private addresses (default: in a sandbox that listens on loopback only). */
  webhookPrivateTargets: boolean;
  /** The key that seals secrets at rest (base64 of 32 bytes); unset: DATA_DIR/secrets.key. */
  secretsKey?: string;
  /** Live updates pushed by LISTEN/NOTIFY on PostgreSQL (LIVE_PUSH=false: polled, as on PGlite). */
  livePush: boolean;
};

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether a listen address is reachable from this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost") return true;
  const family = isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? "ipv4" : "ipv6");
}

/**
 * Whether only this machine can reach the server: it listens on loopback and is not published over
 * https (a TLS proxy in front of a loopback server is how a deployment looks).
 */
const isLocalOnly = (host: string, publicUrl: string) => isLoopbackHost(host) && !publicUrl.startsWith("https://");

/** A switch set explicitly: only "true" turns it on, any other value off (a typo fails closed); unset or empty: undefined. */
const flag = (value: string | undefined) => (value ? value === "true" : undefined);

/** The public endpoints' default limit per address (PUBLIC_RATE_LIMIT_PER_MINUTE overrides), a tenth of the general one. */
export const PUBLIC_RATE_LIMIT_PER_MINUTE = 60;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? "127.0.0.1";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  // The sandbox serves every member's emails and KYB decisions to anyone who asks. By default it runs
  // only where nobody else can ask: a server on loopback, not published over https. Anywhere else it
  // takes SANDBOX=true (and start-up warns, startupWarnings below).
  const sandbox = flag(env.SANDBOX) ?? isLocalOnly(host, publicUrl);
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? "./data",
    sandbox,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Stablebank <no-reply@stablebank.example>",
    publicUrl,
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 30),
    sessionAbsoluteHours: Number(env.SESSION_ABSOLUTE_HOURS ?? 12),
    trustProxy: env.TRUST_PROXY === "true",
    logLevel: env.LOG_LEVEL ?? "info",
    serveUi: env.SERVE_UI !== "false",
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 600),
    publicRateLimitPerMinute: Number(env.PUBLIC_RATE_LIMIT_PER_MINUTE ?? PUBLIC_RATE_LIMIT_PER_MINUTE),
    kybAutoApproveSeconds: env.SANDBOX_KYB_AUTO_APPROVE_SECONDS ? Number(env.SANDBOX_KYB_AUTO_APPROVE_SECONDS) : undefined,
    // A receiver on the developer's own machine is the sandbox's use; a sandbox others can reach must
    // not become their probe of this machine and its network (SSRF). An operator may still say "true".
    webhookPrivateTargets: flag(env.WEBHOOK_ALLOW_PRIVATE_TARGETS) ?? (sandbox && isLocalOnly(host, publicUrl)),
    webhookLeaseSeconds: Math.max(15, Number(env.WEBHOOK_LEASE_SECONDS ?? 60)),
    secretsKey: env.SECRETS_KEY || undefined,
    livePush: env.LIVE_PUSH !== "false",
  };
}

/**
 * What start-up must shout about: a setting that exposes what only this machine should reach. Empty
 * for every default (the sandbox is on by default only where nobody else can reach it).
 */
export function startupWarnings(config: Config): string[] {
  if (isLocalOnly(config.host, config.publicUrl)) return [];
  const where = isLoopbackHost(config.host) ? config.publicUrl : config.host;
  const out: string[] = [];
  if (config.sandbox)
    out.push(
      `SANDBOX=true on ${where}: anyone who reaches this server can read every member's emails (password resets, sign-in codes) in the sandbox mailbox, ` +
        "make deposits and decide KYB reviews. Never run it like this with real customers.",
    );
  if (config.webhookPrivateTargets)
    out.push(`WEBHOOK_ALLOW_PRIVATE_TARGETS=true on ${where}: members who manage webhooks can make this server call loopback and private-network addresses.`);
  return out;
}

/** Settings for tests: in memory, sandbox on, no UI, quiet. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), dataDir: "memory://", logLevel: "silent", serveUi: false, ...overrides };
}

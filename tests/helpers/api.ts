/**
 * API tests talk to the server only through HTTP (app.inject): a client keeps its cookies and CSRF
 * token like a browser would.
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../../src/server/app.ts";
import { testConfig, type Config } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/client.ts";
import { freshDatabase } from "./database.ts";

export type TestServer = { app: FastifyInstance; database: Database; close: () => Promise<void> };

export async function startServer(config: Partial<Config> = {}): Promise<TestServer> {
  const database = await freshDatabase();
  const app = await buildApp({ config: testConfig({ rateLimitPerMinute: 100_000, ...config }), database, mailDispatcher: false });
  await app.ready();
  return { app, database, close: async () => { await app.close(); await database.close(); } };
}

type Res = { status: number; body: any; headers: Record<string, unknown> };

export class Client {
  cookies = new Map<string, string>();
  csrf?: string;
  constructor(private app: FastifyInstance, private ip = "127.0.0.1") {}

  async request(method: InjectOptions["method"], url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Res> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await this.app.inject({
      method,
      url: `/api${url}`,
      payload: payload as InjectOptions["payload"],
      remoteAddress: this.ip,
      headers: { ...(cookie ? { cookie } : {}), ...(this.csrf ? { "x-csrf-token": this.csrf } : {}), ...headers },
    });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || c.value === "") this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let body: any = res.body;
    try { body = res.json(); } catch { /* not JSON */ }
    if (body?.data?.csrf_token) this.csrf = body.data.csrf_token;
    return { status: res.statusCode, body, headers: res.headers };
  }
  get = (url: string, headers?: Record<string, string>) => this.request("GET", url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", url, body ?? {}, headers);
  put = (url: string, body?: unknown) => this.request("PUT", url, body ?? {});
  patch = (url: string, body?: unknown) => this.request("PATCH", url, body ?? {});
  delete = (url: string) => this.request("DELETE", url);
}

/** The newest email to an address, as the sandbox mailbox API shows it. */
export async function lastMail(app: FastifyInstance, to: string) {
  const res = await new Client(app).get(`/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  return res.body.data[0] as { subject: string; text: string; links: string[]; codes: string[] } | undefined;
}

export const tokenFromLink = (link: string) => link.split("/").pop()!;

let counter = 0;
export function signUpInput(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    business_name: `Acme ${counter}`,
    business_type: "LLC",
    email: `person${counter}.${Date.now()}@example.com`,
    password: "Str0ng-Passw0rd!",
    country: "NG",
    first_name: "Amaka",
    last_name: "Obi",
    phone: "+2348031234567",
    sign_up_reasons: ["TRADE_FINANCING"],
    ...overrides,
  };
}

/** Signs up, verifies through the emailed link and signs in; returns the signed-in client. */
export async function signedUpClient(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const input = signUpInput(overrides);
  const c = new Client(app);
  const reg = await c.post("/onboarding/register", input);
  if (reg.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(reg.body)}`);
  const mail = await lastMail(app, input.email);
  await c.post("/onboarding/verify-email", { token: tokenFromLink(mail!.links[0]) });
  const login = await c.post("/onboarding/login", { email: input.email, password: input.password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { client: c, input };
}

/** Turns two-factor sign-in on or off as the UI does: ask for a code, read it from the mailbox, confirm with it. */
export async function setTwoFactor(app: FastifyInstance, c: Client, on: boolean) {
  const email = (await c.get("/session")).body.data.user.email as string;
  const sent = await c.post("/settings/security/mfa/code");
  if (sent.status !== 200) throw new Error(`code request failed: ${JSON.stringify(sent.body)}`);
  const code = (await lastMail(app, email))!.codes[0];
  return c.request(on ? "POST" : "DELETE", "/settings/security/mfa", { otp_code: code });
}

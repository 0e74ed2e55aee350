/**
 * API tests talk to the server only through HTTP (app.inject): a client keeps its cookies and CSRF
 * token like a browser would.
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp, type BuildOptions } from "../../src/server/app.ts";
import { testConfig, type Config } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/client.ts";
import { freshDatabase } from "./database.ts";
import { contractProblem } from "./contract.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demo.ts";

export type TestServer = { app: FastifyInstance; database: Database; close: () => Promise<void> };

/** options: what a test puts in place of the outside world (the host-name resolver), or adds to the API (a resource of its own). */
export async function startServer(
  config: Partial<Config> = {},
  options: Pick<BuildOptions, "hostLookup" | "extraRoutes" | "extraPolicy" | "extraScreens"> = {},
): Promise<TestServer> {
  const database = await freshDatabase();
  const app = await buildApp({
    config: testConfig({ rateLimitPerMinute: 100_000, publicRateLimitPerMinute: 100_000, ...config }),
    database,
    mailDispatcher: false,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type Res = { status: number; body: any; headers: Record<string, unknown> };

export class Client {
  cookies = new Map<string, string>();
  csrf?: string;
  constructor(
    private app: FastifyInstance,
    private ip = "127.0.0.1",
  ) {}

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
    let json = false;
    try {
      body = res.json();
      json = true;
    } catch {
      /* not JSON */
    }
    // Every answer as the API document describes it (helpers/contract.ts): a drifting route fails the test that calls it.
    const problem = await contractProblem(this.app, String(method), `/api${url}`, { status: res.statusCode, headers: res.headers, body, json });
    if (problem) throw new Error(`Off the API document: ${problem}`);
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

/**
 * A member signed in by email; one with 2FA (the approver) through check-2fa and the emailed code, as
 * the sign-in page does. Throws with the server's answer when the sign-in fails.
 */
export async function signInAs(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  const c = new Client(app);
  const res = await c.post("/onboarding/login", { email, password });
  if (res.status !== 200) {
    const check = await c.post("/onboarding/check-2fa", { email, password });
    if (check.status !== 200) throw new Error(`${email} could not sign in: ${check.status} ${JSON.stringify(check.body)}`);
    await c.post("/onboarding/otp-code", { email, token: check.body.data.token });
    const signedIn = await c.post("/onboarding/login", { email, password, otp: (await lastMail(app, email))!.codes[0] });
    if (signedIn.status !== 200) throw new Error(`${email} could not sign in: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  }
  return c;
}

/** A demo member (`<who>@demo.example`) signed in. */
export const logInDemo = (app: FastifyInstance, who: string, password = DEMO_PASSWORD) => signInAs(app, `${who}@demo.example`, password);

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

/** A multipart/form-data body: text fields and files, in order. */
export function multipart(parts: ({ name: string; value: string } | { name: string; fileName: string; type: string; content: Buffer })[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks = parts.map((p) =>
    "value" in p
      ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)
      : Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\nContent-Type: ${p.type}\r\n\r\n`),
          p.content,
          Buffer.from("\r\n"),
        ]),
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const KYB_COMPANY = {
  legal_name: "Acme Holdings Ltd",
  registration_number: "RC778899",
  incorporation_date: "2020-05-01",
  incorporation_country: "NG",
  address: { line_1: "1 Marina", city: "Lagos", state: "Lagos", country: "NG" },
  purpose_of_account: "Paying suppliers abroad",
  source_of_funds: "Trading revenue",
  monthly_volume: "50K_250K",
};
export const KYB_PEOPLE = [
  { first_name: "Amaka", last_name: "Obi", date_of_birth: "1985-02-03", nationality: "NG", is_director: true, ownership_percent: 100 },
];
export const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** The token of the business's verification link (from its profile, as the checklist gives it). */
export async function kybToken(c: Client) {
  const url = (await c.get("/businesses/profile")).body.data.kyc.verification.url as string;
  return url.slice(url.lastIndexOf("/") + 1);
}

/** Completes and submits the business's verification at the sandbox provider, as its people would. */
export async function submitKyb(app: FastifyInstance, c: Client) {
  const token = await kybToken(c);
  const outside = new Client(app);
  for (const [path, body] of [
    ["company", KYB_COMPANY],
    ["people", { people: KYB_PEOPLE }],
  ] as const) {
    const res = await outside.put(`/sandbox/kyb/cases/${token}/${path}`, body);
    if (res.status !== 200) throw new Error(`KYB ${path} failed: ${JSON.stringify(res.body)}`);
  }
  for (const kind of ["CERTIFICATE_OF_INCORPORATION", "PROOF_OF_ADDRESS", "REGISTER_OF_DIRECTORS", "REGISTER_OF_SHAREHOLDERS", "BANK_STATEMENTS"]) {
    const form = multipart([
      { name: "kind", value: kind },
      { name: "file", fileName: `${kind}.pdf`, type: "application/pdf", content: PDF_BYTES },
    ]);
    const res = await outside.request("POST", `/sandbox/kyb/cases/${token}/documents`, form.payload, form.headers);
    if (res.status !== 201) throw new Error(`KYB document failed: ${JSON.stringify(res.body)}`);
  }
  const submitted = await outside.post(`/sandbox/kyb/cases/${token}/submit`);
  if (submitted.status !== 200) throw new Error(`KYB submit failed: ${JSON.stringify(submitted.body)}`);
  return token;
}

/** The sandbox reviewer's decision on a business's submitted verification. */
export async function decideKyb(app: FastifyInstance, c: Client, decision: "APPROVED" | "CORRECTION_REQUESTED" | "REJECTED", reason?: string) {
  const businessId = (await c.get("/session")).body.data.business.id as string;
  return new Client(app).post(`/sandbox/kyb/reviews/${businessId}/decision`, { decision, reason });
}

/**
 * Signs up, verifies the email, signs in, and (unless verified: false) passes KYB; returns the signed-in client.
 * New businesses start with a 24-hour payee cooling period (issue 29); tests that add a beneficiary and
 * pay it at once get it turned off through the owner's own call, unless `payeeCooling: true` keeps it.
 */
export async function signedUpClient(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  { verified = true, payeeCooling = false }: { verified?: boolean; payeeCooling?: boolean } = {},
) {
  const input = signUpInput(overrides);
  const c = new Client(app);
  const reg = await c.post("/onboarding/register", input);
  if (reg.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(reg.body)}`);
  const mail = await lastMail(app, input.email);
  await c.post("/onboarding/verify-email", { token: tokenFromLink(mail!.links[0]) });
  const login = await c.post("/onboarding/login", { email: input.email, password: input.password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  if (!payeeCooling) {
    const off = await c.put("/businesses/payee-protection", { cooling_hours: 0, cooling_mode: "EXTRA_APPROVAL" });
    if (off.status !== 200) throw new Error(`turning the payee cooling period off failed: ${JSON.stringify(off.body)}`);
  }
  if (verified) {
    await submitKyb(app, c);
    const approved = await decideKyb(app, c, "APPROVED");
    if (approved.status !== 200) throw new Error(`KYB approval failed: ${JSON.stringify(approved.body)}`);
  }
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

/** A new member of `owner`'s business with this role: invited, accepted through the emailed link, signed in. */
export async function memberOf(app: FastifyInstance, owner: Client, role: string): Promise<Client> {
  const email = `member.${role.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const invited = await owner.post("/users/invites", { email, position: "Analyst", role: [role] });
  if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`);
  const link = (await lastMail(app, email))!.links.find((l) => l.includes("/invitation/"))!;
  const password = "Str0ng-Passw0rd!";
  const accepted = await new Client(app).post("/onboarding/invitation/accept", {
    token: tokenFromLink(link),
    user_info: { first_name: "Efe", last_name: "Ibe", password, phone: "+2348031234567" },
  });
  if (accepted.status !== 200) throw new Error(`accepting the invitation failed: ${JSON.stringify(accepted.body)}`);
  return signInAs(app, email, password);
}

/**
 * A business of the spec's own (issue 27): specs that change data sign up a business of their own and
 * set up what they need through the public API, with the calls the console makes (cookie + CSRF token),
 * so no spec depends on what another did to the shared demo business.
 *
 *   test.use({ businessOptions: { name: "Swap Co", verified: true } });
 *   test("…", async ({ page, business }) => {
 *     const usd = await business.openAccount("USD");
 *     await business.deposit(usd, 100_000n);
 *     await signIn(page, business.owner);
 *   });
 *
 * `business` signs up (and, unless told otherwise, verifies at the sandbox KYB provider) a new business
 * for each test that asks for it. `MemberApi.signIn(DEMO.admin)` is an API session of a demo member, for the
 * specs that must stay on the demo (its maker-checker, sub-accounts and bulk payments exist only there)
 * and change only records they create themselves.
 */
import { request as requestFactory, test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { DEMO_PASSWORD, newBusiness, pathOf, signInAt, waitForMail } from "./helpers.ts";

/** Someone who can sign in: a demo member, a business's owner, or a member invited here. */
export type Member = { email: string; password: string; firstName: string };

/** The demo business's members (src/server/seed/demo.ts). The approver signs in with an emailed code. */
export const DEMO = {
  owner: { email: "owner@demo.example", password: DEMO_PASSWORD, firstName: "Ada" },
  admin: { email: "admin@demo.example", password: DEMO_PASSWORD, firstName: "Bola" },
  approver: { email: "approver@demo.example", password: DEMO_PASSWORD, firstName: "Chidi" },
  viewer: { email: "viewer@demo.example", password: DEMO_PASSWORD, firstName: "Dana" },
} as const satisfies Record<string, Member>;

/**
 * Tag of the tests that decide or count the demo's pending approvals, or sign in as its approver (each
 * sign-in emails a code that replaces the last): maker-checker exists only on the demo, so these share
 * it and run one at a time (playwright.config.ts), while every other test may run beside them.
 */
export const DEMO_APPROVALS = "@demo-approvals";

/** Signs a member in (as the login page does) and opens `path`, the dashboard unless told. */
export async function signIn(page: Page, member: Member, path = "/") {
  await signInAt(page, path, member.email, member.password);
}

export type FiatCurrency = "USD" | "EUR" | "GBP" | "NGN";
export type Account = {
  id: string;
  name: string;
  currency: string;
  state: string;
  balance: { available: string };
  deposit_addresses: { data: { account_number?: string; iban?: string } }[];
};
export type Wallet = { id: string; name: string; currency: string; blockchain: string; address: string; available_balance: string };
export type Role = "ADMIN" | "APPROVER" | "INITIATOR" | "VIEWER";

/** Where a sandbox deposit to an account or a wallet is sent. */
const depositTarget = (to: Account | Wallet) =>
  "address" in to
    ? { network: to.blockchain, identifier: to.address }
    : { network: "fiat", identifier: to.deposit_addresses[0].data.iban ?? to.deposit_addresses[0].data.account_number };

/** A member's API session, signed in as the console is: the session cookie and the CSRF token on every write. */
export class MemberApi {
  protected constructor(
    readonly member: Member,
    readonly http: APIRequestContext,
    protected readonly csrf: string,
  ) {}

  /** Signs in through the API on a context of its own; answers the CSRF token. */
  protected static async session(member: Member) {
    const http = await requestFactory.newContext({ baseURL });
    const res = await http.post("/api/onboarding/login", { data: { email: member.email, password: member.password } });
    expect(res.ok(), `sign-in of ${member.email}: ${await res.text()}`).toBeTruthy();
    return { http, csrf: (await res.json()).data.csrf_token as string };
  }

  /** A member's API session (members without two-factor sign-in). */
  static async signIn(member: Member) {
    const { http, csrf } = await MemberApi.session(member);
    return new MemberApi(member, http, csrf);
  }

  /** The answer's data of a GET. */
  async get<T>(path: string): Promise<T> {
    const res = await this.http.get(`/api${path}`);
    expect(res.ok(), `GET ${path}: ${await res.text()}`).toBeTruthy();
    return (await res.json()).data as T;
  }

  /** A write, expecting `status` (2xx by default); money writes carry an Idempotency-Key. */
  async send<T>(
    method: "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    data?: unknown,
    { status, idempotent = false }: { status?: number; idempotent?: boolean } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { "x-csrf-token": this.csrf };
    if (idempotent) headers["idempotency-key"] = crypto.randomUUID();
    const res = await this.http.fetch(`/api${path}`, { method, headers, data });
    const text = await res.text();
    if (status) expect(res.status(), `${method} ${path}: ${text}`).toBe(status);
    else expect(res.ok(), `${method} ${path}: ${text}`).toBeTruthy();
    return (text ? JSON.parse(text).data : undefined) as T;
  }

  post<T>(path: string, data?: unknown, o?: { status?: number; idempotent?: boolean }) {
    return this.send<T>("POST", path, data, o);
  }

  async dispose() {
    await this.http.dispose();
  }

  // ---- What a member of any business may set up, each the console's own call ----

  async accounts() {
    return (await this.get<{ items: Account[] }>("/accounts/corporate?page=1&limit=100")).items;
  }

  async wallets() {
    return (await this.get<{ items: Wallet[] }>("/wallets?page=1&limit=100")).items;
  }

  /** The business's beneficiary of that name (fiat or crypto). */
  async beneficiary(name: string) {
    const found = (await this.get<{ items: { id: string; name: string }[] }>(`/v1/beneficiaries?page=1&limit=100&keyword=${encodeURIComponent(name)}`)).items;
    const b = found.find((x) => x.name === name);
    expect(b, `a beneficiary named ${name}`).toBeTruthy();
    return b!;
  }

  /** A bank payment (amount in minor units); with maker-checker on it waits for approval. */
  pay(o: { from: string; to: string; amount: string; description: string }) {
    return this.post<{ id: string; reference: string; state: string }>(
      "/payments",
      { source_account_id: o.from, beneficiary_id: o.to, amount: o.amount, description: o.description },
      { status: 201, idempotent: true },
    );
  }

  /** Approves the pending approval request of a payment (or other record) by its id. */
  async approve(entityId: string) {
    const pending = (await this.get<{ items: { id: string; entity_id: string }[] }>("/approval-requests?page=1&limit=100&state[]=PENDING")).items;
    const request = pending.find((r) => r.entity_id === entityId);
    expect(request, `a pending approval request for ${entityId}`).toBeTruthy();
    return this.send<{ approvals_remaining: number }>("PATCH", `/approval-requests/${request!.id}/approve`);
  }

  /** A customer (an individual in Lagos unless told otherwise). */
  addCustomer(input: Record<string, unknown> = {}) {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    return this.post<{ id: string; email: string; display_name: string }>(
      "/v2/customers",
      {
        type: "INDIVIDUAL",
        email: `customer.${tag}@example.com`,
        first_name: "Kemi",
        last_name: `Customer${tag}`,
        phone_number: "+2348031234567",
        address: { line_1: "1 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
        ...input,
      },
      { status: 201 },
    );
  }
}

/** Suppliers as the demo pays them (src/server/seed/demo.ts), to add to a business of a spec's own. */
export const SUPPLIERS = {
  harbor: {
    type: "FIAT",
    name: "Harbor Freight Forwarding LLC",
    kind: "BUSINESS",
    currency: "USD",
    details: {
      type: "FED_WIRE",
      details: { account_name: "Harbor Freight Forwarding LLC", account_number: "000123456789", routing_number: "021000021", bank_name: "JPMorgan Chase" },
    },
  },
  brightside: {
    type: "FIAT",
    name: "Brightside Software Inc",
    kind: "BUSINESS",
    currency: "USD",
    details: {
      type: "ACH",
      details: { account_name: "Brightside Software Inc", account_number: "9876543210", routing_number: "026009593", bank_name: "Bank of America" },
    },
  },
  rhein: {
    type: "FIAT",
    name: "Rhein Maschinenbau GmbH",
    kind: "BUSINESS",
    currency: "EUR",
    details: { type: "SEPA", details: { account_name: "Rhein Maschinenbau GmbH", iban: "DE89 3704 0044 0532 0130 00", bic_swift: "COBADEFFXXX" } },
  },
  atlas: {
    type: "CRYPTO",
    name: "Atlas Trading DMCC",
    kind: "BUSINESS",
    currency: "USDT",
    details: { blockchain: "TRON", address: "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9" },
  },
  northwind: {
    type: "CRYPTO",
    name: "Northwind Exports",
    kind: "BUSINESS",
    currency: "USDC",
    details: { blockchain: "ETHEREUM", address: "0x52908400098527886E0F7030069857D2E4169EE7" },
  },
} as const;

/** The NGN account owner's details the account-opening form asks for (resources/account-requests.ts). */
const NGN_OWNER = {
  business_registration_date: "2021-07-01",
  incorporation_number: "RC445566",
  bvn: "22345678901",
  nin: "12345678901",
  phone: "08031234567",
  address: { line_1: "3 Broad Street", city: "Lagos", state: "Lagos", country: "NG" },
};

/** A business of the test's own, its owner signed in to the API. */
export class OwnBusiness extends MemberApi {
  private constructor(
    readonly name: string,
    owner: Member,
    http: APIRequestContext,
    csrf: string,
  ) {
    super(owner, http, csrf);
  }

  /**
   * Signs up a business (register, verify the email, and with `verified` pass KYB) and signs its owner in to the API.
   * New businesses start with a 24-hour payee cooling period (issue 29): it is turned off, through the
   * owner's Settings call, unless `payeeCooling` keeps it on.
   */
  static async create(name: string, { verified = true, payeeCooling = false }: { verified?: boolean; payeeCooling?: boolean } = {}) {
    const signUp = await requestFactory.newContext({ baseURL });
    try {
      const { email, password } = await newBusiness(signUp, name, { verified });
      const owner = { email, password, firstName: "Fola" };
      const { http, csrf } = await MemberApi.session(owner);
      const business = new OwnBusiness(name, owner, http, csrf);
      if (!payeeCooling) await business.send("PUT", "/businesses/payee-protection", { cooling_hours: 0, cooling_mode: "EXTRA_APPROVAL" });
      return business;
    } finally {
      await signUp.dispose();
    }
  }

  get owner(): Member {
    return this.member;
  }

  /** The id of the newest email to the owner in the sandbox mailbox, if any. */
  private async newestMailId(): Promise<string | undefined> {
    return (await this.get<{ id: string }[]>(`/sandbox/mailbox?to=${encodeURIComponent(this.owner.email)}`))[0]?.id;
  }

  /** The code of the first email to the owner after `earlier` whose subject matches (a code asked for just now). */
  private async codeAfter(earlier: string | undefined, subject: RegExp) {
    let code = "";
    await expect
      .poll(async () => {
        const [mail] = await this.get<{ id: string; subject: string; codes: string[] }[]>(`/sandbox/mailbox?to=${encodeURIComponent(this.owner.email)}`);
        code = mail && mail.id !== earlier && subject.test(mail.subject) ? mail.codes[0] : "";
        return code;
      })
      .toMatch(/^\d{6}$/);
    return code;
  }

  /** Opens a fiat account as the account-opening screens do: request, declaration, agreement, emailed code. */
  async openAccount(currency: FiatCurrency): Promise<Account> {
    const req = await this.post<{ account_id: string; tasks: { id: string; data?: { id: string } }[] }>(
      "/account-requests/corporate",
      currency === "NGN" ? { currency, account_owner_info: NGN_OWNER } : { currency },
      { status: 201 },
    );
    const [declaration, agreement, otp] = req.tasks;
    await this.post(`/account-requests/tasks/${declaration.id}/submit`, { accepted: true });
    await this.post(`/account-requests/tasks/${agreement.id}/submit`, { accepted: true, agreement_id: agreement.data!.id });
    const earlier = await this.newestMailId();
    await this.post(`/account-requests/tasks/${otp.id}/initialize`);
    await this.post(`/account-requests/tasks/${otp.id}/submit`, { otp_code: await this.codeAfter(earlier, /verification code/) });
    const account = await this.get<Account>(`/accounts/${req.account_id}`);
    expect(account.state).toBe("ACTIVE");
    return account;
  }

  /** Creates the business's main wallet of a stablecoin on a chain (the Create wallet modal's call). */
  createWallet(currency: "USDT" | "USDC", blockchain: "TRON" | "ETHEREUM") {
    return this.post<Wallet>("/crypto/v1/assets/corporate", { currency, blockchain }, { status: 201 });
  }

  /** Money in from outside: a sandbox deposit to the account's or wallet's details (amount in minor units). */
  async deposit(to: Account | Wallet, amount: bigint, sender = "E2E Funding Ltd") {
    // The sender is outside; the call goes out on this signed-in context, so it carries the CSRF token too.
    const res = await this.http.post("/api/sandbox/deposits", {
      headers: { "idempotency-key": crypto.randomUUID(), "x-csrf-token": this.csrf },
      data: { ...depositTarget(to), currency: to.currency, amount: amount.toString(), sender_name: sender },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  /** A beneficiary (e.g. one of SUPPLIERS); answers its id and name. */
  addBeneficiary(input: (typeof SUPPLIERS)[keyof typeof SUPPLIERS] | Record<string, unknown>) {
    return this.post<{ id: string; name: string }>("/v1/beneficiaries", input, { status: 201 });
  }

  /**
   * Invites a teammate with a role and has them accept through the emailed link, as the invitation
   * page does; answers who can now sign in. (Without maker-checker the invitation goes out at once.)
   */
  async invite(role: Role, firstName = "Tayo"): Promise<Member> {
    const email = `${role.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
    const password = "Member-Passw0rd!";
    await this.post("/users/invites", { email, position: role.charAt(0) + role.slice(1).toLowerCase(), role: [role] }, { status: 201 });
    const mail = await waitForMail(this.http, email, /invited to/);
    const token = pathOf(mail.links[0]).split("/").pop();
    // Accepted from the invitee's own browser, where nobody is signed in.
    const invitee = await requestFactory.newContext({ baseURL });
    try {
      const accepted = await invitee.post("/api/onboarding/invitation/accept", {
        data: { token, user_info: { first_name: firstName, last_name: "Member", password, phone: "+2348011122233" } },
      });
      expect(accepted.ok(), await accepted.text()).toBeTruthy();
    } finally {
      await invitee.dispose();
    }
    return { email, password, firstName };
  }

  /**
   * Goes through the getting-started steps as a new business does (an account, a deposit, a beneficiary,
   * a first payment settled by the sandbox rails), so every member's home is the dashboard. Needs `verified`.
   */
  async completeSetup() {
    const usd = await this.openAccount("USD");
    await this.deposit(usd, 100_000n);
    const payee = await this.addBeneficiary(SUPPLIERS.brightside);
    const payment = await this.pay({ from: usd.id, to: payee.id, amount: "1000", description: "First supplier invoice" });
    await expect.poll(async () => (await this.get<{ state: string }>(`/payments/${payment.id}`)).state, { timeout: 30_000 }).toBe("COMPLETED");
    return usd;
  }

  /** 'Skip for now' on the getting-started steps (once an account is open): the owner's home is the dashboard. */
  skipSetupChecklist() {
    return this.post("/businesses/getting-started/skip");
  }

  /** Turns the owner's two-factor sign-in on or off (Settings → Security), confirmed by the emailed code. */
  async setTwoFactor(on: boolean) {
    const earlier = await this.newestMailId();
    await this.post("/settings/security/mfa/code");
    await this.send(on ? "POST" : "DELETE", "/settings/security/mfa", { otp_code: await this.codeAfter(earlier, /verification code/) });
  }

  /** Replaces the approval rules (the owner's call behind Settings → Approval rules). */
  setApprovalRules(rules: Record<string, unknown>[]) {
    return this.send("PUT", "/approval-rules", { rules });
  }

  /** The owner's own email switches (Settings → Notifications). */
  setMyNotifications(flags: { inbound_outbound_transfers: boolean; fx_conversions: boolean; invoice_payments: boolean; account_updates: boolean }) {
    return this.send("PATCH", "/settings/user-notifications", flags);
  }

  /** Uploads the logo (Settings → Invoicing → Logo) and shows it in invoice headers. */
  async setInvoiceLogo(png: Buffer) {
    const res = await this.http.patch("/api/businesses/profile/logo", {
      headers: { "x-csrf-token": this.csrf },
      multipart: { logo: { name: "logo.png", mimeType: "image/png", buffer: png } },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    await this.send("PATCH", "/invoicing/settings", { include_logo_in_header: true });
  }
}

type BusinessOptions = { name: string; verified: boolean; payeeCooling?: boolean };

/**
 * The e2e test with a `business` of its own: signed up when a test asks for it, verified unless
 * `test.use({ businessOptions: { name, verified: false } })`, its owner's API session closed after the test.
 */
export const test = base.extend<{ businessOptions: BusinessOptions; business: OwnBusiness }>({
  businessOptions: [{ name: "Own Co", verified: true }, { option: true }],
  business: async ({ businessOptions }, use) => {
    const business = await OwnBusiness.create(businessOptions.name, { verified: businessOptions.verified, payeeCooling: businessOptions.payeeCooling });
    await use(business);
    await business.dispose();
  },
});

export { expect };

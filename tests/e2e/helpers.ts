/** Shared steps of the browser tests: read the sandbox mailbox, sign in as a demo user. */
import { expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";

export const DEMO_PASSWORD = "Demo-Passw0rd!";

export async function lastMail(request: APIRequestContext, to: string) {
  const res = await request.get(`/api/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  return body.data[0] as { subject: string; links: string[]; codes: string[] } | undefined;
}

export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp) {
  let mail: Awaited<ReturnType<typeof lastMail>>;
  await expect.poll(async () => (mail = await lastMail(request, to))?.subject ?? "").toMatch(subject);
  return mail!;
}

export const pathOf = (link: string) => new URL(link).pathname;

/**
 * A URL check on the path alone, for a page that shows a list: the list writes its page and page size into the query
 * once it mounts (Refine's syncWithLocation), so whether the query is there yet depends on when the check first looks.
 */
export const onPath = (path: RegExp) => (url: URL) => path.test(url.pathname);

/**
 * Holds back the page's download of one chunk of code (named after its module: "pagination") until
 * `release()`, as a slow network would for that chunk alone. `asked()` says whether the page asked for it:
 * a chunk already loaded is not asked for again, and a test that holds it must know it was.
 */
export async function holdChunk(page: Page, name: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(new RegExp(`/assets/${name}-[^/]*\\.js$`), async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/**
 * Signs in as the login page does (the same request; the page itself is tested in auth.spec.ts) and opens
 * `path`, waiting for the console: one page load where going through the login page took two and a
 * dashboard (3.5 s and 5 CPU-seconds a sign-in, against 1.7 s and 3.1, 28 Nov 2026). For members without
 * two-factor sign-in; `loginWithCode` is the way for the others.
 */
export async function signInAt(page: Page, path: string, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post("/api/onboarding/login", { data: { email, password } });
  expect(res.ok(), `sign-in of ${email}: ${await res.text()}`).toBeTruthy();
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

/** Logs out through the header and waits for the sign-in page, so the next sign-in never races the logout request. */
export async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel("Email")).toBeVisible();
}

/**
 * Signs up a new business through the API and verifies its email; with verified: true it also
 * passes KYB at the sandbox provider (company, people, documents, submit, approved by the sandbox
 * reviewer). Returns its owner's email and password.
 */
export async function newBusiness(request: APIRequestContext, name = "Fresh Co", { verified = false }: { verified?: boolean } = {}) {
  const email = `owner.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = "Fresh-Passw0rd!";
  const res = await request.post("/api/onboarding/register", {
    data: {
      business_name: name,
      business_type: "LLC",
      email,
      password,
      country: "NG",
      first_name: "Fola",
      last_name: "Fresh",
      phone: "+2348030000000",
      sign_up_reasons: ["TRADE_FINANCING"],
    },
  });
  expect(res.status()).toBe(201);
  const mail = await waitForMail(request, email, /Verify/);
  const verify = await request.post("/api/onboarding/verify-email", { data: { token: pathOf(mail.links[0]).split("/").pop() } });
  expect(verify.ok()).toBeTruthy();
  if (verified) await passKyb(request, email, password);
  return { email, password };
}

/**
 * Turns a new business's payee cooling period off (issue 29: new businesses start at 24 hours), through
 * its owner's own Settings call, for tests that add a beneficiary and pay it at once.
 */
export async function payeeCoolingOff(email: string, password: string) {
  // A context of its own: the caller's stays signed out (its later calls carry no session without a CSRF token).
  const own = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await own.post("/api/onboarding/login", { data: { email, password } });
    expect(login.ok()).toBeTruthy();
    const headers = { "x-csrf-token": (await login.json()).data.csrf_token as string };
    const off = await own.put("/api/businesses/payee-protection", { headers, data: { cooling_hours: 0, cooling_mode: "EXTRA_APPROVAL" } });
    expect(off.ok(), await off.text()).toBeTruthy();
  } finally {
    await own.dispose();
  }
}

/** Sample company facts and people a sandbox verification accepts. */
export const KYB_COMPANY = {
  legal_name: "Fresh Co Ltd",
  registration_number: "RC445566",
  incorporation_date: "2021-07-01",
  incorporation_country: "NG",
  address: { line_1: "3 Broad Street", city: "Lagos", state: "Lagos", country: "NG" },
  purpose_of_account: "Paying suppliers",
  source_of_funds: "Sales revenue",
  monthly_volume: "50K_250K",
};
export const KYB_PEOPLE = [
  { first_name: "Fola", last_name: "Fresh", date_of_birth: "1986-03-04", nationality: "NG", is_director: true, ownership_percent: 100 },
];
const PDF = Buffer.from("%PDF-1.4\n%%EOF\n");

/** Completes, submits and approves the business's verification through the sandbox provider's API. */
async function passKyb(request: APIRequestContext, email: string, password: string) {
  const login = await request.post("/api/onboarding/login", { data: { email, password } });
  expect(login.ok()).toBeTruthy();
  const headers = { "x-csrf-token": (await login.json()).data.csrf_token as string };
  const url = (await (await request.get("/api/businesses/profile")).json()).data.kyc.verification.url as string;
  const cases = `/api/sandbox/kyb/cases/${url.split("/").pop()}`;
  expect((await request.put(`${cases}/company`, { headers, data: KYB_COMPANY })).ok()).toBeTruthy();
  expect((await request.put(`${cases}/people`, { headers, data: { people: KYB_PEOPLE } })).ok()).toBeTruthy();
  for (const kind of ["CERTIFICATE_OF_INCORPORATION", "PROOF_OF_ADDRESS", "REGISTER_OF_DIRECTORS", "REGISTER_OF_SHAREHOLDERS", "BANK_STATEMENTS"]) {
    const up = await request.post(`${cases}/documents`, {
      headers,
      multipart: { kind, file: { name: `${kind}.pdf`, mimeType: "application/pdf", buffer: PDF } },
    });
    expect(up.status()).toBe(201);
  }
  expect((await request.post(`${cases}/submit`, { headers })).ok()).toBeTruthy();
  const businessId = (await (await request.get("/api/session")).json()).data.business.id as string;
  expect((await request.post(`/api/sandbox/kyb/reviews/${businessId}/decision`, { headers, data: { decision: "APPROVED" } })).ok()).toBeTruthy();
  await request.post("/api/session/logout", { headers });
}

/** The signed-in page's CSRF token, for calling the API directly as that user. */
export const csrfOf = (page: Page) => page.evaluate(async () => (await (await fetch("/api/session")).json()).data.csrf_token as string);

/**
 * Ticks a checkbox in a dialog that has only just opened. A click landing while antd's zoom-in is
 * still moving the dialog can miss the box (mouse down and up on different elements), so the click
 * is repeated until the box reads as checked.
 */
export async function tick(box: Locator) {
  await expect(async () => {
    await box.check({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}

/** Picks an option of an antd Select by its label (the visible option, not its a11y twin). */
export async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** Signs in a user with 2FA on: password, then the 6-digit code from the sandbox mailbox. */
export async function loginWithCode(page: Page, request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  await login(page, email, password);
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  const mail = await waitForMail(request, email, /sign-in code/);
  await page.getByLabel("Verification code").fill(mail.codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** Turns the signed-in member's two-factor sign-in on or off through the API, confirmed by the emailed code. */
export async function setTwoFactorFor(page: Page, request: APIRequestContext, email: string, on: boolean) {
  const csrf = await csrfOf(page);
  const earlier = (await lastMail(request, email))?.codes[0];
  expect((await page.request.post("/api/settings/security/mfa/code", { headers: { "x-csrf-token": csrf } })).ok()).toBeTruthy();
  let code = "";
  await expect
    .poll(async () => {
      const mail = await lastMail(request, email);
      code = mail?.subject === "Your verification code" && mail.codes[0] !== earlier ? mail.codes[0] : "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  const res = await page.request.fetch("/api/settings/security/mfa", {
    method: on ? "POST" : "DELETE",
    headers: { "x-csrf-token": csrf },
    data: { otp_code: code },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/**
 * Opens a fiat account for the signed-in owner through the API, as the account-opening screens would:
 * the request, the declaration, the agreement, then the emailed code. Returns the active account.
 */
export async function openAccountByApi(page: Page, request: APIRequestContext, email: string, currency: "USD" | "EUR" | "GBP") {
  const headers = { "x-csrf-token": await csrfOf(page) };
  const created = await page.request.post("/api/account-requests/corporate", { headers, data: { currency } });
  expect(created.status(), await created.text()).toBe(201);
  const req = (await created.json()).data as { account_id: string; tasks: { id: string; data?: { id: string } }[] };
  const [declaration, agreement, otp] = req.tasks;
  const submit = async (id: string, data: Record<string, unknown>) => {
    const res = await page.request.post(`/api/account-requests/tasks/${id}/submit`, { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  await submit(declaration.id, { accepted: true });
  await submit(agreement.id, { accepted: true, agreement_id: agreement.data!.id });
  expect((await page.request.post(`/api/account-requests/tasks/${otp.id}/initialize`, { headers })).ok()).toBeTruthy();
  const mail = await waitForMail(request, email, /verification code/);
  await submit(otp.id, { otp_code: mail.codes[0] });
  const account = (await (await page.request.get(`/api/accounts/${req.account_id}`)).json()).data as { id: string; state: string; name: string };
  expect(account.state).toBe("ACTIVE");
  return account;
}

/** Confirms an approval or a rejection, which ask first (issue 26); a rejection may give its reason. */
export async function confirmDecision(page: Page, action: "Approve" | "Reject", reason?: string) {
  const dialog = page.locator(".ant-modal-confirm");
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByLabel("Reason (optional)").fill(reason);
  await dialog.getByRole("button", { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

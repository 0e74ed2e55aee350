/**
 * The bank test's client: a signed-in person over real HTTP (cookie + CSRF token), spread over
 * the API processes, retrying a failed call with the same Idempotency-Key on the next process the
 * way a careful client would when a server dies under it.
 */
export type Answer = { status: number; body: any };

/** What a call came to: acknowledged (2xx), refused (4xx), or unknown (every attempt failed). */
export type Outcome = { kind: "ack"; answer: Answer } | { kind: "refused"; answer: Answer } | { kind: "unknown"; error: string };

export class Person {
  private cookie = "";
  private csrf = "";
  /** Calls that needed a retry, and 5xx answers seen (a 5xx counts as a failure the client retries). */
  retries = 0;
  serverErrors = 0;

  constructor(private readonly bases: string[]) {}

  /** The session as other tools send it (the scanners): its cookie and CSRF token. */
  get credentials() {
    return { cookie: this.cookie, csrf: this.csrf };
  }

  private async once(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrf ? { "x-csrf-token": this.csrf } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const setCookie = res.headers.getSetCookie?.() ?? [];
    for (const c of setCookie) {
      const pair = c.split(";")[0];
      if (pair.startsWith("sid=") || pair.startsWith("__Host-sid=")) this.cookie = pair;
    }
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    if (parsed?.data?.csrf_token) this.csrf = parsed.data.csrf_token;
    return { status: res.status, body: parsed };
  }

  /** One call, retried on a network error or 5xx on the next process, up to `attempts` times. */
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, attempts = 8): Promise<Outcome> {
    let error = "";
    const start = Math.floor(Math.random() * this.bases.length);
    for (let i = 0; i < attempts; i++) {
      const base = this.bases[(start + i) % this.bases.length];
      if (i > 0) {
        this.retries++;
        await new Promise((r) => setTimeout(r, 100 * i));
      }
      try {
        const answer = await this.once(base, method, path, body, headers);
        if (answer.status >= 500) {
          this.serverErrors++;
          error = `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
          continue;
        }
        return answer.status < 300 ? { kind: "ack", answer } : { kind: "refused", answer };
      } catch (err) {
        error = (err as Error).message + ((err as { cause?: Error }).cause ? `: ${(err as { cause?: Error }).cause!.message}` : "");
      }
    }
    return { kind: "unknown", error };
  }

  /** Signs in (with the emailed code when the member has two-factor sign-in). */
  async signIn(email: string, password: string) {
    const login = await this.call("POST", "/onboarding/login", { email, password });
    if (login.kind !== "ack") throw new Error(`sign-in of ${email} failed: ${JSON.stringify(login)}`);
  }

  async get(path: string) {
    const out = await this.call("GET", path);
    if (out.kind !== "ack") throw new Error(`GET ${path}: ${JSON.stringify(out)}`);
    return out.answer.body.data;
  }
}

/** Waits until a process answers its health check. */
export async function waitHealthy(base: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} did not become healthy`);
}

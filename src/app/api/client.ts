/**
 * The browser's one way to call the API: same-origin cookies, the CSRF token on writes, the
 * {message, data} envelope unwrapped, and failures turned into Refine HttpErrors carrying the
 * server's message and field errors.
 */
import type { HttpError } from "@refinedev/core";
import type { FieldError } from "../../lib/errors.ts";
import { STEP_UP_PATH } from "../../../resources/step-up.ts";
import { takeEarly } from "./early-reads.ts";

let csrfToken: string | undefined;
export const setCsrfToken = (token: string | undefined) => {
  csrfToken = token;
};

export type ApiError = HttpError & { errors: FieldError[] };

export function isApiError(e: unknown): e is ApiError {
  return typeof e === "object" && e !== null && "statusCode" in e && "message" in e;
}

/**
 * Asked when the server wants the person to confirm it is them (a 403 on the "step_up" path,
 * resources/step-up.ts): resolves once they have, rejects when they decline. The console's
 * "Confirm it's you" dialog registers itself here; the request is then sent again, once.
 */
type StepUpPrompt = (hint: string) => Promise<void>;
let stepUpPrompt: StepUpPrompt | undefined;
export function setStepUpPrompt(prompt: StepUpPrompt) {
  stepUpPrompt = prompt;
  return () => {
    if (stepUpPrompt === prompt) stepUpPrompt = undefined;
  };
}

const stepUpHint = (e: ApiError) => (e.statusCode === 403 ? e.errors.find((f) => f.path === STEP_UP_PATH)?.message : undefined);

/**
 * The calls on their way. Signing out waits for them (untilAnswered) before it ends the session: a
 * call the server took after the session ended would be answered 401, which the browser logs as an
 * error, and the page it was for is already gone.
 */
const inFlight = new Set<Promise<unknown>>();
function tracked(request: Promise<Response>): Promise<Response> {
  inFlight.add(request);
  const done = () => inFlight.delete(request);
  request.then(done, done);
  return request;
}

/** Resolves once no call is on its way, or after `limitMs` however many still are. */
export async function untilAnswered(limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (inFlight.size && Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => (timer = setTimeout(r, deadline - Date.now())))]);
    clearTimeout(timer);
  }
}

/** One request: the envelope unwrapped, a failure as an ApiError, a step-up asked for and the request sent again. */
async function send<T>(request: () => Promise<Response>, mayStepUp = true): Promise<{ message: string; data: T }> {
  const res = await request();
  const json = await res.json().catch(() => ({}));
  if (res.ok) return json;
  const error: ApiError = { message: json.message ?? `Request failed (${res.status})`, statusCode: res.status, errors: json.errors ?? [] };
  const hint = stepUpHint(error);
  if (hint && mayStepUp && stepUpPrompt) {
    // Declined: the refusal stands, with its message.
    await stepUpPrompt(hint).catch(() => {
      throw error;
    });
    return send(request, false);
  }
  throw error;
}

export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ message: string; data: T }> {
  const early = method === "GET" ? takeEarly<{ message: string; data: T }>(path) : undefined;
  if (early) return early;
  return send<T>(() =>
    tracked(
      fetch(`/api/${path.replace(/^\//, "")}`, {
        method,
        credentials: "same-origin",
        headers: {
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...(method !== "GET" && csrfToken ? { "x-csrf-token": csrfToken } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      }),
    ),
  );
}

/** Downloads a file the API serves (receipts, statements, PDFs) and hands it to the browser. */
export async function download(path: string, fallbackName: string): Promise<void> {
  const res = await tracked(fetch(`/api/${path.replace(/^\//, "")}`, { credentials: "same-origin" }));
  if (!res.ok) {
    const json = await res.json().catch(() => ({}));
    throw { message: json.message ?? "Download failed", statusCode: res.status, errors: json.errors ?? [] } satisfies ApiError;
  }
  const disposition = res.headers.get("content-disposition") ?? "";
  // The exact name (filename*, UTF-8) when the server gives one, else the ASCII fallback.
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = exact ? decodeURIComponent(exact) : (/filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A multipart write (file uploads): like `api`, but the browser sets the multipart content type and
 * its boundary itself, so none is given here.
 */
export async function apiForm<T = unknown>(method: string, path: string, formData: FormData): Promise<{ message: string; data: T }> {
  return send<T>(() =>
    tracked(
      fetch(`/api/${path.replace(/^\//, "")}`, {
        method,
        credentials: "same-origin",
        headers: csrfToken ? { "x-csrf-token": csrfToken } : {},
        body: formData,
      }),
    ),
  );
}

/**
 * The public invoice API. No session, cookies or CSRF: the reference in the URL is the only
 * credential, so requests omit credentials and never touch /api/session.
 */
import type { PublicInvoice } from "../../../resources/invoices.ts";

export type { PublicInvoice };

export class PublicApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const base = (reference: string) => `/api/public/invoicing/invoices/${encodeURIComponent(reference)}`;

async function fail(res: Response, fallback: string): Promise<never> {
  const json = (await res.json().catch(() => ({}))) as { message?: unknown };
  throw new PublicApiError(typeof json.message === "string" && json.message ? json.message : fallback, res.status);
}

export async function fetchInvoice(reference: string, signal?: AbortSignal): Promise<PublicInvoice> {
  const res = await fetch(base(reference), { credentials: "omit", signal });
  if (!res.ok) return fail(res, `Request failed (${res.status})`);
  return ((await res.json()) as { data: PublicInvoice }).data;
}

export async function notifyPayment(reference: string): Promise<string> {
  const res = await fetch(`${base(reference)}/payment-notification`, { method: "POST", credentials: "omit" });
  if (!res.ok) return fail(res, "Could not send the notification");
  return ((await res.json().catch(() => ({}))) as { message?: string }).message ?? "Notification sent";
}

/** The exact name (filename*, UTF-8) when the server gives one, else the ASCII fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition ?? "")?.[1] ?? fallback;
}

/** Fetches the PDF as a blob (so failures can be reported instead of navigating to a JSON error). */
export async function downloadInvoice(reference: string, fallbackName: string): Promise<void> {
  const res = await fetch(`${base(reference)}/download`, { credentials: "omit" });
  if (!res.ok) return fail(res, "Download failed");
  const name = filenameOf(res.headers.get("content-disposition"), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * API keys and webhooks (SPEC §3 API key, Webhook; §4 states; §5 forms; §7 Developers). The forms
 * validate with these in the browser and the server validates the same bodies.
 *
 * API: GET/POST /api-keys, GET /api-keys/:id, POST /api-keys/:id/disable;
 * GET /iris/v1/client-webhooks/available-events, GET/POST /iris/v1/client-webhooks,
 * GET/PUT /iris/v1/client-webhooks/:id, PATCH .../:id/enable | /disable, GET .../:id/deliveries,
 * GET .../:id/deliveries/:deliveryId, POST .../:id/deliveries/:deliveryId/resend, POST .../:id/test,
 * POST .../:id/rotate-secret.
 */
import { z } from "zod";
import { PERMISSION_NAMES, type Permission } from "../policies/catalog.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";

export const WEBHOOK_SECRET_LENGTH = 12;
/** After a rotation the replaced secret keeps signing beside the new one this long, so receivers can switch without losing events. */
export const SECRET_OVERLAP_HOURS = 24;
/** The event 'Send test event' delivers: never subscribable, sent only on request to one webhook. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
/** How much of a receiver's answer a delivery keeps. */
export const RESPONSE_EXCERPT_LENGTH = 1_000;

/** The events a webhook can subscribe to, with what each means. */
export const WEBHOOK_EVENTS = {
  "transaction.deposit.completed": "Money arrived in an account or wallet",
  "payment.completed": "A payment, send or bulk payment row was completed",
  "payment.failed": "A payment failed at the partner",
  "approval.requested": "A payment is waiting for approval",
  "approval.approved": "An approval request was approved",
  "approval.rejected": "An approval request was rejected",
  "invoice.issued": "An invoice was issued",
  "invoice.paid": "An invoice was paid in full or in part",
  "customer.created": "A customer was created",
  "sub_account.created": "A sub-account was opened",
  "sub_account.frozen": "A sub-account was frozen",
  "sub_account.unfrozen": "A sub-account was unfrozen",
  "kyb.updated": "The business's verification (KYB) changed",
} as const;
export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as [WebhookEvent, ...WebhookEvent[]];

const name = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters");

export const ApiKeyInput = z.object({
  name,
  description: z.string().trim().max(300, "Description must be at most 300 characters").optional().default(""),
  /** An instant (ISO 8601) or a day (YYYY-MM-DD, the end of that UTC day); none means the key does not expire. */
  expiry_date: z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), "Enter a valid date")
    .transform((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : new Date(v).toISOString()))
    .refine((v) => Date.parse(v) > Date.now(), "Date must be in the future")
    .nullable()
    .optional(),
  grants: z
    .array(z.enum(PERMISSION_NAMES as [Permission, ...Permission[]], { error: "Unknown permission" }), { error: "Select at least one permission" })
    .min(1, "Select at least one permission"),
});
export type ApiKeyInput = z.input<typeof ApiKeyInput>;

export const API_KEY_STATES = ["ENABLED", "EXPIRED", "DISABLED"] as const;
const apiKeyFields = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  masked_key: z.string(),
  created_date: z.string(),
  expiry_date: z.string().nullable(),
  grants: z.array(z.string()),
  state: z.enum(API_KEY_STATES),
  last_used_at: z.string().nullable(),
  /** Made by the member asking: they may disable it (others' keys need users_write). */
  is_own: z.boolean(),
};
export const ApiKey = z.object(apiKeyFields).meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof ApiKey>;
/** The answer to a key's creation: the key itself, this once (it cannot be read again). */
export const NewApiKey = z.object({ ...apiKeyFields, api_key: z.string() }).meta({ id: "NewApiKey" });

/** SPEC §5 Webhook: trimmed, required, a URL, and one a server can POST to (http or https). */
export const WebhookUrl = z
  .string({ error: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(2000, "Enter a valid URL")
  .refine((v) => URL.canParse(v), "Must be a valid URL")
  .refine((v) => {
    const u = URL.canParse(v) ? new URL(v) : null;
    return !!u && (u.protocol === "https:" || u.protocol === "http:") && !!u.hostname;
  }, "Enter a valid URL");

const events = z.array(z.enum(WEBHOOK_EVENT_NAMES, { error: "Unknown event" }), { error: "Select at least one event" }).min(1, "Select at least one event");

/** Made in the browser: 12 random letters and digits (SPEC §9). */
const WebhookSecret = z
  .string({ error: "Secret is required" })
  .regex(new RegExp(`^[A-Za-z0-9]{${WEBHOOK_SECRET_LENGTH}}$`), `Secret must be ${WEBHOOK_SECRET_LENGTH} letters and digits`);

export const WebhookInput = z.object({ url: WebhookUrl, secret: WebhookSecret, enabled_events: events });
export type WebhookInput = z.input<typeof WebhookInput>;
/** POST .../:id/rotate-secret: the new secret, made in the browser like the first one. */
export const WebhookSecretRotation = z.object({ secret: WebhookSecret });
export type WebhookSecretRotation = z.input<typeof WebhookSecretRotation>;
export const WebhookUpdate = z.object({ url: WebhookUrl, enabled_events: events });

export const WEBHOOK_STATES = ["ENABLED", "DISABLED"] as const;
export const Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    /** The whole secret only in the answer to its creation; afterwards its last characters. */
    secret: z.string(),
    enabled_events: z.array(z.string()),
    state: z.enum(WEBHOOK_STATES),
    created_date: z.string(),
    /** Until then the secret replaced by the last rotation still verifies too; null when only one secret signs. */
    previous_secret_expires_at: z.string().nullable(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof Webhook>;

/** A delivery attempt as sent: the headers (signature included) and the body. */
export const WebhookRequest = z.object({ headers: z.record(z.string(), z.string()), body: z.string() });
export type WebhookRequest = z.infer<typeof WebhookRequest>;

export const WebhookDelivery = z
  .object({
    id: z.string(),
    message_id: z.string(),
    event_type: z.string(),
    state: z.enum(["PENDING", "DELIVERED", "FAILED"]),
    attempts: z.number(),
    last_status_code: z.number().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    created_date: z.string(),
    delivered_at: z.string().nullable(),
    /**
     * The last attempt: what was sent (null before the first), the receiver's status and the start of its
     * answer. The request and the answer are null for members who may not edit webhooks (they see the status).
     */
    request: WebhookRequest.nullable(),
    response_status_code: z.number().nullable(),
    response_body_excerpt: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const DeliveryParams = z.object({ id: z.string(), deliveryId: z.string() });
const keys = (act: string) => ({ obj: "api-keys", act });
const hooks = (act: string) => ({ obj: "webhooks", act });
const WEBHOOKS = "/iris/v1/client-webhooks";
const tag = "developers";

/**
 * Developers (SPEC §7): API keys and webhooks, managed by people (never by a key) of businesses
 * with API_ACCESS. A key's secret is in the answer to its creation only.
 */
export const developerEndpoints = {
  listApiKeys: endpoint({
    method: "GET",
    path: "/api-keys",
    summary: "List API keys",
    tag,
    access: keys("list"),
    query: PageQuery,
    answer: { page: ApiKey },
  }),
  showApiKey: endpoint({
    method: "GET",
    path: "/api-keys/:id",
    summary: "Get an API key",
    tag,
    access: keys("show"),
    params: IdParams,
    answer: { one: ApiKey },
  }),
  // A key acts without a person: creating one needs a fresh step-up, as re-enabling a webhook does.
  createApiKey: endpoint({
    method: "POST",
    path: "/api-keys",
    summary: "Create an API key",
    tag,
    access: keys("create"),
    stepUp: true,
    body: ApiKeyInput,
    status: 201,
    answer: { one: NewApiKey },
  }),
  disableApiKey: endpoint({
    method: "POST",
    path: "/api-keys/:id/disable",
    summary: "Disable an API key",
    tag,
    access: keys("disable"),
    params: IdParams,
    answer: { one: ApiKey },
  }),
  availableEvents: endpoint({
    method: "GET",
    path: `${WEBHOOKS}/available-events`,
    summary: "List available webhook events",
    tag,
    access: hooks("list"),
    answer: { one: z.array(z.object({ name: z.string(), description: z.string() })) },
  }),
  listWebhooks: endpoint({
    method: "GET",
    path: WEBHOOKS,
    summary: "List webhooks",
    tag,
    access: hooks("list"),
    query: PageQuery,
    answer: { page: Webhook },
  }),
  createWebhook: endpoint({
    method: "POST",
    path: WEBHOOKS,
    summary: "Create a webhook",
    tag,
    access: hooks("create"),
    body: WebhookInput,
    status: 201,
    answer: { one: Webhook },
  }),
  showWebhook: endpoint({
    method: "GET",
    path: `${WEBHOOKS}/:id`,
    summary: "Get a webhook",
    tag,
    access: hooks("show"),
    params: IdParams,
    answer: { one: Webhook },
  }),
  updateWebhook: endpoint({
    method: "PUT",
    path: `${WEBHOOKS}/:id`,
    summary: "Update a webhook",
    tag,
    access: hooks("edit"),
    params: IdParams,
    body: WebhookUpdate,
    answer: { one: Webhook },
  }),
  enableWebhook: endpoint({
    method: "PATCH",
    path: `${WEBHOOKS}/:id/enable`,
    summary: "Enable a webhook",
    tag,
    access: hooks("edit"),
    stepUp: true,
    params: IdParams,
    answer: { one: Webhook },
  }),
  disableWebhook: endpoint({
    method: "PATCH",
    path: `${WEBHOOKS}/:id/disable`,
    summary: "Disable a webhook",
    tag,
    access: hooks("edit"),
    params: IdParams,
    answer: { one: Webhook },
  }),
  // What was sent and what the receiver answered: for those who may edit the webhook (point it somewhere), not every reader.
  deliveries: endpoint({
    method: "GET",
    path: `${WEBHOOKS}/:id/deliveries`,
    summary: "List a webhook's deliveries",
    tag,
    access: hooks("show"),
    params: IdParams,
    query: PageQuery,
    answer: { page: WebhookDelivery },
  }),
  delivery: endpoint({
    method: "GET",
    path: `${WEBHOOKS}/:id/deliveries/:deliveryId`,
    summary: "Get a webhook delivery",
    tag,
    access: hooks("show"),
    params: DeliveryParams,
    answer: { one: WebhookDelivery },
  }),
  // The delivery console (issue 15): resend, test event, secret rotation; changes like editing the webhook.
  resendDelivery: endpoint({
    method: "POST",
    path: `${WEBHOOKS}/:id/deliveries/:deliveryId/resend`,
    summary: "Resend a webhook delivery",
    tag,
    access: hooks("resend"),
    params: DeliveryParams,
    status: 201,
    answer: { one: WebhookDelivery },
  }),
  sendTestEvent: endpoint({
    method: "POST",
    path: `${WEBHOOKS}/:id/test`,
    summary: "Send a test webhook event",
    tag,
    access: hooks("test"),
    params: IdParams,
    status: 201,
    answer: { one: WebhookDelivery },
  }),
  rotateSecret: endpoint({
    method: "POST",
    path: `${WEBHOOKS}/:id/rotate-secret`,
    summary: "Rotate a webhook's signing secret",
    tag,
    access: hooks("rotate-secret"),
    params: IdParams,
    body: WebhookSecretRotation,
    answer: { one: Webhook },
  }),
};

/** A 12-character secret from the browser's CSPRNG, without modulo bias. */
export function generateWebhookSecret(random: (n: number) => Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let out = "";
  while (out.length < WEBHOOK_SECRET_LENGTH) {
    for (const b of random(32)) if (b < 248 && out.length < WEBHOOK_SECRET_LENGTH) out += alphabet[b % 62];
  }
  return out;
}

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
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";
import { sortParam } from "./list-query.ts";

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
  "schedule.created": "A scheduled or recurring payment was set up",
  "schedule.updated": "A payment schedule's amount or next date changed",
  "schedule.paused": "A payment schedule was paused (by a member, or after a failed payment)",
  "schedule.resumed": "A payment schedule was resumed",
  "schedule.cancelled": "A payment schedule was cancelled",
  "schedule.ended": "A payment schedule made its last payment",
  "schedule.occurrence.paid": "A scheduled payment was made (the payment then goes its own way)",
  "schedule.occurrence.failed": "A scheduled payment could not be made (e.g. insufficient funds)",
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
/** The API keys list's orders: name (ignoring case), creation (the default, newest first), expiry, last use. */
export const API_KEY_SORTS = ["name", "created_date", "expiry_date", "last_used_at"] as const;
/** The webhooks list's orders: URL, state, creation (the default, newest first). */
export const WEBHOOK_SORTS = ["url", "state", "created_date"] as const;

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
    query: PageQuery.extend({ sort: sortParam(API_KEY_SORTS, "-created_date") }),
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
    changes: ["api-keys"],
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
    changes: ["api-keys"],
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
    query: PageQuery.extend({ sort: sortParam(WEBHOOK_SORTS, "-created_date") }),
    answer: { page: Webhook },
  }),
  createWebhook: endpoint({
    method: "POST",
    path: WEBHOOKS,
    summary: "Create a webhook",
    tag,
    access: hooks("create"),
    changes: ["webhooks"],
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
    changes: ["webhooks"],
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
    changes: ["webhooks"],
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
    changes: ["webhooks"],
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
    changes: ["webhooks"],
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
    changes: ["webhooks"],
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
    changes: ["webhooks"],
    params: IdParams,
    body: WebhookSecretRotation,
    answer: { one: Webhook },
  }),
};

/** SPEC §4 shows key and webhook states as the API names them (ENABLED, not Enabled). */
const AS_NAMED = (states: readonly string[]) => Object.fromEntries(states.map((s) => [s, s]));
/**
 * The Api Keys tab (SPEC §3 API key, §4, §9 page size 10): masked keys only; a row opens the details;
 * 'Generate API key' leads to the one showing of the key; 'Disable' (confirmed; never re-enabled) for
 * the member's own keys, or anyone's with api-keys/disable-any.
 */
export const apiKeys = defineResource<ApiKey>({
  ...catalogEntry("api-keys"),
  title: "Api Keys",
  subtitle: "Keys let your systems call the API with the permissions you grant them.",
  api: { list: developerEndpoints.listApiKeys, one: developerEndpoints.showApiKey, create: developerEndpoints.createApiKey },
  schema: ApiKey,
  access: { obj: "api-keys" },
  columns: [
    { field: "name", title: "Name", sort: "name" },
    { field: "masked_key", title: "Key", render: "code" },
    { field: "grants", title: "Permissions", render: "tags" },
    { field: "created_date", title: "Created", render: "date", sort: "created_date" },
    { field: "expiry_date", title: "Expires", render: "date", emptyText: "Never", sort: "expiry_date" },
    { field: "last_used_at", title: "Last used", render: "datetime", emptyText: "Never", sort: "last_used_at" },
    { field: "state", title: "Status", render: "status", labels: AS_NAMED(API_KEY_STATES) },
    // Long grant lists scroll the table sideways; the action stays in reach.
    { field: "actions", title: "Action", render: "buttons", fixed: "right" },
  ],
  filters: [],
  detail: [
    { field: "name", label: "Name" },
    { field: "description", label: "Description" },
    { field: "masked_key", label: "Key", render: "code" },
    { field: "grants", label: "Permissions", render: "tags" },
    { field: "state", label: "Status", render: "status", labels: AS_NAMED(API_KEY_STATES) },
    { field: "created_date", label: "Created", render: "datetime" },
    { field: "expiry_date", label: "Expires", render: "datetime", emptyText: "Never" },
    { field: "last_used_at", label: "Last used", render: "datetime", emptyText: "Never" },
  ],
  actions: [
    {
      key: "disable",
      label: "Disable",
      endpoint: developerEndpoints.disableApiKey,
      states: ["ENABLED"],
      when: { is_own: ["true"] },
      waivedBy: { obj: "api-keys", act: "disable-any" },
      confirm: "Disable the API key '{name}'?",
      confirmBody: "Calls made with it will be refused from now on. A disabled key cannot be enabled again.",
      danger: true,
    },
  ],
  pageSize: 10,
  createLabel: "Generate API key",
  createComponent: "api-key-create",
  detailsModal: "api-key-details",
  empty: { body: "You have not generated any API keys yet." },
  emptyFiltered: { body: "You have not generated any API keys yet." },
  errorMessage: "Error fetching api keys",
  recordTitle: (k) => k.name,
});

/**
 * The Webhooks tab (SPEC §3 Webhook, §4, §9 page size 10): the endpoints with their events and state;
 * a row opens the details and the delivery console; 'Add webhook', 'Edit', and 'Disable' (confirmed)
 * or 'Enable' for those who administer the business's webhooks.
 */
export const webhooks = defineResource<Webhook>({
  ...catalogEntry("webhooks"),
  title: "Webhooks",
  subtitle: "Webhooks POST signed events to your endpoint as they happen.",
  api: {
    list: developerEndpoints.listWebhooks,
    one: developerEndpoints.showWebhook,
    create: developerEndpoints.createWebhook,
    update: developerEndpoints.updateWebhook,
  },
  schema: Webhook,
  access: { obj: "webhooks" },
  columns: [
    { field: "url", title: "URL", render: "url", sort: "url" },
    { field: "enabled_events", title: "Events", render: "tags", tagLimit: { shown: 2, noun: "events" } },
    { field: "state", title: "Status", render: "status", labels: AS_NAMED(WEBHOOK_STATES), sort: "state" },
    { field: "created_date", title: "Created", render: "date", sort: "created_date" },
    { field: "actions", title: "Action", render: "buttons", fixed: "right" },
  ],
  filters: [],
  detail: [
    { field: "url", label: "URL", render: "url" },
    { field: "secret", label: "Signing secret", render: "code" },
    { field: "enabled_events", label: "Events", render: "tags" },
    { field: "state", label: "Status", render: "status", labels: AS_NAMED(WEBHOOK_STATES) },
    { field: "created_date", label: "Created", render: "datetime" },
  ],
  // SPEC §4: disabling stops pending deliveries, so it asks first; enabling (with a step-up) does not.
  actions: [
    {
      key: "disable",
      label: "Disable",
      endpoint: developerEndpoints.disableWebhook,
      states: ["ENABLED"],
      confirm: "Disable this webhook?",
      confirmBody: "Events will no longer be sent to {url} until it is enabled again.",
      danger: true,
    },
    { key: "enable", label: "Enable", endpoint: developerEndpoints.enableWebhook, states: ["DISABLED"] },
  ],
  pageSize: 10,
  createLabel: "Add webhook",
  createComponent: "webhook-create",
  editComponent: "webhook-edit",
  detailsModal: "webhook-details",
  empty: { body: "You have not created any Webhooks yet." },
  emptyFiltered: { body: "You have not created any Webhooks yet." },
  errorMessage: "Error fetching webhooks",
  recordTitle: (w) => w.url,
});

/** A 12-character secret from the browser's CSPRNG, without modulo bias. */
export function generateWebhookSecret(random: (n: number) => Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let out = "";
  while (out.length < WEBHOOK_SECRET_LENGTH) {
    for (const b of random(32)) if (b < 248 && out.length < WEBHOOK_SECRET_LENGTH) out += alphabet[b % 62];
  }
  return out;
}

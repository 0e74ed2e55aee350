/**
 * The demo's Developers page (through the same services as the API): a working read-only key, a
 * disabled one, and a webhook the ERP would receive — disabled, since the demo has no ERP to answer.
 */
import { ApiKeyInput, WebhookInput, generateWebhookSecret } from "../../../resources/developers.ts";
import { randomBytes } from "node:crypto";
import type { Services } from "../services/index.ts";

export async function seedDevelopers(services: Services, businessId: string, owner: { businessUserId: string; permissions: string[] }) {
  await services.apiKeys.create(
    businessId,
    owner,
    ApiKeyInput.parse({ name: "Accounting sync", description: "Nightly statement export to the ledger", grants: ["statements_read"] }),
  );
  const old = await services.apiKeys.create(
    businessId,
    owner,
    ApiKeyInput.parse({ name: "Old payouts integration", grants: ["transactions_write", "statements_read"] }),
  );
  await services.apiKeys.disable(businessId, owner.businessUserId, old.id);
  const hook = await services.webhooks.create(
    businessId,
    WebhookInput.parse({
      url: "https://erp.demo.example/hooks/stablebank",
      secret: generateWebhookSecret((n) => new Uint8Array(randomBytes(n))),
      enabled_events: ["payment.completed", "payment.failed", "transaction.deposit.completed", "invoice.paid"],
    }),
    { uncheckedTarget: true },
  ); // A name that resolves nowhere, on any server: a guarded one would refuse it on save.
  await services.webhooks.setEnabled(businessId, hook.id, false);
}

/**
 * The demo's saved views (issue 30), made through the service as the owner would save them: a view
 * shared with the team ("Failed payments", the transactions that need a retry) and a private one of
 * the owner's (the largest transfers first, with fewer columns), so a newcomer sees both kinds of tab.
 */
import type { Services } from "../services/index.ts";

export async function seedSavedViews(services: Services, businessId: string, ownerUserId: string) {
  const owner = { businessId, userId: ownerUserId, isOwner: true };
  await services.savedViews.create(owner, {
    list: "transactions",
    name: "Failed payments",
    shared: true,
    params: { states: ["FAILED"], sort: "-created_date" },
    columns: null,
  });
  await services.savedViews.create(owner, {
    list: "transactions",
    name: "Largest transfers",
    shared: false,
    params: { type: ["TRANSFER"], sort: "-amount" },
    columns: ["created_date", "signed_amount", "beneficiary.name", "state", "id"],
  });
}

/**
 * The demo's scheduled payments (issue 29), made and approved through the services as a member
 * would: the studio rent each month, a weekly payroll top-up whose first payment the scheduler makes
 * today (seeded on a Saturday or Sunday, on the Monday after: bank payments keep business days), and
 * a paused weekly stablecoin send.
 */
import { addDays } from "../../lib/schedule-dates.ts";
import { todayUtc } from "../../lib/dates.ts";
import { CreatePaymentSchedule } from "../../../resources/payment-schedules.ts";
import { runDueSchedules } from "../jobs/payment-schedules.ts";
import { answeringAtOnce, runPaymentProcessing } from "../jobs/payments.ts";
import type { Services } from "../services/index.ts";

export async function seedSchedules(services: Services, businessId: string, makerId: string, approverId: string) {
  const { db } = services.ctx;
  const today = todayUtc();
  const accounts = (await services.accounts.list(businessId, { page: 1, limit: 100 })).items;
  const wallets = (await services.wallets.list(businessId, { page: 1, limit: 100 })).items;
  const bens = (await services.beneficiaries.list(businessId, { page: 1, limit: 100 })).items;
  const ben = (name: string) => bens.find((b) => b.name === name)!.id;
  const make = async (input: Record<string, unknown>) => {
    const made = await db.transaction((tx) => services.paymentSchedules.create(tx, businessId, makerId, CreatePaymentSchedule.parse(input)));
    const [request] = (await services.approvals.list(businessId, { page: 1, limit: 100, states: ["PENDING"] })).items.filter((r) => r.entity_id === made.id);
    if (request) await services.approvals.decide(businessId, approverId, request.id, "approve");
    return made;
  };
  await make({
    kind: "bank",
    source_id: accounts.find((a) => a.currency === "GBP")!.id,
    beneficiary_id: ben("Thames Design Studio"),
    amount: "185000",
    description: "Studio rent, London office",
    reference: "RENT",
    frequency: "MONTHLY",
    day_of_month: 1,
    start_date: addDays(today, 1),
  });
  await make({
    kind: "bank",
    source_id: accounts.find((a) => a.currency === "NGN")!.id,
    beneficiary_id: ben("Emeka Nwosu"),
    amount: "15000000",
    description: "Weekly payroll top-up",
    frequency: "WEEKLY",
    start_date: today,
    end_kind: "AFTER",
    end_after: 26,
  });
  const paused = await make({
    kind: "stablecoin",
    source_id: wallets.find((w) => w.currency === "USDT")!.id,
    beneficiary_id: ben("Atlas Trading DMCC"),
    amount: "250000000",
    description: "Weekly supplier float",
    frequency: "WEEKLY",
    start_date: addDays(today, 2),
  });
  await services.paymentSchedules.pause(businessId, paused.id);
  // Today's payroll payment, as the running scheduler would make it, settled by the rails like the demo's other payments.
  await runDueSchedules(db, services);
  const partners = answeringAtOnce(services.providers);
  await runPaymentProcessing(db, partners);
  await runPaymentProcessing(db, partners);
}

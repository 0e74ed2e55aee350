/**
 * The getting-started checklist (SPEC §2, §4 Onboarding steps), computed from the business's real
 * data: KYB approved, an account or wallet with a deposit address, a completed deposit, a
 * beneficiary, a completed outgoing payment. Steps unlock in that order; the percentage follows the
 * number of completed steps (SPEC §9).
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { accountRequests, accounts, beneficiaries, businessUsers, businesses, transactions, wallets } from "../db/schema/index.ts";
import { conflict } from "../../lib/errors.ts";
import {
  ONBOARDING_PERCENTAGES,
  STEP_TITLES,
  type Checklist,
  type ChecklistStep,
  type KycState,
  type ReviewStatus,
  type StepKey,
} from "../../../resources/kyb.ts";
import type { ServiceContext } from "./context.ts";
import type { kybService } from "./kyb.ts";

const exists = async (query: { limit: (n: number) => PromiseLike<unknown[]> }) => (await query.limit(1)).length > 0;

/** What the checklist is computed from. */
type Facts = {
  name: string;
  kycState: KycState;
  reviewStatus: ReviewStatus;
  reason: string | null;
  verificationUrl: string | null;
  firstAccount: { kind: "account" | "wallet"; id: string } | null;
  accountRequested: boolean;
  funded: boolean;
  beneficiary: boolean;
  paid: boolean;
  skipped: boolean;
};

async function factsOf(q: Queryable, businessId: string, businessUserId: string, openCase: (q: Queryable) => Promise<{ url: string }>): Promise<Facts> {
  const [b] = await q.select().from(businesses).where(eq(businesses.id, businessId));
  const closed = b.reviewStatus === "APPROVED" || b.reviewStatus === "REJECTED";
  // The link is issued the first time someone sees the step (CREATED → READY); a closed case needs none.
  const verificationUrl = closed ? null : (await openCase(q)).url;
  const [state] = await q
    .select({ kycState: businesses.kycState, reviewStatus: businesses.reviewStatus, reason: businesses.kybReason })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const [account] = await q
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.businessId, businessId),
        isNull(accounts.parentAccountId),
        isNull(accounts.customerId),
        sql`jsonb_array_length(${accounts.depositAddresses}) > 0`,
      ),
    )
    .orderBy(accounts.createdAt)
    .limit(1);
  const [wallet] = account
    ? []
    : await q
        .select({ id: wallets.id })
        .from(wallets)
        .where(and(eq(wallets.businessId, businessId), isNull(wallets.parentWalletId), ne(wallets.address, "")))
        .orderBy(wallets.createdAt)
        .limit(1);
  const completed = (types: string[], direction: string) =>
    exists(
      q
        .select({ id: transactions.id })
        .from(transactions)
        .where(
          and(
            eq(transactions.businessId, businessId),
            inArray(transactions.type, types),
            eq(transactions.direction, direction),
            eq(transactions.state, "COMPLETED"),
          ),
        ),
    );
  const [me] = await q.select({ skippedAt: businessUsers.onboardingSkippedAt }).from(businessUsers).where(eq(businessUsers.id, businessUserId));
  return {
    name: b.name,
    kycState: state.kycState as KycState,
    reviewStatus: state.reviewStatus as ReviewStatus,
    reason: state.reason,
    verificationUrl,
    firstAccount: account ? { kind: "account", id: account.id } : wallet ? { kind: "wallet", id: wallet.id } : null,
    accountRequested: await exists(
      q
        .select({ id: accountRequests.id })
        .from(accountRequests)
        .where(and(eq(accountRequests.businessId, businessId), eq(accountRequests.state, "READY"))),
    ),
    funded: await completed(["DEPOSIT"], "inbound"),
    beneficiary: await exists(
      q
        .select({ id: beneficiaries.id })
        .from(beneficiaries)
        .where(and(eq(beneficiaries.businessId, businessId), eq(beneficiaries.state, "ACTIVE"))),
    ),
    paid: await completed(["TRANSFER", "WITHDRAWAL"], "outbound"),
    skipped: !!me?.skippedAt,
  };
}

function kybStep(f: Facts): Omit<ChecklistStep, "key" | "title" | "active"> {
  switch (f.reviewStatus) {
    case "APPROVED":
      return { state: "completed", label: null, description: "Your business is verified.", action: null };
    case "REJECTED":
      return {
        state: "rejected",
        label: "KYB Rejected",
        description: `Your business verification was not approved${f.reason ? `: ${f.reason}` : ""}. Please contact support.`,
        action: null,
      };
    case "CORRECTION_REQUESTED":
      return {
        state: "awaiting_action",
        label: "Correction requested",
        description: `Please correct your verification${f.reason ? `: ${f.reason}` : ""}.`,
        action: { kind: "verification", url: f.verificationUrl!, event: "kyb_correction_started" },
      };
    default:
      if (f.kycState === "IN_REVIEW")
        return { state: "pending", label: "KYB In Review", description: "We are reviewing your business. We will email you when it is decided.", action: null };
      return {
        state: "awaiting_action",
        label: null,
        description: "Tell us about your business, its directors and owners, and upload its documents.",
        action: { kind: "verification", url: f.verificationUrl!, event: "kyb_verification_started" },
      };
  }
}

/** Pure: the checklist from the facts (unit-testable for every combination). */
export function checklistOf(f: Facts): Omit<Checklist, "review_console_url"> {
  const accountHref = f.firstAccount
    ? f.firstAccount.kind === "account"
      ? `/accounts/${f.firstAccount.id}`
      : `/crypto/wallets/${f.firstAccount.id}`
    : "/accounts";
  const payHref = f.firstAccount?.kind === "wallet" ? "/crypto/send-stablecoins" : "/payments/send/money";
  const later: Record<Exclude<StepKey, "kyb">, () => Omit<ChecklistStep, "key" | "title" | "active">> = {
    open_account: () =>
      f.firstAccount
        ? { state: "completed", label: null, description: "Your account is open and can receive money.", action: null }
        : f.accountRequested
          ? { state: "pending", label: "In progress", description: "Your account request is in progress.", action: null }
          : {
              state: "awaiting_action",
              label: null,
              description: "Open a currency account or a stablecoin wallet.",
              action: { kind: "link", to: "/accounts", label: "Open account" },
            },
    fund_account: () =>
      f.funded
        ? { state: "completed", label: null, description: "Money has arrived in your account.", action: null }
        : {
            state: "awaiting_action",
            label: null,
            description: "Send money to your account's deposit details.",
            action: { kind: "link", to: accountHref, label: "Fund account" },
          },
    add_beneficiary: () =>
      f.beneficiary
        ? { state: "completed", label: null, description: "You have someone to pay.", action: null }
        : {
            state: "awaiting_action",
            label: null,
            description: "Save the details of someone you pay.",
            action: { kind: "link", to: "/payments/beneficiaries/create", label: "Add beneficiary" },
          },
    first_payment: () =>
      f.paid
        ? { state: "completed", label: null, description: "Your first payment has been completed.", action: null }
        : { state: "awaiting_action", label: null, description: "Pay your beneficiary.", action: { kind: "link", to: payHref, label: "Make payment" } },
  };
  const steps: ChecklistStep[] = [];
  let earlierDone = true;
  for (const key of ["kyb", "open_account", "fund_account", "add_beneficiary", "first_payment"] as const) {
    const step = key === "kyb" ? kybStep(f) : later[key]();
    const active = earlierDone;
    // A locked step offers nothing yet: its action appears once every earlier step is done.
    steps.push({ key, title: STEP_TITLES[key], active, ...step, action: active ? step.action : null });
    earlierDone &&= step.state === "completed";
  }
  const done = steps.filter((s) => s.state === "completed").length;
  const complete = done === steps.length;
  return {
    business_name: f.name,
    kyc_state: f.kycState,
    review_status: f.reviewStatus,
    percentage: ONBOARDING_PERCENTAGES[done],
    complete,
    can_skip: !!f.firstAccount && !complete,
    skipped: f.skipped,
    steps,
  };
}
export type { Facts as ChecklistFacts };

export function gettingStartedService({ db, config }: ServiceContext, deps: { kyb: ReturnType<typeof kybService> }) {
  const reviewConsole = config.sandbox ? `${config.publicUrl}/sandbox/kyb` : null;
  const read = async (q: Queryable, businessId: string, businessUserId: string): Promise<Checklist> => ({
    ...checklistOf(await factsOf(q, businessId, businessUserId, (tx) => deps.kyb.openCase(tx, businessId))),
    review_console_url: reviewConsole,
  });
  return {
    checklist: (businessId: string, businessUserId: string): Promise<Checklist> => db.transaction((tx) => read(tx, businessId, businessUserId)),
    /** 'Skip for now': remembered for this member; offered only with an account and setup incomplete. */
    skipSetup: (businessId: string, businessUserId: string) =>
      db.transaction(async (tx) => {
        const list = await read(tx, businessId, businessUserId);
        if (list.complete) throw conflict("Setup is already complete");
        if (!list.can_skip) throw conflict("Open an account before skipping setup");
        await tx
          .update(businessUsers)
          .set({ onboardingSkippedAt: new Date() })
          .where(and(eq(businessUsers.id, businessUserId), eq(businessUsers.businessId, businessId)));
        return { ...list, skipped: true };
      }),
  };
}

/** Sandbox-only calls (not registered when SANDBOX=false): a session's step-up ended early, the emails the product "sent", a deposit from outside. */
import { z } from "zod";
import { BLOCKCHAINS, FIAT_CURRENCIES, STABLECOINS } from "../src/lib/assets.ts";
import { endpoint } from "./define-endpoint.ts";
import { MinorAmount } from "./money.ts";
import { BankingTransaction, CryptoTransaction } from "./transaction-views.ts";
import { MONEY_MOVED } from "./stale.ts";

/** A deposit from outside, as the bank or chain would report it. */
export const SandboxDeposit = z.object({
  network: z.enum(["fiat", ...BLOCKCHAINS], { error: "network must be fiat or a supported blockchain" }).default("fiat"),
  identifier: z.string({ error: "Account number, IBAN or address is required" }).trim().min(1, "Account number, IBAN or address is required").max(100),
  currency: z.enum([...FIAT_CURRENCIES, ...STABLECOINS], { error: "Currency is required" }),
  amount: MinorAmount,
  sender_name: z.string({ error: "Sender name is required" }).trim().min(1, "Sender name is required").max(100),
  description: z.string().trim().max(200).optional(),
  /** The sender's payment reference; an invoice number pays that invoice. */
  reference: z.string().trim().max(100, "Reference must be at most 100 characters").optional(),
});

/** An email as the sandbox outbox keeps it, with the links and codes it carries. */
export const SandboxEmail = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    links: z.array(z.string()),
    codes: z.array(z.string()),
    created_at: z.string(),
  })
  .meta({ id: "SandboxEmail" });

/** The deposit as the business now sees it: a banking transaction on an account, or a crypto one on a wallet. */
export const ReceivedDeposit = z.discriminatedUnion("rail", [
  z.object({ rail: z.literal("fiat"), transaction: BankingTransaction }),
  z.object({ rail: z.literal("crypto"), transaction: CryptoTransaction }),
]);

const tag = "sandbox";
export const sandboxEndpoints = {
  // Ends the caller's own step-up now, as if five minutes had passed (it only ever takes a confirmation away).
  expireStepUp: endpoint({
    method: "POST",
    path: "/sandbox/step-up/expire",
    summary: "Sandbox: End this session's step-up",
    tag,
    access: { obj: "sandbox-session", act: "expire-step-up" },
    answer: { none: true },
  }),
  mailbox: endpoint({
    method: "GET",
    path: "/sandbox/mailbox",
    summary: "Sandbox: Read the emails sent to an address",
    tag,
    access: { obj: "sandbox", act: "read" },
    query: z.object({ to: z.string().trim().min(1, "to is required").max(320) }),
    answer: { one: z.array(SandboxEmail) },
  }),
  // An outside sender's payment: it reaches the business as a DEPOSIT transaction, not as a member's action.
  deposit: endpoint({
    method: "POST",
    path: "/sandbox/deposits",
    summary: "Sandbox: Receive a deposit from outside",
    tag,
    access: { obj: "sandbox", act: "deposit" },
    changes: MONEY_MOVED,
    body: SandboxDeposit,
    status: 201,
    idempotencyKey: true,
    answer: { one: ReceivedDeposit },
  }),
};

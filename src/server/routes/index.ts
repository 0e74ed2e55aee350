/**
 * Every route file of the API, registered in this order under /api by app.ts. A new area adds its
 * handler file here; its endpoints, schemas and access rules are declared in resources/.
 */
import type { FastifyInstance } from "fastify";
import type { Services } from "../services/index.ts";
import { healthRoutes } from "./health.ts";
import { authRoutes } from "./auth.ts";
import { sessionRoutes } from "./session.ts";
import { businessRoutes } from "./business.ts";
import { teamRoutes } from "./team.ts";
import { settingsRoutes } from "./settings.ts";
import { stepUpRoutes } from "./step-up.ts";
import { beneficiaryRoutes } from "./beneficiaries.ts";
import { payeeProtectionRoutes } from "./payee-protection.ts";
import { accountRoutes } from "./accounts.ts";
import { walletRoutes } from "./wallets.ts";
import { transactionRoutes } from "./transactions.ts";
import { accountRequestRoutes } from "./account-requests.ts";
import { paymentRoutes } from "./payments.ts";
import { cryptoSendRoutes } from "./crypto-sends.ts";
import { bulkPaymentRoutes } from "./bulk-payments.ts";
import { paymentScheduleRoutes } from "./payment-schedules.ts";
import { exchangeRoutes } from "./exchange.ts";
import { customerRoutes } from "./customers.ts";
import { subAccountRoutes } from "./sub-accounts.ts";
import { settlementRoutes } from "./settlements.ts";
import { invoiceRoutes } from "./invoices.ts";
import { invoiceSettingsRoutes } from "./invoice-settings.ts";
import { publicInvoiceRoutes } from "./public-invoices.ts";
import { dealRoutes } from "./deals.ts";
import { developerRoutes } from "./developers.ts";
import { auditLogRoutes } from "./audit-log.ts";
import { approvalRuleRoutes } from "./approval-rules.ts";
import { statementRoutes } from "./statements.ts";
import { fxRateRoutes } from "./fx-rates.ts";
import { savedViewRoutes } from "./saved-views.ts";
import { sandboxRoutes } from "./sandbox.ts";
import { sandboxKybRoutes } from "./sandbox-kyb.ts";

/** A route file: registers its endpoints' handlers (routes/endpoint.ts serve()). */
export type RoutePlugin = (app: FastifyInstance, opts: { services: Services }) => Promise<void>;

export const API_ROUTES: RoutePlugin[] = [
  healthRoutes,
  authRoutes,
  sessionRoutes,
  businessRoutes,
  teamRoutes,
  settingsRoutes,
  stepUpRoutes,
  beneficiaryRoutes,
  payeeProtectionRoutes,
  accountRoutes,
  walletRoutes,
  transactionRoutes,
  accountRequestRoutes,
  paymentRoutes,
  cryptoSendRoutes,
  bulkPaymentRoutes,
  paymentScheduleRoutes,
  exchangeRoutes,
  customerRoutes,
  subAccountRoutes,
  settlementRoutes,
  invoiceRoutes,
  invoiceSettingsRoutes,
  publicInvoiceRoutes,
  dealRoutes,
  developerRoutes,
  auditLogRoutes,
  approvalRuleRoutes,
  statementRoutes,
  fxRateRoutes,
  savedViewRoutes,
];

/** Only in sandbox mode: the demo's deposits, mailbox and KYB reviewer. */
export const SANDBOX_ROUTES: RoutePlugin[] = [sandboxRoutes, sandboxKybRoutes];

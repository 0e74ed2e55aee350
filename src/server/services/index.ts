/** All services, built once per app from one context and the partner providers. */
import { auditLogService } from "./audit-log.ts";
import type { ServiceContext } from "./context.ts";
import { authService } from "./auth.ts";
import { teamService } from "./team.ts";
import { teamAdminService } from "./team-admin.ts";
import { businessProfileService } from "./business-profile.ts";
import { notificationService } from "./notifications.ts";
import { securityService } from "./security.ts";
import { businessAdminService } from "./business-admin.ts";
import { beneficiaryService } from "./beneficiaries.ts";
import { fxService } from "./fx.ts";
import { accountService } from "./accounts.ts";
import { walletService } from "./wallets.ts";
import { depositService } from "./deposits.ts";
import { transactionService } from "./transactions.ts";
import { accountRequestService } from "./account-requests.ts";
import { transactionQueries } from "./transaction-queries.ts";
import { paymentService } from "./payments.ts";
import { approvalService } from "./approvals.ts";
import { approvalRuleService } from "./approval-rules.ts";
import { stepUpService } from "./step-up.ts";
import { cryptoSendService } from "./crypto-sends.ts";
import { paymentScheduleService } from "./payment-schedules.ts";
import { bulkPaymentService } from "./bulk-payments.ts";
import { exchangeService } from "./exchange.ts";
import { customerService } from "./customers.ts";
import { subAccountService } from "./sub-accounts.ts";
import { settlementService } from "./settlements.ts";
import { invoiceService } from "./invoices.ts";
import { invoiceSettingsService } from "./invoice-settings.ts";
import { productService } from "./products.ts";
import { dealService } from "./deals.ts";
import { apiKeyService } from "./api-keys.ts";
import { webhookService } from "./webhooks.ts";
import { savedViewService } from "./saved-views.ts";
import { sandboxPaymentRails, type PaymentRails } from "../providers/rails/payments.ts";
import { sandboxRails, type RailsProvider } from "../providers/rails/provider.ts";
import { sandboxChain, type ChainProvider } from "../providers/chain/provider.ts";
import { sandboxFx, type FxProvider } from "../providers/fx/provider.ts";
import type { KybProvider } from "../providers/kyb/provider.ts";
import { sandboxKyb } from "../providers/kyb/sandbox.ts";
import { kybListener, kybService } from "./kyb.ts";
import { gettingStartedService } from "./getting-started.ts";
import { payeeProtectionService } from "./payee-protection.ts";
import { sandboxNameCheck, type PayeeNameCheck } from "../providers/rails/name-check.ts";

/**
 * Partner systems. Each is an interface; the sandbox implementations run on a fresh machine. The
 * KYB provider needs the database and reports back, so its sandbox is built with the services unless
 * another provider is given.
 */
export type Providers = {
  rails: RailsProvider;
  paymentRails: PaymentRails;
  chain: ChainProvider;
  fx: FxProvider;
  kyb?: KybProvider;
  /** The payee's bank's Confirmation of Payee (unset: the sandbox's documented answers). */
  nameCheck?: PayeeNameCheck;
};
export const SANDBOX_PROVIDERS: Providers = { rails: sandboxRails, paymentRails: sandboxPaymentRails, chain: sandboxChain, fx: sandboxFx };

export function buildServices(ctx: ServiceContext, providers: Providers = SANDBOX_PROVIDERS) {
  const fx = fxService(providers.fx);
  const cryptoSends = cryptoSendService(ctx, { chain: providers.chain, fx: providers.fx });
  const accounts = accountService(ctx, { rails: providers.rails, fx });
  const team = teamService(ctx);
  const sandboxKybCases = sandboxKyb(ctx.db, ctx.config.publicUrl, kybListener(ctx.config.publicUrl));
  const kybProvider = providers.kyb ?? sandboxKybCases.provider;
  const kyb = kybService(ctx, { provider: kybProvider });
  return {
    ctx,
    providers,
    fx,
    auth: authService(ctx),
    team,
    teamAdmin: teamAdminService(ctx, { team }),
    notifications: notificationService(ctx),
    security: securityService(ctx),
    businessAdmin: businessAdminService(ctx),
    businessProfile: businessProfileService(ctx, { kyb, kybProvider }),
    kyb,
    sandboxKyb: sandboxKybCases,
    gettingStarted: gettingStartedService(ctx, { kyb }),
    beneficiaries: beneficiaryService(ctx, { nameCheck: providers.nameCheck ?? sandboxNameCheck }),
    payeeProtection: payeeProtectionService(ctx),
    accounts,
    accountRequests: accountRequestService(ctx, { accounts }),
    wallets: walletService(ctx, { chain: providers.chain, fx }),
    deposits: depositService({ chain: providers.chain }),
    transactions: transactionService(ctx),
    transactionQueries: transactionQueries(ctx),
    payments: paymentService(ctx, { fx: providers.fx }),
    stepUp: stepUpService(ctx),
    cryptoSends,
    paymentSchedules: paymentScheduleService(ctx, { fx: providers.fx, cryptoSends }),
    bulkPayments: bulkPaymentService(ctx, { fx: providers.fx }),
    exchange: exchangeService(ctx, { fx: providers.fx }),
    customers: customerService(ctx),
    subAccounts: subAccountService(ctx, { accounts }),
    settlements: settlementService(ctx),
    invoices: invoiceService(ctx),
    invoiceSettings: invoiceSettingsService(ctx),
    products: productService(ctx),
    deals: dealService(ctx),
    apiKeys: apiKeyService(ctx),
    webhooks: webhookService(ctx),
    savedViews: savedViewService(ctx),
    auditLog: auditLogService(ctx),
    approvals: approvalService(ctx, { fx: providers.fx }),
    approvalRules: approvalRuleService(ctx, { fx: providers.fx }),
  };
}
export type Services = ReturnType<typeof buildServices>;

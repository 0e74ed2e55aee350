/** Builds the API + UI server. Tests call buildApp() on a fresh database and use app.inject. */
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
// Installed before any route parses: an issue a schema gave no message of its own is worded "<Field> is required", never by zod's defaults.
import "../../resources/zod-messages.ts";
import { loadAccess } from "../../policies/load.ts";
import { openapiTransform, openapiTransformObject } from "./lib/openapi-responses.ts";
import { registerAuditTrail } from "./plugins/audit-trail.ts";
import { registerStepUp } from "./plugins/step-up.ts";
import { stepUpRoutes } from "./routes/step-up.ts";
import { auditLogRoutes } from "./routes/audit-log.ts";
import { approvalRuleRoutes } from "./routes/approval-rules.ts";
import type { Config } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { errorResponse, registerErrorHandler } from "./plugins/errors.ts";
import { registerRequestContext } from "./plugins/request-context.ts";
import { registerAuthorization } from "./plugins/authorize.ts";
import { registerSecurityHeaders, registerUi } from "./plugins/web.ts";
import { LOG_REDACT, requestSerializer } from "./plugins/log-redaction.ts";
import { configureSealing } from "./services/sealing.ts";
import { buildServices, type Services } from "./services/index.ts";
import { sandboxTransport, smtpTransport } from "./providers/mail/transport.ts";
import { startMailDispatcher } from "./providers/mail/outbox.ts";
import { startPaymentProcessing } from "./jobs/payments.ts";
import { paymentRoutes } from "./routes/payments.ts";
import { cryptoSendRoutes } from "./routes/crypto-sends.ts";
import { bulkPaymentRoutes } from "./routes/bulk-payments.ts";
import { exchangeRoutes } from "./routes/exchange.ts";
import { customerRoutes } from "./routes/customers.ts";
import { subAccountRoutes } from "./routes/sub-accounts.ts";
import { settlementRoutes } from "./routes/settlements.ts";
import { invoiceRoutes } from "./routes/invoices.ts";
import { invoiceSettingsRoutes } from "./routes/invoice-settings.ts";
import { publicInvoiceRoutes } from "./routes/public-invoices.ts";
import { dealRoutes } from "./routes/deals.ts";
import { developerRoutes } from "./routes/developers.ts";
import { DEFAULT_DELIVERY, startWebhookDelivery, type DeliveryOptions } from "./jobs/webhooks.ts";
import type { HostLookup } from "./services/outbound-address.ts";
import { startStatementWorker } from "./jobs/statements.ts";
import { startSearchUpkeep } from "./jobs/search-upkeep.ts";
import { authRoutes } from "./routes/auth.ts";
import { sessionRoutes } from "./routes/session.ts";
import { businessRoutes } from "./routes/business.ts";
import { teamRoutes } from "./routes/team.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { sandboxRoutes } from "./routes/sandbox.ts";
import { sandboxKybRoutes } from "./routes/sandbox-kyb.ts";
import { startKybAutoReview } from "./jobs/kyb-review.ts";
import { healthRoutes } from "./routes/health.ts";
import { beneficiaryRoutes } from "./routes/beneficiaries.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { walletRoutes } from "./routes/wallets.ts";
import { transactionRoutes } from "./routes/transactions.ts";
import { accountRequestRoutes } from "./routes/account-requests.ts";
import { statementRoutes } from "./routes/statements.ts";
import { fxRateRoutes } from "./routes/fx-rates.ts";
import { createLiveHub } from "./live/hub.ts";
import { liveEventRoutes } from "./live/routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * mailDispatcher / statementWorker: the background loops. Tests turn them off and drive them by hand
 * (runPendingStatements), so a statement completes exactly when a test says; the statement worker
 * follows mailDispatcher unless set, so every existing "no background work" caller gets neither.
 */
export type BuildOptions = {
  config: Config;
  database?: Database;
  mailDispatcher?: boolean;
  statementWorker?: boolean;
  paymentProcessing?: boolean;
  /** Webhook delivery: off, on with the defaults, or on with other retry delays (tests). */
  webhookDelivery?: boolean | Partial<DeliveryOptions>;
  /** Where the log goes instead of stdout (tests read it back). */
  logStream?: { write: (line: string) => void };
  /** How webhook hosts are resolved, on save and for each delivery (default: the system's resolver; tests answer for DNS). */
  hostLookup?: HostLookup;
};

export async function buildApp({
  config,
  database,
  mailDispatcher = true,
  statementWorker = mailDispatcher,
  paymentProcessing = mailDispatcher,
  webhookDelivery = mailDispatcher,
  logStream,
  hostLookup,
}: BuildOptions): Promise<FastifyInstance> {
  configureSealing(config);
  const ownDatabase = !database;
  const dbh = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const access = await loadAccess();
  const services = buildServices({ db: dbh.db, config, access, hostLookup });

  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, redact: LOG_REDACT, serializers: { req: requestSerializer }, ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // The router's own refusals (a malformed escape, an over-long segment) in the API's error shape.
    frameworkErrors: (err, _req, reply) => {
      const { status, body } = errorResponse(err);
      void (reply as FastifyReply).code(status).send(body);
    },
  });
  app.decorate("services", services);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(rateLimit, { max: config.rateLimitPerMinute, timeWindow: "1 minute" });
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12 for the bodies, so a nullable field is `type: [..., "null"]` that every tool reads.
      openapi: "3.1.0",
      servers: [{ url: config.publicUrl, description: "This deployment (paths start with /api)" }],
      info: {
        title: "Stablebank Business API",
        version: "1.0.0",
        description:
          "Every call of the console, under /api. Authenticate with an API key (Developers → Api Keys) as `Authorization: Bearer <key>`: " +
          "the key acts with its grants, never more than the member who made it. Money writes take an `Idempotency-Key`. " +
          "Webhooks are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature).",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", description: "An API key from the Developers page" },
          session: { type: "apiKey", in: "cookie", name: "sid", description: "The console's session (writes also need X-CSRF-Token)" },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    // The routes' zod schemas, converted; plus the responses (and multipart bodies) each operation documents.
    transform: openapiTransform(access),
    transformObject: openapiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });

  // Live updates (GET /api/events): streams open only while browsers listen; old events are pruned with the background work.
  const live = createLiveHub(dbh.db, config, (err) => app.log.error({ err }, "live updates failed"));
  app.decorate("live", live);
  // Open streams would keep close() waiting: they end first.
  app.addHook("preClose", async () => live.endAll());

  registerRequestContext(app, { db: dbh.db, config, access });
  registerAuthorization(app, access);
  // A step-up is asked before anything else of the handler's runs (the audit's look at the value replaced included).
  registerStepUp(app);
  registerAuditTrail(app, dbh.db);

  await app.register(
    async (api) => {
      const opts = { services };
      await api.register(healthRoutes, opts);
      await api.register(authRoutes, opts);
      await api.register(sessionRoutes, opts);
      await api.register(businessRoutes, opts);
      await api.register(teamRoutes, opts);
      await api.register(settingsRoutes, opts);
      await api.register(stepUpRoutes, opts);
      await api.register(beneficiaryRoutes, opts);
      await api.register(accountRoutes, opts);
      await api.register(walletRoutes, opts);
      await api.register(transactionRoutes, opts);
      await api.register(accountRequestRoutes, opts);
      await api.register(paymentRoutes, opts);
      await api.register(cryptoSendRoutes, opts);
      await api.register(bulkPaymentRoutes, opts);
      await api.register(exchangeRoutes, opts);
      await api.register(customerRoutes, opts);
      await api.register(subAccountRoutes, opts);
      await api.register(settlementRoutes, opts);
      await api.register(invoiceRoutes, opts);
      await api.register(invoiceSettingsRoutes, opts);
      await api.register(publicInvoiceRoutes, opts);
      await api.register(dealRoutes, opts);
      await api.register(developerRoutes, opts);
      await api.register(auditLogRoutes, opts);
      await api.register(approvalRuleRoutes, opts);
      await api.register(statementRoutes, opts);
      await api.register(fxRateRoutes, opts);
      await api.register(liveEventRoutes, { hub: live });
      if (config.sandbox) {
        await api.register(sandboxRoutes, opts);
        await api.register(sandboxKybRoutes, opts);
      }
      api.get("/openapi.json", { config: { access: { obj: "docs", act: "read" } }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: "/api" },
  );
  await registerUi(app, config);

  const transport = config.smtpUrl ? await smtpTransport(config.smtpUrl, config.mailFrom) : sandboxTransport;
  const stopMail = mailDispatcher ? startMailDispatcher(dbh.db, transport, (err) => app.log.error({ err }, "mail delivery failed")) : () => {};
  const stopPayments = paymentProcessing
    ? startPaymentProcessing(dbh.db, services.providers, (err) => app.log.error({ err }, "payment processing failed"))
    : async () => {};
  const stopStatements = statementWorker ? startStatementWorker(dbh.db, (err) => app.log.error({ err }, "statement export failed")) : async () => {};
  // Follows mailDispatcher too: without it, the pending list is merged inline once it reaches its limit.
  const stopSearchUpkeep = mailDispatcher ? startSearchUpkeep(dbh.db, (err) => app.log.error({ err }, "search index upkeep failed")) : async () => {};
  const stopWebhooks = webhookDelivery
    ? startWebhookDelivery(dbh.db, (err) => app.log.error({ err }, "webhook delivery failed"), {
        ...DEFAULT_DELIVERY,
        leaseMs: config.webhookLeaseSeconds * 1000,
        allowPrivateTargets: config.webhookPrivateTargets,
        ...(hostLookup ? { lookup: hostLookup } : {}),
        ...(webhookDelivery === true ? {} : webhookDelivery),
      })
    : async () => {};
  // The sandbox reviewer decides by itself after a delay, when one is configured (SANDBOX_KYB_AUTO_APPROVE_SECONDS).
  const stopKybReview =
    config.sandbox && config.kybAutoApproveSeconds !== undefined && mailDispatcher
      ? startKybAutoReview(services.sandboxKyb, config.kybAutoApproveSeconds, (err) => app.log.error({ err }, "KYB auto review failed"))
      : () => {};
  if (mailDispatcher) live.startHousekeeping();
  app.addHook("onClose", async () => {
    await live.stop();
    stopKybReview();
    stopMail();
    await stopWebhooks();
    await stopPayments();
    await stopStatements();
    await stopSearchUpkeep();
    if (ownDatabase) await dbh.close();
  });
  return app;
}

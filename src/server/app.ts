/** Builds the API + UI server. Tests call buildApp() on a fresh database and use app.inject. */
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import cookie from "@fastify/cookie";
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
// Installed before any route parses: an issue a schema gave no message of its own is worded "<Field> is required", never by zod's defaults.
import "../../resources/zod-messages.ts";
import { loadAccess } from "../../policies/load.ts";
import type { Screen } from "../../resources/define-screen.ts";
import { API_ROUTES, SANDBOX_ROUTES, type RoutePlugin } from "./routes/index.ts";
import { openapiTransform, openapiTransformObject } from "./lib/openapi-responses.ts";
import { registerAuditTrail } from "./plugins/audit-trail.ts";
import { registerStepUp } from "./plugins/step-up.ts";
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
import { startScheduler } from "./jobs/payment-schedules.ts";
import { DEFAULT_DELIVERY, startWebhookDelivery, type DeliveryOptions } from "./jobs/webhooks.ts";
import type { HostLookup } from "./services/outbound-address.ts";
import { startStatementWorker } from "./jobs/statements.ts";
import { startSearchUpkeep } from "./jobs/search-upkeep.ts";
import { startKybAutoReview } from "./jobs/kyb-review.ts";
import { createLiveHub, type LiveOptions } from "./live/hub.ts";
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
  /** The scheduler that makes scheduled payments on their day (tests run it by hand with their own clock). */
  scheduler?: boolean;
  /** Webhook delivery: off, on with the defaults, or on with other retry delays (tests). */
  webhookDelivery?: boolean | Partial<DeliveryOptions>;
  /** Live updates' timings (tests: a poll that never comes, to see events pushed). */
  live?: Partial<LiveOptions>;
  /** Where the log goes instead of stdout (tests read it back). */
  logStream?: { write: (line: string) => void };
  /** How webhook hosts are resolved, on save and for each delivery (default: the system's resolver; tests answer for DNS). */
  hostLookup?: HostLookup;
  /** More route files and their policy lines: what an operator's own resource adds (tests/api/throwaway-resource.test.ts). */
  extraRoutes?: RoutePlugin[];
  extraPolicy?: string;
  /** Their screens, whose page rules are derived like the declared resources' (policies/screen-rules.ts). */
  extraScreens?: Screen[];
};

export async function buildApp({
  config,
  database,
  mailDispatcher = true,
  statementWorker = mailDispatcher,
  paymentProcessing = mailDispatcher,
  scheduler = paymentProcessing,
  webhookDelivery = mailDispatcher,
  live: liveOptions,
  logStream,
  hostLookup,
  extraRoutes = [],
  extraPolicy = "",
  extraScreens = [],
}: BuildOptions): Promise<FastifyInstance> {
  configureSealing(config);
  const ownDatabase = !database;
  const dbh = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const access = await loadAccess(extraPolicy, extraScreens);
  const services = buildServices({ db: dbh.db, config, access, hostLookup });

  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, redact: LOG_REDACT, serializers: { req: requestSerializer }, ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // A request that reaches a draining process on a kept-alive connection is served (with
    // Connection: close), not refused with a 503: draining loses no request (src/server/cluster.ts).
    return503OnClosing: false,
    // The router's own refusals (a malformed escape, an over-long segment) in the API's error shape.
    frameworkErrors: (err, _req, reply) => {
      const { status, body } = errorResponse(err);
      void (reply as FastifyReply).code(status).send(body);
    },
  });
  app.decorate("services", services);
  // Fastify hands a request without a body to the validator as null; a body declared optional accepts its absence (undefined), not null.
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === "body" && route.schema.safeParse(undefined).success ? (data: unknown) => validate(data === null ? undefined : data) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: "1 minute",
    // The default key reads req.ip, which is undefined once the client has gone (a health check that
    // timed out): the plugin then throws and the request is logged as a 500. Such a request is counted
    // under one key; nobody is waiting for its answer.
    keyGenerator: (req) => (req.ip ? normalizeIP(req.ip) : "client-gone"),
  });
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
  // On PostgreSQL events are pushed (LISTEN/NOTIFY) unless LIVE_PUSH=false; PGlite polls.
  const live = createLiveHub(dbh.db, config, (err) => app.log.error({ err }, "live updates failed"), {
    ...(config.livePush && dbh.url ? { listenUrl: dbh.url } : {}),
    ...liveOptions,
  });
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
      for (const routes of [...API_ROUTES, ...(config.sandbox ? SANDBOX_ROUTES : []), ...extraRoutes]) await api.register(routes, opts);
      await api.register(liveEventRoutes, { hub: live });
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
  const stopScheduler = scheduler ? startScheduler(dbh.db, services, (err) => app.log.error({ err }, "scheduled payments failed")) : async () => {};
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
    await stopScheduler();
    await stopPayments();
    await stopStatements();
    await stopSearchUpkeep();
    if (ownDatabase) await dbh.close();
  });
  return app;
}

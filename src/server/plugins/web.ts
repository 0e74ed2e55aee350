/**
 * Browser-facing hardening and the UI: security headers (CSP fitted to antd's runtime styles),
 * HSTS behind TLS, the built SPA with index.html for client routes, and JSON 404s under /api.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import type { Config } from "../config.ts";

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd (cssinjs) writes <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.publicUrl.startsWith("https://") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

export async function registerUi(app: FastifyInstance, config: Config) {
  const root = resolve(process.env.UI_DIST ?? "dist");
  const hasUi = config.serveUi && existsSync(resolve(root, "index.html"));
  if (hasUi) await app.register(fastifyStatic, { root, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0];
    if (path.startsWith("/api/") || path.startsWith("/assets/") || !hasUi || req.method !== "GET") {
      return reply.code(404).send({ message: "Not found", errors: [] });
    }
    return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
  });
}

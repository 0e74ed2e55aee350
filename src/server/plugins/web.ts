/**
 * Browser-facing hardening and the UI: security headers (CSP fitted to antd's runtime styles),
 * HSTS behind TLS, Cache-Control: no-store on API answers, the built SPA with index.html for client
 * routes (the public invoice page's own HTML for invoice links), and JSON 404s under /api.
 */
import { existsSync } from "node:fs";
import { resolve, sep } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import fastifyStatic from "@fastify/static";
import type { Config } from "../config.ts";

/**
 * The headers helmet sets with these options, worked out once: they depend on nothing in the request
 * (no nonces), and @fastify/helmet built helmet's middleware again on every request (~3% of the
 * server's CPU at the api benchmark's load). Helmet itself still decides every header and its value.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = securityHeaders({
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
  // Set first, so a route that needs its own (an uploaded SVG's sandboxing CSP) overrides them.
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  // API answers are one member's data (and /api/session carries the CSRF token): no browser cache or
  // proxy keeps them, errors included. A route that chose its own caching (an image) keeps its choice.
  app.addHook("onSend", async (req, reply) => {
    if (req.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}

/** Where Vite's multi-page build writes the public invoice entry (its path under the project root). */
const PUBLIC_INVOICE_HTML = "src/public/invoice.html";
const PUBLIC_INVOICE_PREFIX = "/public/apps/invoices/";

export async function registerUi(app: FastifyInstance, config: Config) {
  const root = resolve(process.env.UI_DIST ?? "dist");
  const hasUi = config.serveUi && existsSync(resolve(root, "index.html"));
  if (hasUi)
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file; the browser gets the smallest it accepts.
      preCompressed: true,
      cacheControl: false,
      // Hashed file names never change content: browsers keep them; the HTML is always revalidated.
      setHeaders: (res, path) => res.setHeader("cache-control", path.includes(`${sep}assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache"),
    });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0];
    if (path.startsWith("/api/") || path.startsWith("/assets/") || !hasUi || req.method !== "GET") {
      return reply.code(404).send({ message: "Not found", errors: [] });
    }
    // Invoice recipients never sign in: their page is its own light entry, not the console.
    const page = path.startsWith(PUBLIC_INVOICE_PREFIX) ? PUBLIC_INVOICE_HTML : "index.html";
    return reply.type("text/html").header("cache-control", "no-cache").sendFile(page);
  });
}

/**
 * `npm start`: open (and migrate) the database, seed the demo on an empty one, serve UI + API. The
 * demo's logins share a published password: only a sandbox gets them (a server nobody else can
 * reach, or one said to be a sandbox), never a deployment that forgot a variable.
 */
import { loadConfig, startupWarnings } from "./config.ts";
import { buildApp } from "./app.ts";
import { seedDemoIfEmpty, DEMO_LOGINS, DEMO_PASSWORD } from "./seed/demo.ts";
import { SEED_ONLY_FLAG, seedApartOnNewDataDir } from "./seed/seed-apart.ts";

const config = loadConfig();
if (process.argv.includes(SEED_ONLY_FLAG)) {
  const app = await buildApp({ config, mailDispatcher: false });
  await seedDemoIfEmpty(app.services);
  await app.close();
  process.exit(0);
}
const demo = config.sandbox;
const seededApart = demo && seedApartOnNewDataDir(config);
const app = await buildApp({ config });
const seeded = demo && ((await seedDemoIfEmpty(app.services)) || seededApart);
await app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
console.log(`\nStablebank console: ${config.publicUrl}  (database: ${where}${seeded ? ", demo data seeded" : ""})`);
console.log(`API docs: ${config.publicUrl}/docs${config.sandbox ? `   Sandbox mailbox: ${config.publicUrl}/sandbox/mailbox` : ""}`);
if (demo) {
  console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
  for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(24)} ${l.description}`);
} else console.log("No demo data: the sandbox is off (the demo's logins share a published password).");
// Last, so it is what the operator sees: a setting that opens to others what only this machine should reach.
for (const warning of startupWarnings(config)) console.warn(`\n${"!".repeat(100)}\n!! WARNING: ${warning}\n${"!".repeat(100)}`);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    process.exit(0);
  });
}

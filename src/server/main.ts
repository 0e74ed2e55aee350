/**
 * `npm start`: open (and migrate) the database, seed the demo on an empty one, serve UI + API. The
 * demo's logins share a published password: only a sandbox gets them (a server nobody else can
 * reach, or one said to be a sandbox), never a deployment that forgot a variable.
 * With DATABASE_URL (PostgreSQL) it runs WORKERS API processes on the port (src/server/cluster.ts):
 * this process migrates and seeds once, before any worker starts, so they never race to do it. It
 * serves nothing itself, so it loads the app only to seed: a worker starts sooner after it.
 */
import cluster from "node:cluster";
import { loadConfig, startupWarnings, type Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { businesses } from "./db/schema/index.ts";
import { SEED_ONLY_FLAG, seedApartOnNewDataDir } from "./seed/seed-apart.ts";
import { drainOnShutdown, processPlan, superviseWorkers } from "./cluster.ts";

const config = loadConfig();
const demo = config.sandbox;

if (process.argv.includes(SEED_ONLY_FLAG)) {
  const { buildApp } = await import("./app.ts");
  const { seedDemoIfEmpty } = await import("./seed/demo.ts");
  const app = await buildApp({ config, mailDispatcher: false });
  await seedDemoIfEmpty(app.services);
  await app.close();
  process.exit(0);
} else if (cluster.isWorker) {
  const { buildApp } = await import("./app.ts");
  const app = await buildApp({ config });
  drainOnShutdown(app);
  await app.listen({ port: config.port, host: config.host });
} else {
  const plan = processPlan(process.env, config.databaseUrl);
  if (plan.workers > 1) {
    const seeded = await migrateAndSeedOnce(config);
    await superviseWorkers({ count: plan.workers, log: (line) => console.log(`cluster: ${line}`) });
    await printBanner(config, seeded, plan.why);
  } else {
    const seededApart = demo && seedApartOnNewDataDir(config);
    const { buildApp } = await import("./app.ts");
    const { seedDemoIfEmpty } = await import("./seed/demo.ts");
    const app = await buildApp({ config });
    const seeded = demo && ((await seedDemoIfEmpty(app.services)) || seededApart);
    drainOnShutdown(app);
    await app.listen({ port: config.port, host: config.host });
    await printBanner(config, seeded, plan.why);
  }
}

/** The primary's one-time work: the migrations (openDatabase applies them) and, in a sandbox, the demo on an empty database. */
async function migrateAndSeedOnce(config: Config): Promise<boolean> {
  const database = await openDatabase({ url: config.databaseUrl });
  try {
    if (!config.sandbox || (await database.db.$count(businesses)) > 0) return false;
    const { buildApp } = await import("./app.ts");
    const { seedDemoIfEmpty } = await import("./seed/demo.ts");
    const app = await buildApp({ config, database, mailDispatcher: false });
    try {
      return await seedDemoIfEmpty(app.services);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function printBanner(config: Config, seeded: boolean, processes: string) {
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
  console.log(`\nStablebank console: ${config.publicUrl}  (database: ${where}${seeded ? ", demo data seeded" : ""})`);
  console.log(`Processes: ${processes}`);
  console.log(`API docs: ${config.publicUrl}/docs${config.sandbox ? `   Sandbox mailbox: ${config.publicUrl}/sandbox/mailbox` : ""}`);
  if (config.sandbox) {
    const { DEMO_LOGINS, DEMO_PASSWORD } = await import("./seed/demo.ts");
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(24)} ${l.description}`);
  } else console.log("No demo data: the sandbox is off (the demo's logins share a published password).");
  // Last, so it is what the operator sees: a setting that opens to others what only this machine should reach.
  for (const warning of startupWarnings(config)) console.warn(`\n${"!".repeat(100)}\n!! WARNING: ${warning}\n${"!".repeat(100)}`);
}

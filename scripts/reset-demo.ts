/** `npm run db:reset`: wipes the embedded database (./data, or DATA_DIR); the next start re-seeds the demo. */
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { loadConfig } from "../src/server/config.ts";

const config = loadConfig();
if (config.databaseUrl) {
  console.error("DATABASE_URL is set: drop and recreate that database yourself; this script only resets the embedded one.");
  process.exit(1);
}
const dir = resolve(config.dataDir);
await rm(dir, { recursive: true, force: true });
console.log(`Removed ${dir}. Run \`npm start\` to recreate it with fresh demo data.`);

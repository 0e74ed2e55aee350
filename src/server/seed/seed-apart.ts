/**
 * Seeding the demo's year of history grows PGlite's WebAssembly memory, which never shrinks, by about
 * 60 MB that the serving process would carry for the rest of its life (measured at rest after start:
 * 298 MB seeded in-process, 237 MB reopening the seeded directory). So on a new embedded data
 * directory the demo is seeded by a short-lived child process, this same entry point with
 * SEED_ONLY_FLAG, and the server then opens the seeded directory as it does on every later start.
 * A PostgreSQL server or an in-memory database is seeded in-process, as before.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.ts";

export const SEED_ONLY_FLAG = "--seed-demo-only";

/** True when the demo was seeded here, in a child; false when the caller should seed in-process. */
export function seedApartOnNewDataDir(config: Config): boolean {
  if (config.databaseUrl || config.dataDir.startsWith("memory://") || existsSync(join(config.dataDir, "PG_VERSION"))) return false;
  // The same Node options (heap bounds, a TypeScript loader in development), but never a watcher.
  const nodeArgs = process.execArgv.filter((a) => !a.startsWith("--watch"));
  const res = spawnSync(process.execPath, [...nodeArgs, process.argv[1], SEED_ONLY_FLAG], { stdio: "inherit" });
  if (res.status !== 0) throw new Error(`Seeding the demo in ${config.dataDir} failed (exit ${res.status ?? res.signal})`);
  return true;
}

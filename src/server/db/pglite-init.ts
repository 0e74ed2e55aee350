/**
 * Creating a PGlite data directory (initdb) takes several hundred MB that the process never gives
 * back: WebAssembly memory only grows. So a new directory is created in a short-lived child process,
 * and the server then opens the existing directory, as it does on every later start, at a fraction
 * of the memory (measured by `npm run bench -- api`).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The settings every PGlite in the product runs with: a modest buffer pool bounds its memory. */
export const PGLITE_CONF = ["shared_buffers = 32MB"];

export function initializeDataDir(dataDir: string) {
  if (dataDir.startsWith("memory://") || existsSync(join(dataDir, "PG_VERSION"))) return;
  const pglite = import.meta.resolve("@electric-sql/pglite");
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
    const db = new PGlite(${JSON.stringify(dataDir)}, { postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
    await db.waitReady;
    await db.close();`;
  const res = spawnSync(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "inherit", "inherit"] });
  if (res.status !== 0) throw new Error(`Could not create the database in ${dataDir} (initdb exited with ${res.status ?? res.signal})`);
}

/**
 * Vitest's global setup: the run migrates one PGlite database and keeps it as a tarball, which each
 * test file's fresh database is loaded from (tests/helpers/database.ts) instead of running initdb
 * and every migration again. Each file still gets a database of its own. Not used on PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/server/db/client.ts";

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openDatabase({ dataDir: "memory://" });
  const tarball = await database.dump!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), "pglite-template-"));
  const file = join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  // Read by the test workers, which start after this.
  process.env.PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

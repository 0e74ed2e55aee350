/**
 * Runs the API suite a second time against a PostgreSQL server, when one answers
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): same tests, the real engine.
 */
import { spawnSync } from "node:child_process";
import pg from "pg";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
try {
  await client.connect();
  await client.end();
} catch (err) {
  console.log(`PostgreSQL API suite not run: no server answers at ${url} (${(err as Error).message}).`);
  process.exit(0);
}
console.log(`API suite on PostgreSQL (${url}):`);
const res = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "tests/api"], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(res.status ?? 1);

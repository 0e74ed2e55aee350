/**
 * A fresh, migrated database per test file: PGlite in memory by default; with TEST_DATABASE_URL
 * (a PostgreSQL server) a new database is created on that server and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { openDatabase, type Database } from "../../src/server/db/client.ts";

export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return freshPostgres(serverUrl);
  // A copy of the database the run migrated once (tests/helpers/pglite-template.ts): creating a
  // PGlite directory from nothing (initdb) costs several times what loading a copy does.
  const template = process.env.PGLITE_TEMPLATE;
  return openDatabase({ dataDir: "memory://", from: template ? new Blob([readFileSync(template)]) : undefined });
}

/** A new database on a PostgreSQL server, migrated; close() drops it. Benchmarks use it too. */
export async function freshPostgres(serverUrl: string, prefix = "t"): Promise<Database> {
  const { Client } = await import("pg");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      // pool.end() resolves before its sockets are gone: wait for the server to see them leave,
      // so the drop never has to kill a connection the pool still listens on.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`drop database if exists ${name}`);
      await c.end();
    },
  };
}

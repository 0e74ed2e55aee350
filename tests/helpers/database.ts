/**
 * A fresh, migrated database per test file: PGlite in memory by default; with TEST_DATABASE_URL
 * (a PostgreSQL server) a new database is created on that server and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "../../src/server/db/client.ts";

export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: "memory://" });
  const { Client } = await import("pg");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
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
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

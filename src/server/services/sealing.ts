/**
 * Secrets the server must read back (webhook signing secrets: signing needs them) are sealed at
 * rest with AES-256-GCM under the installation's secrets key, so a copy of the database alone does
 * not reveal them. The key: SECRETS_KEY (base64 of 32 bytes), else DATA_DIR/secrets.key, made on
 * first start with mode 0600 and shared by every process of the installation; an in-memory
 * database (tests) gets a key of its own for the life of the process.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../config.ts";

const PREFIX = "sealed:v1:";
let key: Buffer | undefined;
const processKey = randomBytes(32);

function keyOf(config: Pick<Config, "secretsKey" | "dataDir">): Buffer {
  if (config.secretsKey) {
    const k = Buffer.from(config.secretsKey, "base64");
    if (k.length !== 32) throw new Error("SECRETS_KEY must be the base64 of 32 random bytes (openssl rand -base64 32)");
    return k;
  }
  if (config.dataDir.startsWith("memory://")) return processKey;
  const file = resolve(config.dataDir, "secrets.key");
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // "wx": two processes starting at once never overwrite each other's key.
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  chmodSync(file, 0o600);
  return keyOf({ secretsKey: readFileSync(file, "utf8").trim(), dataDir: config.dataDir });
}

export function configureSealing(config: Pick<Config, "secretsKey" | "dataDir">) {
  key = keyOf(config);
}

function currentKey() {
  if (!key) throw new Error("configureSealing() was not called");
  return key;
}

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", currentKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".")}`;
}

/** The plain secret. A value written before sealing existed is returned as it is. */
export function unseal(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, body] = stored
    .slice(PREFIX.length)
    .split(".")
    .map((p) => Buffer.from(p, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", currentKey(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

/**
 * `npm run build:server`: the API server compiled to plain JavaScript in dist-server/ (the TypeScript
 * compiler, imports rewritten from .ts to .js), with the files it reads beside its code (migrations,
 * the Casbin model and policy). `npm start` runs this build: no TypeScript loader in the serving
 * process, which saves it ~50 MB of memory and the transform work at start-up.
 */
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const OUT = "dist-server";
/** Non-TypeScript files the server reads next to its modules (import.meta.url-relative). */
const ASSETS = [
  { from: "src/server/db/migrations", keep: (f: string) => !f.endsWith(".ts") },
  { from: "policies", keep: (f: string) => /\.(conf|csv)$/.test(f) },
];

rmSync(OUT, { recursive: true, force: true });
const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
const res = spawnSync(process.execPath, [tsc, "-p", "tsconfig.server.json"], { stdio: "inherit" });
if (res.status !== 0) process.exit(res.status ?? 1);
for (const { from, keep } of ASSETS) {
  for (const f of readdirSync(from, { recursive: true, encoding: "utf8" })) {
    if (keep(f)) cpSync(`${from}/${f}`, `${OUT}/${from}/${f}`, { recursive: true });
  }
}
console.log(`server built into ${OUT}/`);

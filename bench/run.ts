/**
 * `npm run bench -- <name>`: benchmarks that print figures. Each lives in bench/<name>.ts and exports
 * `run()`. With no name, every benchmark runs.
 */
import { readdir } from "node:fs/promises";

const wanted = process.argv[2];
const names = (await readdir(new URL(".", import.meta.url))).filter((f) => f.endsWith(".ts") && f !== "run.ts").map((f) => f.slice(0, -3));
const chosen = wanted ? names.filter((n) => n === wanted) : names;
if (!chosen.length) {
  console.error(`Unknown benchmark "${wanted}". Available: ${names.join(", ")}`);
  process.exit(1);
}
for (const name of chosen) {
  console.log(`\n== ${name} ==`);
  const mod = await import(`./${name}.ts`);
  await mod.run();
}

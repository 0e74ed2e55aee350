/**
 * What a server's CPU went to, from a V8 .cpuprofile (`BENCH_NODE_FLAGS="--cpu-prof
 * --cpu-prof-dir=/tmp/prof" npm run bench -- api`): the functions with the most self time and the
 * most inclusive time (themselves and what they called), over the profile's last `seconds` (the load,
 * not the start-up), idle time left out. Asynchronous work shows under the function that resumed it.
 *   node --import tsx bench/lib/cpu-profile-summary.ts <file.cpuprofile> [seconds=20] [rows=30] [filter regexp]
 */
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const [file, secondsArg = "20", rowsArg = "30", filterArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: cpu-profile-summary.ts <file.cpuprofile> [seconds] [rows] [filter]");
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const filter = filterArg ? new RegExp(filterArg) : null;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: Node) =>
  `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.replace(/.*\/(node_modules|dist-server)\//, "$1/")}:${n.callFrame.lineNumber + 1}`;

const from = profile.endTime - Number(secondsArg) * 1e6;
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let busy = 0;
let idle = 0;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  // A sample's weight is the time until the next one.
  const weight = profile.timeDeltas[i + 1] ?? 0;
  if (at < from) continue;
  const node = byId.get(profile.samples[i])!;
  if (node.callFrame.functionName === "(idle)") {
    idle += weight;
    continue;
  }
  busy += weight;
  self.set(name(node), (self.get(name(node)) ?? 0) + weight);
  // Each function once per sample, however deep its recursion.
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const key = name(byId.get(id)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + weight);
  }
}

console.log(`last ${secondsArg} s: busy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; shares of the busy time`);
for (const [title, table] of [
  ["self time", self],
  ["inclusive time", inclusive],
] as const) {
  console.log(`\n${title}`);
  const rows = [...table].filter(([k]) => !filter || filter.test(k)).sort((a, b) => b[1] - a[1]);
  for (const [k, t] of rows.slice(0, Number(rowsArg))) console.log(`${((100 * t) / busy).toFixed(1).padStart(5)}%  ${k}`);
}

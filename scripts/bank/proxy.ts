/**
 * The bank test's load balancer (`--proxy`): a real HAProxy, run from the README's example
 * configuration (scripts/proxy/haproxy.cfg) in front of the test's API processes, and what its
 * stats page says (which servers are UP, how many requests it retried or sent elsewhere).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

export const HAPROXY_CONFIG = "scripts/proxy/haproxy.cfg";

/** HAProxy's executable: on the PATH, or where Debian installs it (/usr/sbin is not on every user's PATH). */
export function findHaproxy(): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin"];
  return dirs.map((dir) => join(dir, "haproxy")).find((path) => path.startsWith("/") && existsSync(path));
}

export type LoadBalancer = {
  base: string;
  process: ChildProcess;
  stats: () => Promise<ServerStats[]>;
  waitUp: (server: string, timeoutMs?: number) => Promise<void>;
};
/** One server's line of the stats page: its state and HAProxy's retries (wretr) and redispatches (wredis) for it. */
export type ServerStats = { name: string; status: string; retries: number; redispatches: number };

export async function startProxy(opts: {
  executable: string;
  port: number;
  statsPort: number;
  servers: string[];
  log: NodeJS.WritableStream;
}): Promise<LoadBalancer> {
  const child = spawn(opts.executable, ["-db", "-f", HAPROXY_CONFIG], {
    env: {
      ...process.env,
      PROXY_BIND: `127.0.0.1:${opts.port}`,
      PROXY_STATS_BIND: `127.0.0.1:${opts.statsPort}`,
      API_SERVER_1: opts.servers[0],
      API_SERVER_2: opts.servers[1],
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(opts.log, { end: false });
  child.stderr!.pipe(opts.log, { end: false });
  let exited = false;
  child.once("exit", () => (exited = true));

  const stats = async (): Promise<ServerStats[]> => {
    const csv = await (await fetch(`http://127.0.0.1:${opts.statsPort}/stats;csv`, { signal: AbortSignal.timeout(2000) })).text();
    const [header, ...lines] = csv.trim().split("\n");
    const cols = header.replace(/^# /, "").split(",");
    const at = (row: string[], name: string) => row[cols.indexOf(name)];
    return lines
      .map((l) => l.split(","))
      .filter((row) => at(row, "pxname") === "api" && !["FRONTEND", "BACKEND"].includes(at(row, "svname")))
      .map((row) => ({
        name: at(row, "svname"),
        status: at(row, "status"),
        retries: Number(at(row, "wretr") || 0),
        redispatches: Number(at(row, "wredis") || 0),
      }));
  };
  const waitUp = async (server: string, timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (exited) throw new Error("HAProxy exited");
      try {
        if ((await stats()).find((s) => s.name === server)?.status === "UP") return;
      } catch {
        /* not answering yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`HAProxy never saw ${server} UP`);
  };
  await waitUp("api1");
  await waitUp("api2");
  return { base: `http://127.0.0.1:${opts.port}`, process: child, stats, waitUp };
}

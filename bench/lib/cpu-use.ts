/**
 * Where a machine's CPU went while some work ran (Linux /proc): how busy the whole machine was, and
 * how many cores each named group of processes used. A throughput figure that stops growing with
 * more processes means little until one knows whether the cores were already full, and with what
 * (the API, the database, or the load generator itself sharing the machine).
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

type Proc = { pid: number; ppid: number; comm: string; ticks: number };
/** Which processes belong to a group, from what /proc says of each. */
export type ProcessGroup = (p: Pick<Proc, "pid" | "ppid" | "comm">) => boolean;
export type CpuUse = { busyShare: number; cores: Record<string, number> };

function machineTicks() {
  // "cpu  user nice system idle iowait irq softirq steal ...": idle and iowait are the idle time.
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { total, idle: fields[3] + fields[4] };
}

function processes(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The name (field 2) is in parentheses and may hold spaces: the fields after it start at the state (field 3).
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(entry), { pid: Number(entry), ppid: Number(rest[1]), comm, ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** Runs `work` and says how busy the machine was meanwhile and the cores each group used (a process started meanwhile counts whole). */
export async function measureCpu<T>(groups: Record<string, ProcessGroup>, work: () => Promise<T>): Promise<{ result: T; use: CpuUse }> {
  const [machine0, procs0, t0] = [machineTicks(), processes(), performance.now()];
  const result = await work();
  const [machine1, procs1, seconds] = [machineTicks(), processes(), (performance.now() - t0) / 1000];
  const cores: Record<string, number> = {};
  for (const [name, belongs] of Object.entries(groups)) {
    let ticks = 0;
    for (const p of procs1.values()) if (belongs(p)) ticks += p.ticks - (procs0.get(p.pid)?.ticks ?? 0);
    cores[name] = ticks / TICKS_PER_SECOND / seconds;
  }
  const total = machine1.total - machine0.total;
  return { result, use: { busyShare: total ? 1 - (machine1.idle - machine0.idle) / total : 0, cores } };
}

/** The processes running now that belong to a group. */
export const pidsOf = (group: ProcessGroup) => [...processes().values()].filter(group).map((p) => p.pid);

/** How many processes running now belong to a group. */
export const countOf = (group: ProcessGroup) => [...processes().values()].filter(group).length;

/** A process and its children (a cluster's primary and its workers). */
export const treeOf =
  (pid: number): ProcessGroup =>
  (p) =>
    p.pid === pid || p.ppid === pid;
/** The PostgreSQL server's processes on this machine (the postmaster and its backends). */
export const postgresProcesses: ProcessGroup = (p) => p.comm === "postgres" || p.comm.startsWith("postgres:");

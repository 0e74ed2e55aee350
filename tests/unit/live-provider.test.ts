/**
 * The console's live provider over the event stream (issue 31): an event refreshes its topic's
 * subscribers; the browser's own reconnect refreshes nothing (it sent Last-Event-ID and the server
 * replays what was missed); `event: reset` (the missed events are no longer kept) refreshes every
 * topic once; a new stream after a refused one (no id to send) refreshes everything once too.
 * A stand-in EventSource plays the browser's, and fake timers its debounce.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { createLiveProvider, topicChannel } from "../../src/app/providers/live-provider.ts";

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  message(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
  dispatch(type: string) {
    for (const l of this.listeners.get(type) ?? []) l();
  }
  /** The connection dropped: the browser reconnects by itself (CONNECTING), or gave up (CLOSED). */
  drop(gaveUp = false) {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

const heard: { channel: string; ids: string[] }[] = [];
let provider: ReturnType<typeof createLiveProvider>;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  heard.length = 0;
  vi.stubGlobal("EventSource", FakeEventSource);
  provider = createLiveProvider(new QueryClient());
  for (const topic of ["transactions", "approvals"] as const)
    provider.subscribe({
      channel: topicChannel(topic),
      types: ["*"],
      callback: (e) => heard.push({ channel: e.channel, ids: (e.payload as { ids: string[] }).ids }),
    });
  provider.start();
});

afterEach(() => {
  provider.stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** What the subscribers heard once the debounce has run. */
async function settle() {
  await vi.advanceTimersByTimeAsync(1_000);
  const out = heard.splice(0);
  return out;
}

describe("live provider", () => {
  test("an event refreshes its topic", async () => {
    const es = FakeEventSource.made[0];
    es.open();
    es.message({ topic: "transactions", id: "t1" });
    expect(await settle()).toEqual([{ channel: "live/transactions", ids: ["t1"] }]);
  });

  test("the browser's own reconnect refreshes nothing: the server replays what was missed", async () => {
    const es = FakeEventSource.made[0];
    es.open();
    es.drop();
    es.open();
    es.message({ topic: "approvals", id: "a1" });
    expect(await settle()).toEqual([{ channel: "live/approvals", ids: ["a1"] }]);
    expect(FakeEventSource.made).toHaveLength(1);
  });

  test("a reset refreshes every topic once", async () => {
    const es = FakeEventSource.made[0];
    es.open();
    es.drop();
    es.open();
    es.dispatch("reset");
    expect(await settle()).toEqual([
      { channel: "live/transactions", ids: ["*"] },
      { channel: "live/approvals", ids: ["*"] },
    ]);
  });

  test("a new stream after a refused one refreshes everything once", async () => {
    const es = FakeEventSource.made[0];
    es.open();
    es.drop(true);
    await vi.advanceTimersByTimeAsync(5_000);
    const next = FakeEventSource.made[1];
    expect(next).toBeDefined();
    heard.length = 0;
    next.open();
    expect(await settle()).toEqual([
      { channel: "live/transactions", ids: ["*"] },
      { channel: "live/approvals", ids: ["*"] },
    ]);
  });
});

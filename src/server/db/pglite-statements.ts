/**
 * Named prepared statements for PGlite. PGlite's query() parses, describes and plans every query
 * afresh (an unnamed statement), and planning is most of a short query's cost: about 1 ms of the
 * 1.3 ms a session lookup takes. An embedded database is one connection for the whole process, so a
 * statement prepared once stays prepared: this sends each distinct SQL text's Parse once under a name,
 * and afterwards only Bind / Describe / Execute / Sync (in one buffer), letting PostgreSQL's plan cache do the rest
 * (generic plans after a few executions, as for any prepared statement). Results go through PGlite's
 * own parsers, so rows look exactly as query() returns them.
 *
 * The messages are written and PGlite's answer read by node-postgres's protocol code (pg-protocol),
 * not PGlite's own: PGlite's parser copies every field's bytes into a fresh ArrayBuffer before
 * decoding it, and both keep their state in WeakMaps (private fields, compiled down), which made
 * reading a 20-row page cost more than PostgreSQL's work on it (about a quarter of a list request's
 * CPU under load). pg-protocol decodes each field straight from one buffer and yields messages of
 * the same shapes, so PGlite's own parseResults turns them into rows as before.
 *
 * Only the extended-protocol query path changes; exec(), transactions' BEGIN/COMMIT and listen stay
 * PGlite's. It is installed after the migrations: a statement prepared before a schema change could
 * otherwise outlive it.
 */
import { parse as pgParse, type PGlite, type Transaction } from "@electric-sql/pglite";
import type { BackendMessage } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";
import { serialize } from "pg-protocol/dist/serializer.js";

type QueryOptions = Parameters<PGlite["query"]>[2];
type Prepared = { name: string; paramTypes: number[] };
/** pg-protocol's messages, under PGlite's name for the same shapes (PGlite's parser is a port of pg-protocol's). */
type PgliteMessages = Parameters<typeof pgParse.parseResults>[0];

const SYNC = serialize.sync();

/**
 * Several protocol messages in one buffer, sent to PGlite at once. Each send is a call into the
 * WebAssembly backend with its own fixed cost; a query's Bind, Describe, Execute and Sync together
 * cost one (a prepared single-row lookup: about 50 -> 36 us). PostgreSQL reads them in order, as from
 * a socket: after an error it skips to the Sync, and send() throws the error once all are read.
 */
const frame = (...messages: Buffer[]): Uint8Array => Buffer.concat(messages);

/** Distinct SQL texts kept prepared; the least recently used is closed beyond this. */
const MAX_STATEMENTS = 256;

export function usePreparedStatements(client: PGlite) {
  const statements = new Map<string, Prepared>();
  let counter = 0;
  /**
   * Sends messages and reads PGlite's answer. The chunks PGlite hands over are views of the
   * WebAssembly memory, reused by the next call: each is copied as it comes. Like PGlite's
   * execProtocolStream, the first error is thrown once the whole answer is read (PostgreSQL has then
   * skipped to the Sync, so the connection is ready for the next query).
   */
  async function send(message: Uint8Array): Promise<BackendMessage[]> {
    const chunks: Buffer[] = [];
    await client.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) });
    const messages: BackendMessage[] = [];
    let error: BackendMessage | undefined;
    new Parser().parse(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), (m) => {
      if (m.name === "error") error ??= m;
      else messages.push(m);
    });
    if (error) throw error;
    return messages;
  }

  async function prepared(text: string, options: QueryOptions): Promise<Prepared> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last: a Map keeps insertion order.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `pglite_s${++counter}`;
    const described = await send(frame(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: "S", name }), SYNC));
    const entry = { name, paramTypes: pgParse.parseDescribeStatementResults(described as PgliteMessages) };
    statements.set(text, entry);
    if (statements.size > MAX_STATEMENTS) {
      const [oldText, oldest] = statements.entries().next().value!;
      statements.delete(oldText);
      await send(frame(serialize.close({ type: "S", name: oldest.name }), SYNC));
    }
    return entry;
  }

  /** One query on the prepared path; the caller holds PGlite's query lock. */
  async function run(text: string, params: unknown[] = [], options?: QueryOptions) {
    let messages: BackendMessage[];
    try {
      const { name, paramTypes } = await prepared(text, options);
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = options?.serializers?.[paramTypes[i]] ?? client.serializers[paramTypes[i]];
        return serializer ? serializer(v) : String(v);
      });
      messages = await send(frame(serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), SYNC));
    } catch (err) {
      // A statement whose Parse failed was never stored; one that failed later stays valid.
      if (err instanceof Error) Object.assign(err, { query: text, params });
      throw err;
    }
    const parsers = options?.parsers ? mergedParsers(options.parsers) : client.parsers;
    return pgParse.parseResults(messages as PgliteMessages, parsers, options && { ...options, parsers: undefined })[0];
  }

  /**
   * PGlite merges a query's own parsers into its ~320 built-in ones on every call ({...all, ...own}),
   * which was the largest single cost in a CPU profile of HTTP transfers under load (13.6% self time).
   * drizzle passes the same few parsers with each query (new closures of the same source that capture
   * nothing), so the merge is made once per distinct set, named by each parser's type and source text.
   */
  const merged = new Map<string, Record<number, unknown>>();
  function mergedParsers(own: NonNullable<QueryOptions>["parsers"] & object) {
    const signature = Object.entries(own)
      .map(([type, parse]) => `${type}:${String(parse)}`)
      .join("\n");
    let parsers = merged.get(signature);
    if (!parsers) merged.set(signature, (parsers = { ...client.parsers, ...own }));
    return parsers as typeof client.parsers;
  }

  const query = client.query.bind(client);
  // Outside a transaction: wait for any open transaction, then take the query lock, as query() does.
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.blob) return query(text, params, options);
    const result = await client._runExclusiveTransaction(() => client.runExclusive(() => run(text, params, options)));
    await client.syncToFs();
    return result;
  }) as PGlite["query"];

  // Inside a transaction the transaction lock is already held: only the query lock is taken.
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, key, receiver) {
            if (key !== "query") return Reflect.get(target, key, receiver);
            return async (text: string, params?: unknown[], options?: QueryOptions) => {
              if (target.closed) throw new Error("Transaction is closed");
              if (options?.blob) return target.query(text, params, options);
              return client.runExclusive(() => run(text, params, options));
            };
          },
        }),
      ),
    )) as PGlite["transaction"];
}

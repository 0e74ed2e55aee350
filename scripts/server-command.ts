/**
 * How the server process is started (`npm run serve`, the browser tests, the benchmarks): the
 * compiled server with a bounded JavaScript heap. The embedded database takes ~130 MB of its own
 * (PGlite's WebAssembly memory, which never shrinks); left to itself, V8 grows its heap under load
 * well past what it keeps live (measured: 150 MB held for ~70 MB used), and the process past 400 MB.
 * 160 MB of old space and 4 MB semi-spaces hold it near 310 MB at the api benchmark's load (28 Nov
 * 2026), with room for the largest things it builds (a year's statement as XLSX, the demo seed).
 * package.json's "serve" script spells out the same command (a unit test keeps them equal).
 */
export const SERVER_NODE_ARGS = ["--max-old-space-size=160", "--max-semi-space-size=4", "dist-server/src/server/main.js"];

/** `npm run serve` (and so `npm start`) starts the server exactly as the browser tests and benchmarks do. */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { SERVER_NODE_ARGS } from "../../scripts/server-command.ts";

test("package.json's serve script is the shared server command", () => {
  const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
  expect(scripts.serve).toBe(`node ${SERVER_NODE_ARGS.join(" ")}`);
  expect(scripts.start).toBe("npm run build && npm run serve");
});

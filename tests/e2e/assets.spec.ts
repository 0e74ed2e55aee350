/**
 * How the built console reaches the browser (issue 14): scripts travel brotli- or gzip-compressed
 * from the copies the build wrote, hashed assets are cached for good, and the HTML is revalidated
 * on every visit so a new release is picked up at once.
 */
import { expect, test } from "@playwright/test";

test("scripts arrive compressed and cached for good; the page itself is always revalidated", async ({ request }) => {
  const page = await request.get("/login");
  expect(page.headers()["cache-control"]).toBe("no-cache");
  const scripts = [...(await page.text()).matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  const plain = await request.get(scripts[0], { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const script = await plain.text();
  for (const [encoding, expected] of [
    ["br, gzip", "br"],
    ["gzip", "gzip"],
  ] as const) {
    const res = await request.get(scripts[0], { headers: { "accept-encoding": encoding } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-encoding"]).toBe(expected);
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Decoded, it is exactly the script as built, in fewer bytes.
    expect(await res.text()).toBe(script);
    expect(Number(res.headers()["content-length"])).toBeLessThan(script.length / 2);
  }
});

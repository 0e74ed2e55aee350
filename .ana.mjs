// Temporary analysis (not committed): which modules make a chunk, by rendered length.
import { build } from "vite";
const want = new RegExp(process.argv[2] ?? "table");
let out = [];
await build({
  logLevel: "error",
  build: { outDir: "/tmp/ana/dist", emptyOutDir: true, manifest: true },
  plugins: [{ name: "ana", generateBundle(_o, bundle) {
    for (const [f, c] of Object.entries(bundle)) if (c.type === "chunk") out.push({ f, mods: Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength]), imports: c.imports, dyn: c.dynamicImports });
  } }],
});
const fs = await import("node:fs");
fs.writeFileSync("/tmp/ana/chunks.json", JSON.stringify(out));
for (const c of out.filter((c) => want.test(c.f))) {
  console.log("==", c.f, c.mods.reduce((a, [, n]) => a + n, 0));
  for (const [id, n] of c.mods.sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(String(n).padStart(8), id.replace(/.*node_modules\//, ""));
}

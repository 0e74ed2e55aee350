/** `npm run dev`: the API on :3000 and Vite's dev server (hot reload, proxying /api) side by side. */
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, SERVE_UI: "false", PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

// `npm run dev`: API with reload (tsx watch) on :3000 and the Vite dev server (proxying /api and /ws) on :5173.
import { spawn } from "node:child_process";

const procs = [
  spawn("npx", ["tsx", "watch", "apps/server/src/main.ts"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@crm/web"], { stdio: "inherit" }),
];
const stop = () => {
  for (const p of procs) p.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

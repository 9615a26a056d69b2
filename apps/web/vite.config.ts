import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chunks } from "./build/chunks.ts";
import { precompress } from "./build/precompress.ts";
import { preload } from "./build/preload.ts";

const API = process.env.API_URL ?? "http://localhost:3000";
const divisao = chunks();

export default defineConfig({
  plugins: [react(), tailwindcss(), divisao.plugin, preload(), precompress()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: API, changeOrigin: false },
      "/ws": { target: API, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 400,
    // fewer, fuller chunks before a page's first paint (build/chunks.ts, decision 1504)
    rolldownOptions: { output: { codeSplitting: divisao.codeSplitting } },
  },
});

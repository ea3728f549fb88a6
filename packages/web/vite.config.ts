import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { earlyEntry } from "./early-entry";
import { precompress } from "./precompress";

const early = earlyEntry();

// The dev server proxies the API and websockets to the app server on port 3000.
export default defineConfig({
  plugins: [react(), early, precompress({ alsoFirst: () => early.api.appFiles })],
  // No module-preload polyfill: every browser we support has modulepreload.
  build: { outDir: "dist", chunkSizeWarningLimit: 2000, modulePreload: { polyfill: false } },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/ws": { target: "ws://localhost:3000", ws: true },
    },
  },
});

import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev server proxies the API and websockets to the app server on port 3000.
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", chunkSizeWarningLimit: 2000 },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/ws": { target: "ws://localhost:3000", ws: true },
    },
  },
});

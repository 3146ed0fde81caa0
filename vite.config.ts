import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The client lives in src/client and is served by the Fastify server from dist/client in production.
// In development Vite serves it on 5000 and forwards /api to the API server on 5001 (scripts/dev.ts).
export default defineConfig({
  root: "src/client",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
  },
  server: {
    port: 5000,
    strictPort: true,
    proxy: {
      // No changeOrigin: the API compares the browser's Origin with the Host it receives.
      "/api": { target: "http://localhost:5001" },
    },
  },
});

// Bundles the server into dist/server/main.js (dependencies stay in node_modules): a fast cold
// start and no TypeScript at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  // OUT_DIR lets parallel work build side by side (the browser suite then reads E2E_DIST).
  outfile: `${process.env.OUT_DIR ?? "dist"}/server/main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Node's flags as `npm start` gives them to the built server (package.json's start script: `node
 * <flags> dist/server/main.js`), so the bench measures and the browser suite and the Node 26
 * start-up check run the server users run (docs/performance.md, "RSS on Node 24").
 */
export function startNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const m = / node ((?:--\S+ )*)dist\/server\/main\.js/.exec(pkg.scripts.start);
  if (!m)
    throw new Error(
      `package.json's start script does not run node ... dist/server/main.js: ${pkg.scripts.start}`,
    );
  return (m[1] as string).trim().split(" ").filter(Boolean);
}

import fs from "node:fs";
import path from "node:path";
import { ensureChromium } from "../../../scripts/lib/system-deps";
import { distDir } from "./app-server";

/** The browser suite runs against the built app in Debian's Chromium; both must exist. */
export function setup() {
  ensureChromium();
  const root = path.resolve(import.meta.dirname, "../../..");
  const dist = distDir();
  for (const file of [`${dist}/server/main.js`, `${dist}/client/index.html`]) {
    if (!fs.existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing: run "npm run build" before the browser suite (npm test does it).`);
    }
  }
}

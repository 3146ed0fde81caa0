import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * The test set-up needs PostgreSQL and Chromium. When they are missing it installs them from
 * Debian's packages if it runs as root, and otherwise stops with a line saying what to install:
 * it never skips their tests silently.
 */
export function ensureDebianPackage(pkg: string, isPresent: () => boolean, why: string): void {
  if (isPresent()) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${why} needs Debian's ${pkg} package: run "sudo apt-get install -y ${pkg}" and try again.`,
    );
  }
  console.log(`[setup] ${pkg} is missing: installing it from Debian's packages...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "inherit", env });
  if (!isPresent()) throw new Error(`Installed ${pkg}, but it still cannot be found.`);
}

export function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${root}/${versions[0]}/bin` : null;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium(): string {
  ensureDebianPackage("chromium", () => fs.existsSync(CHROMIUM_PATH), "The browser test suite");
  return CHROMIUM_PATH;
}

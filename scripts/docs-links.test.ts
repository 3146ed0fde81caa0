import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A newcomer follows the README and docs/ by their links: a link to a file that moved, or to a
 * document outside this repository (which a clone does not have), is a dead end.
 */
const root = path.resolve(import.meta.dirname, "..");

interface Link {
  line: number;
  target: string;
}

/** Markdown links outside code: inline `[text](target)` and reference definitions `[x]: target`. */
function markdownLinks(text: string): Link[] {
  const links: Link[] = [];
  let inFence = false;
  text.split("\n").forEach((raw, i) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    const line = raw.replace(/`[^`]*`/g, "");
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ line: i + 1, target: m[1] as string });
    const ref = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
    if (ref) links.push({ line: i + 1, target: ref[1] as string });
  });
  return links;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let inFence = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const m = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1] as string);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** What is wrong with each relative link of `file` (a path under `repoRoot`); empty when all resolve. */
function brokenLinks(repoRoot: string, file: string, text: string): string[] {
  const problems: string[] = [];
  const where = (l: Link) => `${path.relative(repoRoot, file)}:${l.line} -> ${l.target}`;
  for (const link of markdownLinks(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) continue; // https:, mailto:
    const [rawPath = "", fragment] = link.target.split("#", 2);
    const filePath = decodeURIComponent(rawPath);
    const resolved = filePath === "" ? file : path.resolve(path.dirname(file), filePath);
    const inside = path.relative(repoRoot, resolved);
    if (path.isAbsolute(filePath) || inside.startsWith("..") || path.isAbsolute(inside)) {
      problems.push(`${where(link)}: outside the repository`);
      continue;
    }
    if (!fs.existsSync(resolved)) {
      problems.push(`${where(link)}: no such file`);
      continue;
    }
    if (fragment && resolved.endsWith(".md") && !anchors(fs.readFileSync(resolved, "utf8")).has(fragment))
      problems.push(`${where(link)}: no heading #${fragment}`);
  }
  return problems;
}

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

describe("links in README.md and docs/", () => {
  it("every relative link names a file of this repository that exists (and a heading it has)", () => {
    const files = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];
    const problems = files.flatMap((f) => brokenLinks(root, f, fs.readFileSync(f, "utf8")));
    expect(problems).toEqual([]);
  });

  it("reports a missing file, a path out of the repository, a missing heading, and nothing in code", () => {
    const file = path.join(root, "README.md");
    const text = [
      "# Fabric Inventory",
      "[ok](docs/reliability.md) [web](https://example.com) [here](#fabric-inventory)",
      "[gone](docs/no-such-file.md)",
      "[contract](../shared/CONTRACT.md)",
      "[anchor](#no-such-heading)",
      "[ref]: docs/also-missing.md",
      "`[in code](docs/nowhere.md)`",
      "```",
      "[fenced](docs/nowhere.md)",
      "```",
    ].join("\n");
    expect(brokenLinks(root, file, text)).toEqual([
      "README.md:3 -> docs/no-such-file.md: no such file",
      "README.md:4 -> ../shared/CONTRACT.md: outside the repository",
      "README.md:5 -> #no-such-heading: no heading #no-such-heading",
      "README.md:6 -> docs/also-missing.md: no such file",
    ]);
  });
});

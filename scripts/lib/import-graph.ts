import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The import graph of a source tree, read with regular expressions (the TypeScript 7 package has
 * no JavaScript API to parse with): every `import ... from`, `export ... from`, side-effect
 * `import "x"` and `import("x")` whose specifier is relative, type-only imports included (issue 34).
 * A static import or export counts only where it starts a line, so code quoted inside a string
 * (a test's child-process script) is not taken for an import.
 */

const FROM = /^[ \t]*(?:import|export)\b[^;'"`()=]*?\bfrom\s*["']([^"']+)["']/gm;
const BARE = /^[ \t]*import\s*["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

export interface ImportGraph {
  /** file (relative to the root, forward slashes) -> the files it imports */
  edges: Map<string, Set<string>>;
  /** relative specifiers that name no file, as "file -> specifier" */
  unresolved: string[];
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile());
}

export function specifiersOf(text: string): string[] {
  return [FROM, BARE, DYNAMIC].flatMap((re) => [...text.matchAll(re)].map((m) => m[1] ?? ""));
}

function resolve(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ending of CANDIDATES) {
    const candidate = base + ending;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The graph of the .ts/.tsx files under `dirs`, named relative to `root`. */
export function importGraph(root: string, dirs: string[]): ImportGraph {
  const edges = new Map<string, Set<string>>();
  const unresolved: string[] = [];
  const name = (file: string) => path.relative(root, file).split(path.sep).join("/");
  for (const file of dirs.flatMap((d) => sourceFiles(path.join(root, d)))) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(file, specifier);
      if (target) targets.add(name(target));
      else unresolved.push(`${name(file)} -> ${specifier}`);
    }
    edges.set(name(file), targets);
  }
  return { edges, unresolved };
}

/**
 * The strongly connected components of more than one file (or a file importing itself): each is
 * one import circle or several entangled ones. Members sorted; components sorted by first member.
 */
export function cycles(edges: Map<string, Set<string>>): string[][] {
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; targets: string[]; at: number }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: [...(edges.get(node) ?? [])], at: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as (typeof work)[number];
      const target = frame.targets[frame.at];
      if (target !== undefined) {
        frame.at += 1;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target))
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = edges.get(frame.node)?.has(frame.node) ?? false;
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  }
  return found.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

/** One concrete circle through the files of `component`, for the failure message. */
export function circleIn(edges: Map<string, Set<string>>, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const target of edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at) as string) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
}

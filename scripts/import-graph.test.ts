import path from "node:path";
import { describe, expect, it } from "vitest";
import { circleIn, cycles, importGraph, specifiersOf } from "./lib/import-graph";

/**
 * The layout rules of issue 34 (docs STYLE.md "three rooms, one direction"), on the import graph of
 * src/ with type-only imports included: no import circle anywhere, server and client never import
 * each other, the domain imports neither, and the server's production entry reaches no test
 * support and no check (scripts/build-server.mjs bundles what main.ts reaches).
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const graph = importGraph(ROOT, ["src"]);

function reachableFrom(start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const target of graph.edges.get(queue.shift() as string) ?? []) {
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return seen;
}

const importsInto = (fromDir: string, toDir: string) =>
  [...graph.edges]
    .filter(([file]) => file.startsWith(fromDir))
    .flatMap(([file, targets]) =>
      [...targets].filter((t) => t.startsWith(toDir)).map((t) => `${file} -> ${t}`),
    );

describe("the import reader", () => {
  it("finds static, type-only, multi-line, re-export, side-effect and dynamic imports", () => {
    const text = [
      'import { a } from "./a";',
      'import type { B } from "./b";',
      "import {",
      "  c,",
      "  type D,",
      '} from "./c";',
      'export { e } from "./e";',
      'export * from "./f";',
      'import "./g.css";',
      'const h = () => import("./h");',
      'import { z } from "zod";',
    ].join("\n");
    expect(specifiersOf(text).sort()).toEqual(["./a", "./b", "./c", "./e", "./f", "./g.css", "./h", "zod"]);
  });

  it("does not take code quoted in a string for an import", () => {
    const text = ["const script = [", "  'import { toXlsx } from \"./src/server/lib/xlsx.ts\";',", "];"].join(
      "\n",
    );
    expect(specifiersOf(text)).toEqual([]);
  });

  it("reports a circle, a type-only one and a file importing itself", () => {
    const edges = new Map([
      ["a.ts", new Set(["b.ts"])],
      ["b.ts", new Set(["c.ts"])],
      ["c.ts", new Set(["a.ts"])],
      ["d.ts", new Set(["a.ts", "d.ts"])],
      ["e.ts", new Set<string>()],
    ]);
    expect(cycles(edges)).toEqual([["a.ts", "b.ts", "c.ts"], ["d.ts"]]);
    expect(circleIn(edges, ["a.ts", "b.ts", "c.ts"])).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
  });

  it("resolves every relative import of src/ to a file", () => {
    expect(graph.edges.size).toBeGreaterThan(100);
    expect(graph.unresolved).toEqual([]);
  });
});

describe("the layout of src/", () => {
  it("has no import circle", () => {
    const circles = cycles(graph.edges).map((component) => circleIn(graph.edges, component).join(" -> "));
    expect(circles).toEqual([]);
  });

  it("keeps server and client apart, and the domain free of both", () => {
    expect(importsInto("src/server/", "src/client/")).toEqual([]);
    expect(importsInto("src/client/", "src/server/")).toEqual([]);
    expect(importsInto("src/domain/", "src/server/")).toEqual([]);
    expect(importsInto("src/domain/", "src/client/")).toEqual([]);
  });

  it("bundles no test, test support or check into the server", () => {
    const bundled = [...reachableFrom("src/server/main.ts")];
    expect(bundled.length).toBeGreaterThan(50);
    expect(
      bundled.filter(
        (f) =>
          /\.test\.tsx?$/.test(f) || f.startsWith("src/server/test/") || f.startsWith("src/server/check/"),
      ),
    ).toEqual([]);
  });
});

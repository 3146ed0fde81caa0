import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_TEMPLATES } from "../../src/domain/error-codes";
import { clientErrorCodes, codesNamedByDomain } from "./client-error-codes";
import { readCatalog } from "./i18n-catalogs";
import { CLIENT_DIR, isErrorKey, MessageParts, routeNames } from "./i18n-parts";

/**
 * Issue 35's first-load budget: the catalogs in parts. Every message reaches the screen that shows
 * it (a key missing from its part would show as the key), and the first load holds the shell's.
 */
const en = readCatalog("en");
const parts = new MessageParts(Object.keys(en));
const shell = parts.shellKeys();
const routes = Object.fromEntries(routeNames().map((r) => [r, parts.route(r)]));

describe("the catalogs' parts", () => {
  it("give every message (the errors apart) to the shell or to a screen", () => {
    const placed = new Set([...shell, ...Object.values(routes).flatMap((r) => r.keys)]);
    expect(Object.keys(en).filter((k) => !isErrorKey(k) && !placed.has(k))).toEqual([]);
  });

  it("keep the shell to the shell's, the sign-in page's and the dashboard's words", () => {
    for (const key of ["layout.nav.dashboard", "auth.signIn.submit", "dashboard.title", "common.loading"])
      expect(shell.has(key), key).toBe(true);
    for (const key of ["transactions.form.save", "inventory.title", "reports.stockStatus.title"])
      expect(shell.has(key), key).toBe(false);
    expect([...shell].filter(isErrorKey)).toEqual([]);
    // A quarter of the messages at most: the rest come with their screens.
    expect(shell.size).toBeLessThan(Object.keys(en).length / 4);
  });

  it("give a screen the words of the modules it loads, lazily loaded ones included, and not the shell's", () => {
    const form = routes["transaction-form"];
    expect(form?.keys).toContain("transactions.form.save");
    // The Scan roll field is loaded only when it is used (transaction-form.tsx's import()).
    expect(form?.keys.some((k) => k.startsWith("scan."))).toBe(true);
    expect(routes.inventory?.keys).toContain("inventory.title");
    expect(routes["report-stock-status"]?.keys).toContain("reports.stockStatus.title");
    for (const route of Object.values(routes)) expect(route.keys.filter((k) => shell.has(k))).toEqual([]);
    // A form shows a schema's message in the reader's language: it needs the errors' catalog.
    expect(form?.needsErrors).toBe(true);
    expect(routes.inventory?.needsErrors).toBe(false);
    // The import screen says its row errors by code (messageText), from a 200 answer that brings
    // no error answer to load the errors' catalog: its screen brings it.
    expect(routes["setup-import"]?.needsErrors).toBe(true);
  });

  it("are asked for under the route module's own name (router.tsx)", () => {
    const router = fs.readFileSync(path.join(CLIENT_DIR, "app/router.tsx"), "utf8");
    const pairs = [
      ...router.matchAll(/screen\(\s*"([^"]+)",\s*\(\) => import\("\.\/routes\/([^"]+)"\),?\s*\)/g),
    ];
    expect(pairs.length).toBe(router.match(/import\("\.\/routes\//g)?.length);
    for (const [, name, file] of pairs) expect(name).toBe(file);
    expect(pairs.map((p) => p[1]).sort()).toEqual(routeNames());
  });
});

describe("the client's error registry", () => {
  it("names every code and holds the templates the domain's schemas use, as the registry says them", async () => {
    const plugin = clientErrorCodes();
    const load = plugin.load as (id: string) => string;
    const resolveId = plugin.resolveId as (source: string, importer?: string) => string | undefined;
    const domain = path.resolve(CLIENT_DIR, "../domain");
    const id = resolveId("./error-codes", path.join(domain, "common.ts")) as string;
    expect(resolveId("./error-codes", path.join(CLIENT_DIR, "lib/x.ts"))).toBeUndefined();
    const module = await import(`data:text/javascript,${encodeURIComponent(load(id))}`);
    expect(module.ERROR_CODES).toEqual(ERROR_CODES);
    const used = codesNamedByDomain();
    expect(used).toContain("WAREHOUSE_NAME_REQUIRED");
    expect(Object.keys(module.ERROR_TEMPLATES).sort()).toEqual(used);
    for (const code of used) expect(module.ERROR_TEMPLATES[code]).toBe(ERROR_TEMPLATES[code]);
    // The server's own refusals stay out of the browser's forms.
    expect(used).not.toContain("IDEMPOTENCY_PENDING");
  });
});

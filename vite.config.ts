import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { CLIENT_ERROR_CODES_ID, clientErrorCodes } from "./scripts/lib/client-error-codes";
import { i18nCatalogs } from "./scripts/lib/i18n-catalogs";
import { precompressDir } from "./scripts/lib/precompress.mjs";

/**
 * After the build, `.br` and `.gz` copies beside the text assets (scripts/lib/precompress.mjs): the
 * server sends them by Accept-Encoding without compressing anything per request. It runs at the end
 * of every `vite build`, whatever its --outDir (the browser suite's side-by-side builds included).
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "fabric:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const s = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      this.info(
        `precompressed ${s.files} files: ${kb(s.rawBytes)} -> br ${kb(s.brBytes)}, gzip ${kb(s.gzipBytes)}`,
      );
    },
  };
}

/** A module id as a path from the repository root, with forward slashes and no extension. */
function modulePath(id: string): string {
  return path
    .relative(import.meta.dirname, id)
    .replaceAll("\\", "/")
    .replace(/\.(tsx?|m?js)$/, "");
}

/**
 * Whether `id` is one of `files` or under one of the folders ending in "/" (repository paths;
 * "node_modules/..." matches wherever the package is installed).
 */
const oneOf =
  (...files: string[]) =>
  (id: string) => {
    const p = modulePath(id);
    const full = id.replaceAll("\\", "/");
    return files.some((f) =>
      f.startsWith("node_modules/") ? full.includes(`/${f}`) : f.endsWith("/") ? p.startsWith(f) : p === f,
    );
  };

const screenModule = oneOf(
  "src/client/components/page-header",
  "src/client/components/stat-card",
  "src/client/components/empty-table-row",
  "src/client/components/table-skeleton-rows",
  // The order's and the purchase order's page frame, facts and lines table: no forms, no mutations.
  "src/client/components/record-detail",
  "src/client/components/ui/table",
  "src/client/components/ui/badge",
  "src/client/components/ui/card",
  "src/client/components/ui/skeleton",
  "src/client/lib/format",
  // Money in the installation's currency (issue 17): the dashboard, the rolls and the value reports.
  "src/client/lib/money",
  // The no-access notice of admin-only screens: not a form thing (the value reports load no forms).
  "src/client/features/auth/components/require-access",
  "src/client/lib/use-retained",
  "src/client/features/reports/components/query-error",
  "src/client/features/reports/components/yards-value",
  "src/client/features/reports/components/stock-status-badge",
  "src/client/features/reports/use-url-filters",
  "src/client/features/reports/transaction-history/kind-icons",
  "src/client/features/transactions/list/transactions-table",
  // Its status cell (Completed, Reversed, Reverses ...), shared with the detail.
  "src/client/features/transactions/detail/reversal-status",
  // The stock card's link on Inventory, Stock Status and a roll's page (issue 16): a file of its own
  // was a round trip more for each.
  "src/client/features/reports/stock-card/stock-card-link",
  // The labels' address and the forms' drafts: tiny, no zod, shared by forms, lists and details.
  "src/client/features/labels/rolls-for-labels",
  "src/client/features/transactions/form/draft",
  "src/client/features/transactions/list/transaction-party",
  "src/client/features/transactions/list/pagination",
  // The lists' sortable headers: a file of their own was a round trip more.
  "src/client/components/sortable-table-head",
  "src/client/lib/use-url-sort",
  "src/domain/list-sorts",
  "src/domain/low-stock",
  "src/client/lib/use-is-phone",
  "src/client/features/transactions/list/transaction-phone-rows",
  "src/client/features/transactions/list/party-text",
  // The packing list's and the import screen's fetchers (issue 36): no zod.
  "src/client/features/imports/import-api",
  // The transaction type in the user's language (issue 35): the lists, the detail and the history.
  "src/client/features/transactions/list/type-label",
  "src/domain/names",
  "src/domain/report-constants",
  "src/domain/yards-format",
  // Lengths in the user's unit (issue 35): lib/format.ts shows them, the forms read them. Here, not
  // with the forms: format.ts would import the forms' group, which imports this one (a cycle that
  // leaves a chunk's imports undefined: a blank app).
  "src/domain/length-units",
  "src/domain/aging",
  "src/domain/roles",
  "src/domain/transaction-kinds",
  // The Cost Correction type's name and filter value (a few bytes): alone it was a 6th file for
  // the inventory and one more round trip for every list and form.
  "src/domain/cost-correction-kind",
);

/**
 * Fewer, larger chunks for the screens. Split per module, a screen needed 15 to 33 files of a few
 * hundred bytes each; a phone on HTTP/1.1 fetches 6 at a time, so each extra round costs a network
 * round trip before the screen shows. Modules that two or more screens share go into a few groups
 * instead. `includeDependenciesRecursively: false` keeps each group to the modules named here (their
 * dependencies stay where the bundler puts them): the dashboard's groups must not pull in zod, the
 * forms or Radix (tests/e2e/first-load.test.ts checks what the dashboard loads).
 */
const chunkGroups = [
  // What the first screen loads: one file instead of four.
  { name: "shell", tags: ["$initial" as const], priority: 4 },
  { name: "icons", test: oneOf("node_modules/lucide-react/"), minShareCount: 2, priority: 3 },
  {
    // Radix and its helpers, for the filters, pickers, dialogs and menus.
    name: "ui",
    test: (id: string) =>
      /node_modules[\\/](@radix-ui|radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|tslib|detect-node-es|get-nonce)[\\/]/.test(
        id,
      ),
    minShareCount: 2,
    priority: 2,
  },
  {
    // Formatting, tables, badges, query keys and fetchers (features/*/api, which import no zod):
    // every screen's, the dashboard's too.
    name: "screens",
    test: (id: string) =>
      screenModule(id) || /^src\/client\/features\/[^/]+\/api\/[^/]+$/.test(modulePath(id)),
    minShareCount: 2,
    priority: 1,
    includeDependenciesRecursively: false,
  },
  {
    // The filters, pickers and fields of the lists, reports and forms.
    name: "fields",
    test: oneOf(
      "src/client/components/ui/label",
      "src/client/components/ui/input",
      "src/client/components/ui/textarea",
      "src/client/components/ui/select",
      "src/client/components/ui/switch",
      "src/client/components/search-field",
      "src/client/components/ui/combobox",
      "src/client/components/ui/popover",
      "src/client/components/ui/date-picker",
      "src/client/features/reports/components/",
    ),
    minShareCount: 2,
    priority: 1,
    includeDependenciesRecursively: false,
  },
  {
    // The setup screens' frame, table, form and History dialog (issue 16 point 4): with the forms,
    // the receive form's first load parsed and ran them for nothing.
    name: "setup",
    test: (id: string) =>
      oneOf("src/client/features/master-data/", "src/client/features/history/")(id) &&
      !oneOf("src/client/features/master-data/nothing-to-pick")(id),
    minShareCount: 2,
    priority: 1,
    includeDependenciesRecursively: false,
  },
  {
    // What the forms and setup screens share: react-hook-form, zod and the domain's schemas,
    // dialogs and form fields. Never loaded by the dashboard or the lists.
    name: "forms",
    test: oneOf(
      "node_modules/react-hook-form/",
      "node_modules/@hookform/",
      "node_modules/zod/",
      "node_modules/@tanstack/react-query/build/modern/useMutation",
      "node_modules/@tanstack/query-core/build/modern/mutationObserver",
      "src/client/lib/zod",
      // Lengths typed in the user's unit: the posting forms, the costs screen and purchase orders.
      "src/client/features/transactions/form/form-lengths",
      "src/client/components/confirm-dialog",
      "src/client/components/input-field",
      "src/client/components/ui/dialog",
      "src/client/components/ui/alert-dialog",
      "src/client/components/ui/form",
      // The forms' "none yet: add one" notice; the rest of master-data is the setup group's.
      "src/client/features/master-data/nothing-to-pick",
      "src/domain/common",
      "src/domain/user",
      "src/domain/material",
      "src/domain/warehouse",
      "src/domain/supplier",
      "src/domain/threshold",
      "src/domain/transaction",
      "src/domain/roll",
      "src/domain/supplier-shortage",
      "src/domain/stock-card",
      "src/domain/posting-body",
      "src/domain/stock",
      "src/domain/report",
      "src/domain/yards",
      // Issue 17: the unit cost's schema (transaction.ts imports it); outside this group it made
      // a chunk of its own that imports this one and is imported by it: a blank app.
      "src/domain/money",
      "src/domain/stock-value",
      // The error codes' English templates the domain's schemas build their messages with (issue
      // 35; the client's registry holds only those: scripts/lib/client-error-codes.ts), so they
      // come with the schemas; a chunk of their own was one more file.
      "src/domain/error-text",
      CLIENT_ERROR_CODES_ID,
    ),
    minShareCount: 2,
    priority: 1,
    includeDependenciesRecursively: false,
  },
];

// The client lives in src/client and is served by the Fastify server from dist/client in production.
// In development Vite serves it on 5000 and forwards /api to the API server on 5001 (scripts/dev.ts).
export default defineConfig({
  root: "src/client",
  plugins: [react(), tailwindcss(), precompress(), i18nCatalogs(), clientErrorCodes()],
  resolve: {
    // zod with JIT off (src/client/lib/zod.ts): its `new Function` probe breaks the CSP.
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, "src/client/lib/zod.ts") }],
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
        // A language's part of the catalogs (scripts/lib/i18n-catalogs.ts) is named for it
        // (i18n-id-transaction-form-*.js), not like the screen whose words it holds.
        chunkFileNames: (chunk) => {
          const part = /^\0virtual:i18n\/(\w+)\//.exec(chunk.facadeModuleId ?? "");
          return part ? `assets/i18n-${part[1]}-[name]-[hash].js` : "assets/[name]-[hash].js";
        },
      },
    },
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

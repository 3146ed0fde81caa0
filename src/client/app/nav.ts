import type { Access, Role } from "../../domain/roles";
import { roleAllows } from "../../domain/roles";
import { TRANSACTION_KINDS } from "../../domain/transaction-kinds";

export interface NavItem {
  /** The catalog key of its label (src/client/i18n/messages/<lang>/layout.json). */
  key: string;
  path: string;
  /** Who sees the item; "read" = everyone signed in. */
  access: Access;
}

export interface NavSection {
  /** The catalog key of the group heading; none for the top items. */
  title?: string;
  items: NavItem[];
}

/** The spec's "Navigation sidebar" (section 2), plus Users for administrators. */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    items: [
      { key: "layout.nav.dashboard", path: "/", access: "read" },
      { key: "layout.nav.inventory", path: "/inventory", access: "read" },
      // Rolls and finding fabric (CONTRACT.md sections 8 and 9), under Inventory.
      { key: "layout.nav.rolls", path: "/inventory/rolls", access: "read" },
      { key: "layout.nav.findFabric", path: "/inventory/find", access: "read" },
      // Orders and reservations (CONTRACT.md section 15).
      { key: "layout.nav.orders", path: "/orders", access: "read" },
      // Purchase orders (CONTRACT.md section 16): what is bought, beside what is promised.
      { key: "purchaseOrders.nav", path: "/purchase-orders", access: "read" },
    ],
  },
  {
    title: "layout.nav.transactions",
    // Viewers cannot record, so the entry forms are hidden from them.
    items: TRANSACTION_KINDS.map(
      (kind): NavItem => ({
        key: `common.kind.${kind}.label`,
        path: `/transactions/${kind}`,
        access: "record",
      }),
    ).concat([
      // Counting by roll (CONTRACT.md section 14), under Transactions: hidden from viewers like the forms.
      { key: "counts.nav", path: "/counts", access: "record" },
    ]),
  },
  {
    title: "layout.nav.reports",
    items: [
      { key: "layout.nav.stockStatus", path: "/reports/stock-status", access: "read" },
      { key: "layout.nav.lowStock", path: "/reports/low-stock", access: "read" },
      { key: "layout.nav.inventoryAging", path: "/reports/inventory-aging", access: "read" },
      { key: "layout.nav.transactionHistory", path: "/reports/transaction-history", access: "read" },
      // Rolls (CONTRACT.md section 8), after the spec's four.
      { key: "layout.nav.remnants", path: "/reports/remnants", access: "read" },
      { key: "layout.nav.supplierShortages", path: "/reports/supplier-shortages", access: "read" },
      // Issue 16 (CONTRACT.md section 10).
      { key: "layout.nav.stockCard", path: "/reports/stock-card", access: "read" },
      // Issue 17 (CONTRACT.md section 11): money is for administrators only.
      { key: "layout.nav.stockValue", path: "/reports/stock-value", access: "admin" },
      { key: "layout.nav.movementValue", path: "/reports/movement-value", access: "admin" },
    ],
  },
  {
    title: "layout.nav.setup",
    items: [
      { key: "layout.nav.warehouses", path: "/setup/warehouses", access: "read" },
      { key: "layout.nav.suppliers", path: "/setup/suppliers", access: "read" },
      { key: "layout.nav.materials", path: "/setup/materials", access: "read" },
      { key: "layout.nav.stockThresholds", path: "/setup/thresholds", access: "read" },
      { key: "layout.nav.users", path: "/setup/users", access: "admin" },
      // Moving in from spreadsheets (CONTRACT.md section 13).
      { key: "imports.nav", path: "/setup/import", access: "admin" },
    ],
  },
];

/**
 * An item is highlighted when the path equals its path or is nested under it ("/setup/materials/3"
 * under "/setup/materials"). Dashboard ("/") only on an exact match, or it would always be active.
 */
export function isNavItemActive(currentPath: string, itemPath: string): boolean {
  if (itemPath === "/") return currentPath === "/";
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}

/**
 * The one item to highlight at `currentPath`: the most specific one that matches (isNavItemActive),
 * so /inventory/rolls/12 marks Rolls, not Inventory too.
 */
export function activeNavPath(currentPath: string): string | undefined {
  return NAV_SECTIONS.flatMap((s) => s.items)
    .map((i) => i.path)
    .filter((path) => isNavItemActive(currentPath, path))
    .sort((a, b) => b.length - a.length)[0];
}

/** The sections and items a role may see; sections left empty are dropped. */
export function navSectionsFor(role: Role): NavSection[] {
  return NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => roleAllows(role, item.access)),
  })).filter((section) => section.items.length > 0);
}

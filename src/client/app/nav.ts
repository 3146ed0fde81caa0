import type { Access, Role } from "../../domain/roles";
import { roleAllows } from "../../domain/roles";
import { KIND_INFO, TRANSACTION_KINDS } from "../../domain/transaction-kinds";

export interface NavItem {
  label: string;
  path: string;
  /** Who sees the item; "read" = everyone signed in. */
  access: Access;
}

export interface NavSection {
  /** Group heading; none for the top items. */
  title?: string;
  items: NavItem[];
}

/** The spec's "Navigation sidebar" (section 2), plus Users for administrators. */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    items: [
      { label: "Dashboard", path: "/", access: "read" },
      { label: "Inventory", path: "/inventory", access: "read" },
      // Rolls and finding fabric (CONTRACT.md sections 8 and 9), under Inventory.
      { label: "Rolls", path: "/inventory/rolls", access: "read" },
      { label: "Find Fabric", path: "/inventory/find", access: "read" },
    ],
  },
  {
    title: "Transactions",
    // Viewers cannot record, so the entry forms are hidden from them.
    items: TRANSACTION_KINDS.map((kind) => ({
      label: KIND_INFO[kind].label,
      path: `/transactions/${kind}`,
      access: "record" as const,
    })),
  },
  {
    title: "Reports",
    items: [
      { label: "Stock Status", path: "/reports/stock-status", access: "read" },
      { label: "Low Stock", path: "/reports/low-stock", access: "read" },
      { label: "Inventory Aging", path: "/reports/inventory-aging", access: "read" },
      { label: "Transaction History", path: "/reports/transaction-history", access: "read" },
      // Rolls (CONTRACT.md section 8), after the spec's four.
      { label: "Remnants", path: "/reports/remnants", access: "read" },
      { label: "Supplier Shortages", path: "/reports/supplier-shortages", access: "read" },
      // Issue 16 (CONTRACT.md section 10).
      { label: "Stock Card", path: "/reports/stock-card", access: "read" },
      // Issue 17 (CONTRACT.md section 11): money is for administrators only.
      { label: "Stock Value", path: "/reports/stock-value", access: "admin" },
      { label: "Movement Value", path: "/reports/movement-value", access: "admin" },
    ],
  },
  {
    title: "Setup",
    items: [
      { label: "Warehouses", path: "/setup/warehouses", access: "read" },
      { label: "Suppliers", path: "/setup/suppliers", access: "read" },
      { label: "Materials", path: "/setup/materials", access: "read" },
      { label: "Stock Thresholds", path: "/setup/thresholds", access: "read" },
      { label: "Users", path: "/setup/users", access: "admin" },
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

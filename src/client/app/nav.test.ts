import { describe, expect, it } from "vitest";
import { readCatalog } from "../../../scripts/lib/i18n-catalogs";
import { activeNavPath, isNavItemActive, NAV_SECTIONS, navSectionsFor } from "./nav";

// The items name catalog keys; the spec's words are their English messages.
const english = readCatalog("en");
const text = (key: string | undefined) =>
  key === undefined ? undefined : (english[key] ?? `missing ${key}`);
const labels = (sections: ReturnType<typeof navSectionsFor>) =>
  sections.flatMap((s) => s.items.map((i) => text(i.key)));
const titles = (sections: ReturnType<typeof navSectionsFor>) => sections.map((s) => text(s.title));

describe("isNavItemActive", () => {
  it("marks Dashboard only on the exact root path", () => {
    expect(isNavItemActive("/", "/")).toBe(true);
    expect(isNavItemActive("/inventory", "/")).toBe(false);
    expect(isNavItemActive("/setup/users", "/")).toBe(false);
  });

  it("marks an item on its own path and on paths nested under it", () => {
    expect(isNavItemActive("/inventory", "/inventory")).toBe(true);
    expect(isNavItemActive("/setup/materials/12", "/setup/materials")).toBe(true);
    expect(isNavItemActive("/setup/materials/", "/setup/materials")).toBe(true);
  });

  it("does not mark an item whose path is only a prefix of another word", () => {
    expect(isNavItemActive("/inventory-old", "/inventory")).toBe(false);
    expect(isNavItemActive("/reports/low-stock-x", "/reports/low-stock")).toBe(false);
    expect(isNavItemActive("/setup", "/setup/materials")).toBe(false);
  });

  it("marks exactly one sidebar item for every item's own path and the paths under it", () => {
    const items = NAV_SECTIONS.flatMap((s) => s.items);
    for (const item of items) {
      expect(activeNavPath(item.path)).toBe(item.path);
      if (item.path !== "/") expect(activeNavPath(`${item.path}/12`)).toBe(item.path);
    }
    // The most specific item wins: a roll's page is under Rolls, not Inventory.
    expect(activeNavPath("/inventory/rolls/12")).toBe("/inventory/rolls");
    expect(activeNavPath("/inventory")).toBe("/inventory");
    expect(activeNavPath("/nowhere")).toBeUndefined();
  });
});

describe("navSectionsFor", () => {
  it("lists the spec's items in order, plus Users, for an administrator", () => {
    expect(labels(navSectionsFor("admin"))).toEqual([
      "Dashboard",
      "Inventory",
      "Rolls",
      "Find Fabric",
      "Orders",
      "Purchase Orders",
      "Receive",
      "Production Usage",
      "Waste",
      "Transfer",
      "Return",
      "Stock Opname",
      "Counts",
      "Stock Status",
      "Low Stock",
      "Inventory Aging",
      "Transaction History",
      "Remnants",
      "Supplier Shortages",
      "Stock Card",
      "Stock Value",
      "Movement Value",
      "Warehouses",
      "Suppliers",
      "Materials",
      "Stock Thresholds",
      "Users",
      "Import",
    ]);
    expect(titles(navSectionsFor("admin"))).toEqual([undefined, "Transactions", "Reports", "Setup"]);
  });

  it("hides Users from clerks but keeps the transaction forms", () => {
    const clerk = labels(navSectionsFor("clerk"));
    expect(clerk).not.toContain("Users");
    expect(clerk).not.toContain("Import");
    expect(clerk).toContain("Receive");
    // Money is for administrators only (issue 17).
    expect(clerk).not.toContain("Stock Value");
    expect(clerk).not.toContain("Movement Value");
  });

  it("hides the Transactions group and Users from viewers", () => {
    const sections = navSectionsFor("viewer");
    expect(titles(sections)).toEqual([undefined, "Reports", "Setup"]);
    expect(labels(sections)).not.toContain("Users");
    expect(labels(sections)).not.toContain("Receive");
  });
});

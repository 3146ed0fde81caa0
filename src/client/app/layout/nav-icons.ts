import {
  AlertTriangleIcon,
  ArrowDownToLineIcon,
  ArrowLeftRightIcon,
  BarChart3Icon,
  BoxesIcon,
  ClipboardCheckIcon,
  ClockIcon,
  HistoryIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  PackageIcon,
  PaletteIcon,
  RulerIcon,
  ScissorsIcon,
  TrashIcon,
  TruckIcon,
  Undo2Icon,
  UsersIcon,
  WarehouseIcon,
} from "lucide-react";

/** The sidebar icon of each nav path (src/client/app/nav.ts). */
export const NAV_ICONS: Record<string, LucideIcon> = {
  "/": LayoutDashboardIcon,
  "/inventory": BoxesIcon,
  "/transactions/receive": ArrowDownToLineIcon,
  "/transactions/production-usage": ScissorsIcon,
  "/transactions/waste": TrashIcon,
  "/transactions/transfer": ArrowLeftRightIcon,
  "/transactions/return": Undo2Icon,
  "/transactions/stock-opname": ClipboardCheckIcon,
  "/reports/stock-status": BarChart3Icon,
  "/reports/low-stock": AlertTriangleIcon,
  "/reports/inventory-aging": ClockIcon,
  "/reports/transaction-history": HistoryIcon,
  "/setup/warehouses": WarehouseIcon,
  "/setup/suppliers": TruckIcon,
  "/setup/materials": PaletteIcon,
  "/setup/thresholds": RulerIcon,
  "/setup/users": UsersIcon,
};

export const FallbackNavIcon: LucideIcon = PackageIcon;

import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { TRANSACTION_KINDS } from "../../domain/transaction-kinds";
import { Skeleton } from "../components/ui/skeleton";
import { wasSignedIn } from "../features/auth/signed-in-hint";
import { t } from "../i18n";
import { loadRouteMessages } from "../i18n/store";
import { RouteErrorBoundary } from "./route-error-boundary";

/** A route module: its screen, and optionally what data to ask for before it renders. */
interface ScreenModule {
  default: ComponentType;
  prefetch?: (queryClient: QueryClient) => void;
}

/**
 * A screen's code and its words in the reader's language (beyond the shell's), fetched side by
 * side: React.lazy renders it once both are here, so it never shows a key or English first.
 */
const screen = (name: string, load: () => Promise<ScreenModule>) => () =>
  Promise.all([load(), loadRouteMessages(name)]).then(([module]) => module);

// One chunk per screen (React.lazy): the first screen loads only its own code.
const screens = {
  dashboard: screen("dashboard", () => import("./routes/dashboard")),
  inventory: screen("inventory", () => import("./routes/inventory")),
  rolls: screen("rolls", () => import("./routes/rolls")),
  rollDetail: screen("roll-detail", () => import("./routes/roll-detail")),
  findFabric: screen("find-fabric", () => import("./routes/find-fabric")),
  orders: screen("orders", () => import("./routes/orders")),
  newOrder: screen("order-new", () => import("./routes/order-new")),
  orderDetail: screen("order-detail", () => import("./routes/order-detail")),
  purchaseOrders: screen("purchase-orders", () => import("./routes/purchase-orders")),
  newPurchaseOrder: screen("purchase-order-new", () => import("./routes/purchase-order-new")),
  purchaseOrderDetail: screen("purchase-order-detail", () => import("./routes/purchase-order-detail")),
  reorder: screen("purchase-order-reorder", () => import("./routes/purchase-order-reorder")),
  rollLabels: screen("roll-labels", () => import("./routes/roll-labels")),
  transactions: screen("transactions", () => import("./routes/transactions")),
  transactionForm: screen("transaction-form", () => import("./routes/transaction-form")),
  transactionDetail: screen("transaction-detail", () => import("./routes/transaction-detail")),
  transactionCosts: screen("transaction-costs", () => import("./routes/transaction-costs")),
  shortageClaim: screen("shortage-claim", () => import("./routes/shortage-claim")),
  stockStatusReport: screen("report-stock-status", () => import("./routes/report-stock-status")),
  lowStockReport: screen("report-low-stock", () => import("./routes/report-low-stock")),
  inventoryAgingReport: screen("report-inventory-aging", () => import("./routes/report-inventory-aging")),
  transactionHistoryReport: screen(
    "report-transaction-history",
    () => import("./routes/report-transaction-history"),
  ),
  remnantsReport: screen("report-remnants", () => import("./routes/report-remnants")),
  supplierShortagesReport: screen(
    "report-supplier-shortages",
    () => import("./routes/report-supplier-shortages"),
  ),
  stockCardReport: screen("report-stock-card", () => import("./routes/report-stock-card")),
  stockValueReport: screen("report-stock-value", () => import("./routes/report-stock-value")),
  movementValueReport: screen("report-movement-value", () => import("./routes/report-movement-value")),
  warehouses: screen("setup-warehouses", () => import("./routes/setup-warehouses")),
  suppliers: screen("setup-suppliers", () => import("./routes/setup-suppliers")),
  materials: screen("setup-materials", () => import("./routes/setup-materials")),
  thresholds: screen("setup-thresholds", () => import("./routes/setup-thresholds")),
  users: screen("setup-users", () => import("./routes/setup-users")),
  import: screen("setup-import", () => import("./routes/setup-import")),
  counts: screen("counts", () => import("./routes/counts")),
  counting: screen("counting", () => import("./routes/counting")),
  countReview: screen("count-review", () => import("./routes/count-review")),
  notFound: screen("not-found", () => import("./routes/not-found")),
} satisfies Record<string, () => Promise<ScreenModule>>;
const Dashboard = lazy(screens.dashboard);
const Inventory = lazy(screens.inventory);
const Rolls = lazy(screens.rolls);
const RollDetail = lazy(screens.rollDetail);
const FindFabric = lazy(screens.findFabric);
const Orders = lazy(screens.orders);
const NewOrder = lazy(screens.newOrder);
const OrderDetail = lazy(screens.orderDetail);
const PurchaseOrders = lazy(screens.purchaseOrders);
const NewPurchaseOrder = lazy(screens.newPurchaseOrder);
const PurchaseOrderDetail = lazy(screens.purchaseOrderDetail);
const Reorder = lazy(screens.reorder);
const RollLabels = lazy(screens.rollLabels);
const Transactions = lazy(screens.transactions);
const TransactionForm = lazy(screens.transactionForm);
const TransactionDetail = lazy(screens.transactionDetail);
const TransactionCosts = lazy(screens.transactionCosts);
const ShortageClaim = lazy(screens.shortageClaim);
const StockStatusReport = lazy(screens.stockStatusReport);
const LowStockReport = lazy(screens.lowStockReport);
const InventoryAgingReport = lazy(screens.inventoryAgingReport);
const TransactionHistoryReport = lazy(screens.transactionHistoryReport);
const RemnantsReport = lazy(screens.remnantsReport);
const SupplierShortagesReport = lazy(screens.supplierShortagesReport);
const StockCardReport = lazy(screens.stockCardReport);
const StockValueReport = lazy(screens.stockValueReport);
const MovementValueReport = lazy(screens.movementValueReport);
const Warehouses = lazy(screens.warehouses);
const Suppliers = lazy(screens.suppliers);
const Materials = lazy(screens.materials);
const Thresholds = lazy(screens.thresholds);
const Users = lazy(screens.users);
const Import = lazy(screens.import);
const Counts = lazy(screens.counts);
const Counting = lazy(screens.counting);
const CountReview = lazy(screens.countReview);
const NotFound = lazy(screens.notFound);

const SCREEN_OF_PATH: Record<string, keyof typeof screens> = {
  "/": "dashboard",
  "/inventory": "inventory",
  "/inventory/rolls": "rolls",
  "/inventory/find": "findFabric",
  "/inventory/rolls/labels": "rollLabels",
  "/orders": "orders",
  "/orders/new": "newOrder",
  "/purchase-orders": "purchaseOrders",
  "/purchase-orders/new": "newPurchaseOrder",
  "/purchase-orders/reorder": "reorder",
  "/transactions": "transactions",
  "/counts": "counts",
  "/reports/stock-status": "stockStatusReport",
  "/reports/low-stock": "lowStockReport",
  "/reports/inventory-aging": "inventoryAgingReport",
  "/reports/transaction-history": "transactionHistoryReport",
  "/reports/remnants": "remnantsReport",
  "/reports/supplier-shortages": "supplierShortagesReport",
  "/reports/stock-card": "stockCardReport",
  "/reports/stock-value": "stockValueReport",
  "/reports/movement-value": "movementValueReport",
  "/setup/warehouses": "warehouses",
  "/setup/suppliers": "suppliers",
  "/setup/materials": "materials",
  "/setup/thresholds": "thresholds",
  "/setup/users": "users",
  "/setup/import": "import",
};

/**
 * Starts loading the code of the screen at `path` at once, while the app still asks who is signed
 * in, instead of after that answer, and then the screen's first data when its route module says
 * what that is (`export function prefetch(queryClient)`): on a slow phone connection each saves a
 * round trip before the first screen shows. React.lazy then finds the module already loaded, and
 * the screen's queries their answers on the way. The data is asked for only when this browser was
 * signed in last time (signed-in-hint.ts): no 401s on the sign-in page. When the session has ended
 * meanwhile, those answers are 401 and are dropped at sign-in (replaceSignedInUser).
 */
export function preloadScreen(path: string, queryClient: QueryClient): void {
  const kind = /^\/transactions\/([^/]+)$/.exec(path)?.[1];
  const screen =
    SCREEN_OF_PATH[path] ??
    (/^\/inventory\/rolls\/\d+$/.test(path) ? "rollDetail" : undefined) ??
    (/^\/orders\/\d+(\/pick(-list)?)?$/.test(path) ? "orderDetail" : undefined) ??
    (/^\/purchase-orders\/\d+(\/print)?$/.test(path) ? "purchaseOrderDetail" : undefined) ??
    (/^\/counts\/\d+\/count$/.test(path) ? "counting" : undefined) ??
    (/^\/counts\/\d+$/.test(path) ? "countReview" : undefined) ??
    (/^\/transactions\/\d+\/costs$/.test(path) ? "transactionCosts" : undefined) ??
    (/^\/reports\/supplier-shortages\/claims\/\d+$/.test(path) ? "shortageClaim" : undefined) ??
    (kind === undefined
      ? undefined
      : (TRANSACTION_KINDS as readonly string[]).includes(kind)
        ? "transactionForm"
        : "transactionDetail");
  // A failed load shows on the screen itself (RouteErrorBoundary) when React.lazy retries it.
  if (!screen) return;
  const load: () => Promise<ScreenModule> = screens[screen];
  const prefetchData = wasSignedIn();
  load()
    .then((module) => {
      if (prefetchData) module.prefetch?.(queryClient);
    })
    .catch(() => {});
}

function RouteFallback() {
  return (
    <div role="status" aria-busy="true" aria-label={t("common.loading")} className="space-y-6">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** The spec's route table (section 2) plus /setup/users; anything else is the 404 page. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    // Keyed by path: a failed screen does not stick once the user navigates away.
    <RouteErrorBoundary key={location}>
      <Suspense fallback={<RouteFallback />}>
        <Switch>
          <Route path="/" component={Dashboard} />
          <Route path="/inventory" component={Inventory} />
          <Route path="/inventory/rolls" component={Rolls} />
          <Route path="/inventory/find" component={FindFabric} />
          <Route path="/inventory/rolls/labels" component={RollLabels} />
          {/* After /inventory/rolls/labels, which it would match too. */}
          <Route path="/inventory/rolls/:id" component={RollDetail} />
          <Route path="/orders" component={Orders} />
          <Route path="/orders/new" component={NewOrder} />
          <Route path="/orders/:id" component={OrderDetail} />
          <Route path="/orders/:id/:view" component={OrderDetail} />
          <Route path="/purchase-orders" component={PurchaseOrders} />
          <Route path="/purchase-orders/new" component={NewPurchaseOrder} />
          <Route path="/purchase-orders/reorder" component={Reorder} />
          <Route path="/purchase-orders/:id" component={PurchaseOrderDetail} />
          <Route path="/purchase-orders/:id/:view" component={PurchaseOrderDetail} />
          <Route path="/transactions" component={Transactions} />
          {TRANSACTION_KINDS.map((kind) => (
            <Route key={kind} path={`/transactions/${kind}`} component={TransactionForm} />
          ))}
          <Route path="/transactions/:id" component={TransactionDetail} />
          <Route path="/transactions/:id/costs" component={TransactionCosts} />
          <Route path="/counts" component={Counts} />
          <Route path="/counts/:id/count" component={Counting} />
          <Route path="/counts/:id" component={CountReview} />
          <Route path="/reports/stock-status" component={StockStatusReport} />
          <Route path="/reports/low-stock" component={LowStockReport} />
          <Route path="/reports/inventory-aging" component={InventoryAgingReport} />
          <Route path="/reports/transaction-history" component={TransactionHistoryReport} />
          <Route path="/reports/remnants" component={RemnantsReport} />
          <Route path="/reports/supplier-shortages" component={SupplierShortagesReport} />
          <Route path="/reports/supplier-shortages/claims/:id" component={ShortageClaim} />
          <Route path="/reports/stock-card" component={StockCardReport} />
          <Route path="/reports/stock-value" component={StockValueReport} />
          <Route path="/reports/movement-value" component={MovementValueReport} />
          <Route path="/setup/warehouses" component={Warehouses} />
          <Route path="/setup/suppliers" component={Suppliers} />
          <Route path="/setup/materials" component={Materials} />
          <Route path="/setup/thresholds" component={Thresholds} />
          <Route path="/setup/users" component={Users} />
          <Route path="/setup/import" component={Import} />
          <Route component={NotFound} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

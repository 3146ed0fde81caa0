import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { TRANSACTION_KINDS } from "../../domain/transaction-kinds";
import { Skeleton } from "../components/ui/skeleton";
import { wasSignedIn } from "../features/auth/signed-in-hint";
import { t } from "../i18n";
import { RouteErrorBoundary } from "./route-error-boundary";

/** A route module: its screen, and optionally what data to ask for before it renders. */
interface ScreenModule {
  default: ComponentType;
  prefetch?: (queryClient: QueryClient) => void;
}

// One chunk per screen (React.lazy): the first screen loads only its own code.
const screens = {
  dashboard: () => import("./routes/dashboard"),
  inventory: () => import("./routes/inventory"),
  rolls: () => import("./routes/rolls"),
  rollDetail: () => import("./routes/roll-detail"),
  findFabric: () => import("./routes/find-fabric"),
  orders: () => import("./routes/orders"),
  newOrder: () => import("./routes/order-new"),
  orderDetail: () => import("./routes/order-detail"),
  purchaseOrders: () => import("./routes/purchase-orders"),
  newPurchaseOrder: () => import("./routes/purchase-order-new"),
  purchaseOrderDetail: () => import("./routes/purchase-order-detail"),
  reorder: () => import("./routes/purchase-order-reorder"),
  rollLabels: () => import("./routes/roll-labels"),
  transactions: () => import("./routes/transactions"),
  transactionForm: () => import("./routes/transaction-form"),
  transactionDetail: () => import("./routes/transaction-detail"),
  stockStatusReport: () => import("./routes/report-stock-status"),
  lowStockReport: () => import("./routes/report-low-stock"),
  inventoryAgingReport: () => import("./routes/report-inventory-aging"),
  transactionHistoryReport: () => import("./routes/report-transaction-history"),
  remnantsReport: () => import("./routes/report-remnants"),
  supplierShortagesReport: () => import("./routes/report-supplier-shortages"),
  stockCardReport: () => import("./routes/report-stock-card"),
  stockValueReport: () => import("./routes/report-stock-value"),
  movementValueReport: () => import("./routes/report-movement-value"),
  warehouses: () => import("./routes/setup-warehouses"),
  suppliers: () => import("./routes/setup-suppliers"),
  materials: () => import("./routes/setup-materials"),
  thresholds: () => import("./routes/setup-thresholds"),
  users: () => import("./routes/setup-users"),
  import: () => import("./routes/setup-import"),
  counts: () => import("./routes/counts"),
  counting: () => import("./routes/counting"),
  countReview: () => import("./routes/count-review"),
  notFound: () => import("./routes/not-found"),
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
          <Route path="/counts" component={Counts} />
          <Route path="/counts/:id/count" component={Counting} />
          <Route path="/counts/:id" component={CountReview} />
          <Route path="/reports/stock-status" component={StockStatusReport} />
          <Route path="/reports/low-stock" component={LowStockReport} />
          <Route path="/reports/inventory-aging" component={InventoryAgingReport} />
          <Route path="/reports/transaction-history" component={TransactionHistoryReport} />
          <Route path="/reports/remnants" component={RemnantsReport} />
          <Route path="/reports/supplier-shortages" component={SupplierShortagesReport} />
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

import { lazy, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { TRANSACTION_KINDS } from "../../domain/transaction-kinds";
import { Skeleton } from "../components/ui/skeleton";
import { RouteErrorBoundary } from "./route-error-boundary";

// One chunk per screen (React.lazy): the first screen loads only its own code.
const Dashboard = lazy(() => import("./routes/dashboard"));
const Inventory = lazy(() => import("./routes/inventory"));
const Transactions = lazy(() => import("./routes/transactions"));
const TransactionForm = lazy(() => import("./routes/transaction-form"));
const TransactionDetail = lazy(() => import("./routes/transaction-detail"));
const StockStatusReport = lazy(() => import("./routes/report-stock-status"));
const LowStockReport = lazy(() => import("./routes/report-low-stock"));
const InventoryAgingReport = lazy(() => import("./routes/report-inventory-aging"));
const TransactionHistoryReport = lazy(() => import("./routes/report-transaction-history"));
const Warehouses = lazy(() => import("./routes/setup-warehouses"));
const Suppliers = lazy(() => import("./routes/setup-suppliers"));
const Materials = lazy(() => import("./routes/setup-materials"));
const Thresholds = lazy(() => import("./routes/setup-thresholds"));
const Users = lazy(() => import("./routes/setup-users"));
const NotFound = lazy(() => import("./routes/not-found"));

function RouteFallback() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading" className="space-y-6">
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
          <Route path="/transactions" component={Transactions} />
          {TRANSACTION_KINDS.map((kind) => (
            <Route key={kind} path={`/transactions/${kind}`} component={TransactionForm} />
          ))}
          <Route path="/transactions/:id" component={TransactionDetail} />
          <Route path="/reports/stock-status" component={StockStatusReport} />
          <Route path="/reports/low-stock" component={LowStockReport} />
          <Route path="/reports/inventory-aging" component={InventoryAgingReport} />
          <Route path="/reports/transaction-history" component={TransactionHistoryReport} />
          <Route path="/setup/warehouses" component={Warehouses} />
          <Route path="/setup/suppliers" component={Suppliers} />
          <Route path="/setup/materials" component={Materials} />
          <Route path="/setup/thresholds" component={Thresholds} />
          <Route path="/setup/users" component={Users} />
          <Route component={NotFound} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

import { type Kysely, sql } from "kysely";
import { errorText } from "../../../../domain/error-text";
import type { ItemStep } from "../../../../domain/posting-plan";
import type { ValidTransactionInput } from "../../../../domain/transaction";
import { centiToYards, yardsToCenti } from "../../../../domain/yards";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { AppError, badRequest, conflict, type ErrorIssue } from "../../../lib/http-errors";
import { materialText, type References } from "./references";

/** PO_TOLERANCE_PERCENT (CONTRACT.md section 16): how far past its yards a line may be received. */
export function purchaseOrderTolerancePercent(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PO_TOLERANCE_PERCENT;
  if (raw === undefined || raw.trim() === "") return 5;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : 5;
}

const OPEN = ["Open", "Partly Received"];

/** PostgreSQL returns bigint columns as strings. */
const numberOrNull = (v: number | string | null) => (v === null ? null : Number(v));

interface OrderLine {
  id: number;
  material_id: number;
  yards_centi: number;
  received_centi: number;
  /** Its material's yards on order at the order's warehouse (null: no row, or not read yet). */
  on_order_centi: number | null;
  /** The price ordered at, per yard in ten-thousandths, or null. */
  unit_cost_e4: number | null;
}

/** The order's status from what its lines received (a closed order stays closed). */
function statusOf(current: string, lines: readonly OrderLine[]): string {
  if (current === "Closed") return current;
  if (lines.every((l) => l.received_centi >= l.yards_centi)) return "Received";
  return lines.some((l) => l.received_centi > 0) ? "Partly Received" : "Open";
}

const openCenti = (status: string, l: OrderLine) =>
  OPEN.includes(status) ? Math.max(0, l.yards_centi - l.received_centi) : 0;

/**
 * The order (locked on PostgreSQL: receipts of one order are serialised) and its lines in material
 * order; on SQLite, whose writes are serial, with each line's on-order row too, in one statement.
 */
async function readOrder(trx: Kysely<Database>, dialect: DialectName, id: number) {
  // Stryker disable next-line StringLiteral: PostgreSQL only; po-receive-status.test.ts [postgres] fails without it
  const pg = dialect === "postgres";
  // Locked before the lines are read: a statement that waits for the lock would still see the lines
  // as they were when it began (READ COMMITTED), missing the receipt that held the lock.
  // Stryker disable next-line StringLiteral: PostgreSQL only; po-receive-status.test.ts [postgres] fails without it
  if (pg) await sql`select id from purchase_orders where id = ${id} for update`.execute(trx);
  const onOrderColumn = pg
    ? // Stryker disable next-line StringLiteral: PostgreSQL only; po-receive.test.ts [postgres] fails without it
      sql`null`
    : sql`oo.yards_centi`;
  const onOrderJoin = pg
    ? // Stryker disable next-line StringLiteral: PostgreSQL only; po-receive.test.ts [postgres] fails without it
      sql``
    : sql`left join on_order oo on oo.material_id = l.material_id and oo.warehouse_id = po.warehouse_id`;
  const rows = await sql<{
    id: number;
    number: string;
    status: string;
    supplier_id: number;
    warehouse_id: number;
    line_id: number | null;
    material_id: number | null;
    yards_centi: number | null;
    received_centi: number | null;
    on_order_centi: number | null;
    unit_cost_e4: number | null;
  }>`select po.id, po.number, po.status, po.supplier_id, po.warehouse_id, l.id as line_id, l.material_id,
      l.yards_centi, l.received_centi, l.unit_cost_e4, ${onOrderColumn} as on_order_centi
    from purchase_orders po
    join purchase_order_lines l on l.purchase_order_id = po.id
    ${onOrderJoin}
    where po.id = ${id}
    order by l.material_id`.execute(trx);
  const first = rows.rows[0];
  if (!first) return undefined;
  const order = {
    id: first.id,
    number: first.number,
    status: first.status,
    supplier_id: first.supplier_id,
    warehouse_id: first.warehouse_id,
  };
  const lines: OrderLine[] = rows.rows.map((r) => ({
    id: r.line_id as number,
    material_id: r.material_id as number,
    yards_centi: Number(r.yards_centi),
    received_centi: Number(r.received_centi),
    on_order_centi: numberOrNull(r.on_order_centi),
    unit_cost_e4: numberOrNull(r.unit_cost_e4),
  }));
  return { order, lines };
}

/** PostgreSQL: the on-order rows these lines change, locked in material order, with their yards. */
// Stryker disable next-line BlockStatement: PostgreSQL only; po-receive.test.ts [postgres] fails without it
async function lockOnOrder(trx: Kysely<Database>, warehouseId: number, lines: OrderLine[]): Promise<void> {
  // Stryker disable next-line ArrowFunction: PostgreSQL only; po-receive.test.ts [postgres] fails without it
  const materialIds = lines.map((l) => l.material_id);
  // Stryker disable next-line StringLiteral: PostgreSQL only; po-receive.test.ts [postgres] fails without it
  const rows = await sql<{ material_id: number; yards_centi: number }>`select material_id, yards_centi
    from on_order where warehouse_id = ${warehouseId}
      and material_id in (${sql.join(materialIds)})
    order by material_id for update`.execute(trx);
  // Stryker disable next-line ArrowFunction,ArrayDeclaration: PostgreSQL only; po-receive.test.ts [postgres] fails without it
  const found = new Map(rows.rows.map((r) => [r.material_id, Number(r.yards_centi)]));
  // Stryker disable next-line LogicalOperator: PostgreSQL only; po-receive.test.ts [postgres] fails without it
  for (const line of lines) line.on_order_centi = found.get(line.material_id) ?? null;
}

const bigint = (n: number) => sql`cast(${n} as bigint)`;

/**
 * Adds `receivedCenti` per order line, then writes the lines, the order's status and the change of
 * on_order (what the open order still expects) in the posting's own transaction: one statement per
 * change, whatever the number of lines (a 50-line order costs about what a plain receipt does). A
 * pair whose yards on order come to 0 loses its row (the check wants no row for nothing on order).
 */
async function applyReceived(
  trx: Kysely<Database>,
  dialect: DialectName,
  order: { id: number; status: string; warehouse_id: number },
  lines: OrderLine[],
  receivedCenti: ReadonlyMap<number, number>,
): Promise<void> {
  const before = new Map(lines.map((l) => [l.id, openCenti(order.status, l)]));
  for (const line of lines) line.received_centi += receivedCenti.get(line.id) ?? 0;
  const status = statusOf(order.status, lines);
  // Stryker disable next-line MethodExpression: equivalent, a line given 0 yards is updated by 0
  const added = lines.filter((l) => (receivedCenti.get(l.id) ?? 0) !== 0);
  if (added.length > 0) {
    const rows = sql.join(added.map((l) => sql`(${bigint(l.id)}, ${bigint(receivedCenti.get(l.id) ?? 0)})`));
    await sql`with v(id, added) as (values ${rows})
      update purchase_order_lines set received_centi = purchase_order_lines.received_centi + v.added
        from v where purchase_order_lines.id = v.id`.execute(trx);
  }
  // Stryker disable next-line MethodExpression: equivalent, a line whose open yards stay put changes its on-order row by 0
  const changing = lines.filter((l) => openCenti(status, l) !== before.get(l.id));
  const warehouse = order.warehouse_id;
  if (
    // Stryker disable next-line StringLiteral: PostgreSQL only; po-receive.test.ts [postgres] fails without it
    dialect === "postgres" &&
    // Stryker disable next-line ConditionalExpression,EqualityOperator: PostgreSQL only; po-receive.test.ts and po-receive-status.test.ts [postgres] fail without it
    changing.length > 0
  )
    await lockOnOrder(trx, warehouse, changing);
  // Stryker disable next-line ArrayDeclaration: equivalent on SQLite (a text id matches no row); po-receive.test.ts [postgres] fails with it
  const gone: number[] = [];
  // Stryker disable next-line ArrayDeclaration: equivalent, an entry without a material id updates no row
  const changed: { materialId: number; delta: number }[] = [];
  const fresh: { materialId: number; delta: number }[] = [];
  for (const l of changing) {
    const delta = openCenti(status, l) - (before.get(l.id) ?? 0);
    const now = l.on_order_centi ?? 0;
    if (now + delta === 0) gone.push(l.material_id);
    else if (l.on_order_centi === null) fresh.push({ materialId: l.material_id, delta });
    else changed.push({ materialId: l.material_id, delta });
  }
  if (gone.length > 0) {
    await trx
      .deleteFrom("on_order")
      .where("warehouse_id", "=", warehouse)
      .where("material_id", "in", gone)
      .execute();
  }
  if (changed.length > 0) {
    const rows = sql.join(changed.map((d) => sql`(${bigint(d.materialId)}, ${bigint(d.delta)})`));
    await sql`with v(material_id, delta) as (values ${rows})
      update on_order set yards_centi = on_order.yards_centi + v.delta
        from v where on_order.material_id = v.material_id and on_order.warehouse_id = ${warehouse}`.execute(
      trx,
    );
  }
  if (fresh.length > 0) {
    await trx
      .insertInto("on_order")
      .values(
        fresh.map((d) => ({ material_id: d.materialId, warehouse_id: warehouse, yards_centi: d.delta })),
      )
      .execute();
  }
  if (status !== order.status) {
    await trx.updateTable("purchase_orders").set({ status }).where("id", "=", order.id).execute();
  }
}

const fail = (issues: ErrorIssue[]) => {
  const first = issues[0] as ErrorIssue;
  return badRequest(`${first.path}: ${first.message}`, issues);
};

/**
 * A step of the posting (CONTRACT.md section 16), right after the references: a receive with
 * `purchaseOrderId` fills the order's lines (each item's `purchaseOrderLineId`, else the line of its
 * material: an order names a material once). Refused with 400 when the order, a line or the
 * supplier or warehouse does not match, 409 PO_CLOSED over a closed order, 409 OVER_RECEIPT when a
 * line would be received beyond its yards plus the tolerance (unless `allowOver`, which the route
 * grants admins only). Locks the order's row first: receipts of one order are serialised. An item
 * sent without a unit cost takes its line's price (`steps`: the plan's, before any roll is made).
 */
export async function receiveAgainstPurchaseOrder(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: ValidTransactionInput,
  refs: References,
  steps: readonly ItemStep[],
): Promise<void> {
  const orderId = input.purchaseOrderId;
  if (orderId == null) return;
  const read = await readOrder(trx, dialect, orderId);
  if (!read) throw fail([{ path: "purchaseOrderId", message: errorText("PURCHASE_ORDER_NOT_FOUND") }]);
  const { order, lines } = read;
  if (order.status === "Closed") {
    throw conflict(errorText("PO_CLOSED_FOR_RECEIPT", { number: order.number }), "PO_CLOSED");
  }
  const issues: ErrorIssue[] = [];
  if (input.supplierId !== order.supplier_id)
    issues.push({ path: "supplierId", message: errorText("PO_OTHER_SUPPLIER", { number: order.number }) });
  if (input.warehouseId !== order.warehouse_id)
    issues.push({ path: "warehouseId", message: errorText("PO_OTHER_WAREHOUSE", { number: order.number }) });
  const received = new Map<number, number>();
  const firstItem = new Map<number, number>();
  input.items.forEach((item, i) => {
    const line =
      item.purchaseOrderLineId != null
        ? lines.find((l) => l.id === item.purchaseOrderLineId)
        : lines.find((l) => l.material_id === item.materialId);
    if (!line) {
      issues.push(
        item.purchaseOrderLineId != null
          ? {
              path: `items.${i}.purchaseOrderLineId`,
              message: errorText("PO_NOT_A_LINE", { number: order.number }),
            }
          : {
              path: `items.${i}.materialId`,
              message: errorText("PO_MATERIAL_NOT_ON", {
                material: materialText(refs, item.materialId),
                number: order.number,
              }),
            },
      );
      return;
    }
    if (line.material_id !== item.materialId) {
      issues.push({
        path: `items.${i}.purchaseOrderLineId`,
        message: errorText("PO_LINE_OTHER_MATERIAL", { number: order.number }),
      });
      return;
    }
    received.set(line.id, (received.get(line.id) ?? 0) + yardsToCenti(Math.abs(item.yards ?? 0)));
    if (!firstItem.has(line.id)) firstItem.set(line.id, i);
    // An item without a unit cost takes the order line's price (the form fills it from the order).
    const step = steps.find((st) => st.itemIndex === i);
    // Stryker disable next-line OptionalChaining: equivalent, a receive plans a step for every item
    if (item.unitCost == null && line.unit_cost_e4 !== null && step?.step === "add")
      step.unitCostE4 = line.unit_cost_e4;
  });
  if (issues.length > 0) throw fail(issues);
  if (!input.allowOver) {
    const tolerance = purchaseOrderTolerancePercent();
    const over = lines.filter((l) => {
      const after = l.received_centi + (received.get(l.id) ?? 0);
      return received.has(l.id) && after * 100 > l.yards_centi * (100 + tolerance);
    });
    if (over.length > 0) {
      // Each line over its tolerance is an issue at its first item, so a screen can say it in the reader's unit.
      const lineIssues = over.map((l) => ({
        path: `items.${firstItem.get(l.id) ?? 0}.yards`,
        message: errorText("PO_LINE_OVER", {
          material: materialText(refs, l.material_id),
          orderedYards: centiToYards(l.yards_centi),
          receivedYards: centiToYards(l.received_centi + (received.get(l.id) ?? 0)),
        }),
      }));
      const problems = lineIssues.map((i) => i.message).join("; ");
      const message = errorText("PO_OVER_TOLERANCE", { number: order.number, tolerance, problems });
      throw new AppError(409, "OVER_RECEIPT", message, lineIssues);
    }
  }
  await applyReceived(trx, dialect, order, lines, received);
}

/**
 * The reversal of a receipt against an order (reversal.service.ts): the order's lines get the yards
 * back (the receipt's lines, by material), its status and on_order follow. A closed order stays
 * closed and keeps nothing on order.
 */
export async function giveBackToPurchaseOrder(
  trx: Kysely<Database>,
  dialect: DialectName,
  orderId: number | null,
  receiptLines: readonly { materialId: number; deltaCenti: number }[],
): Promise<void> {
  if (orderId === null) return;
  const read = await readOrder(trx, dialect, orderId);
  if (!read) return;
  const { order, lines } = read;
  const back = new Map<number, number>();
  for (const l of receiptLines) {
    const line = lines.find((o) => o.material_id === l.materialId);
    if (line) back.set(line.id, (back.get(line.id) ?? 0) - l.deltaCenti);
  }
  await applyReceived(trx, dialect, order, lines, back);
}

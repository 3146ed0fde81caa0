export const TRANSACTION_KINDS = [
  "receive",
  "production-usage",
  "waste",
  "transfer",
  "return",
  "stock-opname",
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const TRANSACTION_TYPES = [
  "Receive",
  "Production Usage",
  "Waste",
  "Transfer",
  "Return",
  "Stock Opname",
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

interface KindInfo {
  type: TransactionType;
  /** Transaction number prefix, e.g. RCV-2024-00001. */
  prefix: string;
  /** Form title after "Transaction: ". */
  title: string;
  /** Sidebar / menu label. */
  label: string;
  /** How the yards of an item move stock. */
  direction: "in" | "out" | "transfer" | "count";
}

export const KIND_INFO: Record<TransactionKind, KindInfo> = {
  receive: { type: "Receive", prefix: "RCV", title: "Receive Fabric", label: "Receive", direction: "in" },
  "production-usage": {
    type: "Production Usage",
    prefix: "USE",
    title: "Production Usage",
    label: "Production Usage",
    direction: "out",
  },
  waste: { type: "Waste", prefix: "WST", title: "Waste", label: "Waste", direction: "out" },
  transfer: {
    type: "Transfer",
    prefix: "TRF",
    title: "Transfer Between Warehouses",
    label: "Transfer",
    direction: "transfer",
  },
  return: { type: "Return", prefix: "RET", title: "Return to Supplier", label: "Return", direction: "out" },
  "stock-opname": {
    type: "Stock Opname",
    prefix: "OPN",
    title: "Stock Opname (Physical Count)",
    label: "Stock Opname",
    direction: "count",
  },
};

/** Accepts a stored type name ("Production Usage") or a form code ("production-usage"). */
export function parseTransactionType(value: string): TransactionType | undefined {
  const trimmed = value.trim();
  if ((TRANSACTION_KINDS as readonly string[]).includes(trimmed))
    return KIND_INFO[trimmed as TransactionKind].type;
  const lower = trimmed.toLowerCase();
  return TRANSACTION_TYPES.find((t) => t.toLowerCase() === lower);
}

export const WASTE_REASONS = ["Damaged", "Defective", "Cutting Loss", "Obsolete", "Other"] as const;
export const RETURN_REASONS = ["Defective", "Wrong Item", "Color Mismatch", "Excess", "Other"] as const;

export function reasonCodesFor(kind: TransactionKind): readonly string[] {
  if (kind === "waste") return WASTE_REASONS;
  if (kind === "return") return RETURN_REASONS;
  return [];
}

/** The kind (path segment) of a stored transaction type. */
export function kindOfType(type: TransactionType): TransactionKind {
  return TRANSACTION_KINDS.find((k) => KIND_INFO[k].type === type) as TransactionKind;
}

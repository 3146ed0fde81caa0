import { Link } from "wouter";
import { cn } from "../../lib/cn";
import { useCan } from "../auth/current-user";

/** What a picker can have none of, and where it is set up (issue 13: pickers with nothing to pick). */
const NOTHING = {
  warehouses: {
    none: "No warehouses yet.",
    add: "Add a warehouse",
    href: "/setup/warehouses",
    access: "admin",
  },
  suppliers: { none: "No suppliers yet.", add: "Add a supplier", href: "/setup/suppliers", access: "admin" },
  materials: { none: "No materials yet.", add: "Add a material", href: "/setup/materials", access: "admin" },
  /** Consumption forms: the chosen warehouse holds no fabric; stock comes from a receipt. */
  stock: {
    none: "Nothing in stock at this warehouse.",
    add: "Receive fabric",
    href: "/transactions/receive",
    access: "record",
  },
} as const;

export type NothingKind = keyof typeof NOTHING;

/** The picker's own words while its list is empty (placeholder, the open list's empty text). */
export function nothingText(what: NothingKind): string {
  return NOTHING[what].none;
}

/**
 * What to do about a picker whose list is empty: a link to the screen that adds what is missing,
 * or, for a role that cannot add it, whom to ask. One component for every picker (warehouse,
 * supplier, material, stock), so they all say it the same way. Under a picker whose placeholder
 * already says what is missing (`nothingText`), `underPicker` leaves that out.
 */
export function NothingToPick({
  what,
  underPicker = false,
  className,
}: {
  what: NothingKind;
  underPicker?: boolean;
  className?: string;
}) {
  const words = NOTHING[what];
  const allowed = useCan(words.access);
  return (
    <p className={cn("text-sm text-muted-foreground", className)}>
      {!underPicker && `${words.none} `}
      {allowed ? (
        <Link href={words.href} className="font-medium text-primary underline underline-offset-4">
          {words.add}
        </Link>
      ) : (
        "Ask an administrator to add one."
      )}
    </p>
  );
}

import { Link } from "wouter";
import { t } from "../../i18n";
import { cn } from "../../lib/cn";
import { useCan } from "../auth/current-user";

/** What a picker can have none of (its words: masterData.nothing.<kind>.*), and where it is set up (issue 13: pickers with nothing to pick). */
const NOTHING = {
  warehouses: { href: "/setup/warehouses", access: "admin" },
  suppliers: { href: "/setup/suppliers", access: "admin" },
  materials: { href: "/setup/materials", access: "admin" },
  /** Consumption forms: the chosen warehouse holds no fabric; stock comes from a receipt. */
  stock: { href: "/transactions/receive", access: "record" },
} as const;

export type NothingKind = keyof typeof NOTHING;

/** The picker's own words while its list is empty (placeholder, the open list's empty text). */
export function nothingText(what: NothingKind): string {
  return t(`masterData.nothing.${what}.none`);
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
      {!underPicker && `${nothingText(what)} `}
      {allowed ? (
        <Link href={words.href} className="font-medium text-primary underline underline-offset-4">
          {t(`masterData.nothing.${what}.add`)}
        </Link>
      ) : (
        t("masterData.nothing.askAdmin")
      )}
    </p>
  );
}

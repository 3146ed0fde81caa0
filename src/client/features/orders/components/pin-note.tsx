import { PinOffIcon } from "lucide-react";
import { type Control, useWatch } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { useT } from "../../../i18n";
import { formatLengthWithUnit, parseTypedLength } from "../../../lib/format";
import type { OrderDraft, OrderPin } from "../order-draft";

/**
 * Whether the rolls Find Fabric chose still serve the line as the clerk has it now: the same
 * material and length, and one roll when the line asks for one piece.
 */
export function pinHolds(
  line: { materialId: string; yards: string; onePiece: boolean },
  pin: OrderPin,
): boolean {
  const parsed = parseTypedLength(line.yards);
  return (
    Number(line.materialId) === pin.materialId &&
    parsed.ok &&
    Math.round(parsed.yards * 100) === Math.round(pin.yards * 100) &&
    (!line.onePiece || pin.rolls.length === 1)
  );
}

/** Under an order line sent by Find Fabric: the rolls pinned to it, or that they no longer fit. */
export function PinNote({
  control,
  index,
  onUnpin,
}: {
  control: Control<OrderDraft>;
  index: number;
  onUnpin: () => void;
}) {
  const { t } = useT();
  const line = useWatch({ control, name: `lines.${index}` });
  const pin = line?.pin;
  if (!pin) return null;
  const holds = pinHolds(line, pin);
  return (
    <div className="flex flex-col items-start gap-1 rounded-md bg-muted px-2 py-1.5 text-sm sm:col-span-3 sm:flex-row sm:items-center sm:gap-2">
      <p className="min-w-0 sm:flex-1">
        {holds
          ? t(pin.rolls.length === 1 ? "orders.pin.roll" : "orders.pin.lot", {
              batch: pin.batch,
              rolls: pin.rolls.map((r) => r.rollCode).join(", "),
              leftover: formatLengthWithUnit(pin.leftoverYards),
            })
          : t("orders.pin.changed")}
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onUnpin}>
        <PinOffIcon aria-hidden="true" />
        {t("orders.pin.unpin")}
      </Button>
    </div>
  );
}

import {
  ArrowRightLeftIcon,
  ClipboardListIcon,
  EllipsisVerticalIcon,
  ScissorsIcon,
  Undo2Icon,
} from "lucide-react";
import { useLocation } from "wouter";
import type { TransactionKind } from "../../../domain/transaction-kinds";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { toast } from "../../components/ui/use-toast";
import { useT } from "../../i18n";
import { lengthToText } from "../../lib/format";
import { useCan } from "../auth/current-user";
import { addOrderLine, type OrderPin } from "../orders/order-draft";
import { type ItemDraft, saveDraft } from "../transactions/form/draft";

const ACTIONS: { kind: TransactionKind; icon: typeof ScissorsIcon }[] = [
  { kind: "production-usage", icon: ScissorsIcon },
  { kind: "transfer", icon: ArrowRightLeftIcon },
  { kind: "return", icon: Undo2Icon },
];

/**
 * What an answer can start: a production usage, transfer or return with these rolls filled in, or
 * an order line with them pinned ("Use for order", issue 38). Four buttons from md up; below, one
 * menu per row (issue 33): stacked buttons under each of 20 rolls pushed the dye-lot answer
 * thousands of pixels down a phone.
 */
export function StartActions({
  warehouseId,
  items,
  what,
  pin,
}: {
  warehouseId: number;
  items: ItemDraft[];
  what: string;
  /** The order line this answer would serve, its rolls pinned. */
  pin: OrderPin;
}) {
  const { t } = useT();
  const [, navigate] = useLocation();
  if (!useCan("record")) return null;
  const start = (kind: TransactionKind) => {
    saveDraft({ kind, warehouseId, items });
    navigate(`/transactions/${kind}`);
  };
  const startOrder = () => {
    const done = addOrderLine(warehouseId, {
      materialId: String(pin.materialId),
      yards: lengthToText(pin.yards),
      onePiece: pin.rolls.length === 1,
      pin,
    });
    toast({ title: t(`find.order.${done}`, { what }) });
    navigate("/orders/new");
  };
  return (
    <>
      <div className="hidden flex-wrap justify-end gap-1.5 md:flex">
        {ACTIONS.map(({ kind, icon: Icon }) => (
          <Button
            key={kind}
            size="sm"
            variant="outline"
            aria-label={t(`find.action.${kind}.named`, { what })}
            onClick={() => start(kind)}
          >
            <Icon aria-hidden="true" />
            {t(`find.action.${kind}.label`)}
          </Button>
        ))}
        <Button
          size="sm"
          variant="outline"
          aria-label={t("find.action.order.named", { what })}
          onClick={startOrder}
        >
          <ClipboardListIcon aria-hidden="true" />
          {t("find.action.order.label")}
        </Button>
      </div>
      <div className="md:hidden">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon" variant="outline" aria-label={t("find.actionsFor", { what })}>
              <EllipsisVerticalIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {ACTIONS.map(({ kind, icon: Icon }) => (
              <DropdownMenuItem key={kind} onSelect={() => start(kind)}>
                <Icon aria-hidden="true" />
                {t(`find.action.${kind}.label`)}
              </DropdownMenuItem>
            ))}
            <DropdownMenuItem onSelect={startOrder}>
              <ClipboardListIcon aria-hidden="true" />
              {t("find.action.order.label")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </>
  );
}

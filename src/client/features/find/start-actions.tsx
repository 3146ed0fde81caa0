import { ArrowRightLeftIcon, EllipsisVerticalIcon, ScissorsIcon, Undo2Icon } from "lucide-react";
import { useLocation } from "wouter";
import type { TransactionKind } from "../../../domain/transaction-kinds";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { useT } from "../../i18n";
import { useCan } from "../auth/current-user";
import { type ItemDraft, saveDraft } from "../transactions/form/draft";

const ACTIONS: { kind: TransactionKind; icon: typeof ScissorsIcon }[] = [
  { kind: "production-usage", icon: ScissorsIcon },
  { kind: "transfer", icon: ArrowRightLeftIcon },
  { kind: "return", icon: Undo2Icon },
];

/**
 * What an answer can start: a production usage, transfer or return with these rolls filled in.
 * Three buttons from md up; below, one menu per row (issue 33): three stacked buttons under each
 * of 20 rolls pushed the dye-lot answer thousands of pixels down a phone.
 */
export function StartActions({
  warehouseId,
  items,
  what,
}: {
  warehouseId: number;
  items: ItemDraft[];
  what: string;
}) {
  const { t } = useT();
  const [, navigate] = useLocation();
  if (!useCan("record")) return null;
  const start = (kind: TransactionKind) => {
    saveDraft({ kind, warehouseId, items });
    navigate(`/transactions/${kind}`);
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
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </>
  );
}

import {
  ArrowDownToLineIcon,
  ArrowLeftRightIcon,
  ClipboardCheckIcon,
  CoinsIcon,
  type LucideIcon,
  ScissorsIcon,
  TrashIcon,
  Undo2Icon,
} from "lucide-react";
import type { TransactionKindFilter } from "../../../../domain/cost-correction-kind";

/** One icon per transaction kind, as in the sidebar. */
export const KIND_ICONS: Record<TransactionKindFilter, LucideIcon> = {
  receive: ArrowDownToLineIcon,
  "production-usage": ScissorsIcon,
  waste: TrashIcon,
  transfer: ArrowLeftRightIcon,
  return: Undo2Icon,
  "stock-opname": ClipboardCheckIcon,
  "cost-correction": CoinsIcon,
};

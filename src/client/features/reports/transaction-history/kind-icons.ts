import {
  ArrowDownToLineIcon,
  ArrowLeftRightIcon,
  ClipboardCheckIcon,
  type LucideIcon,
  ScissorsIcon,
  TrashIcon,
  Undo2Icon,
} from "lucide-react";
import type { TransactionKind } from "../../../../domain/transaction-kinds";

/** One icon per transaction kind, as in the sidebar. */
export const KIND_ICONS: Record<TransactionKind, LucideIcon> = {
  receive: ArrowDownToLineIcon,
  "production-usage": ScissorsIcon,
  waste: TrashIcon,
  transfer: ArrowLeftRightIcon,
  return: Undo2Icon,
  "stock-opname": ClipboardCheckIcon,
};

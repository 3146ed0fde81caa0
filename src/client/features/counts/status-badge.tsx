import type { CountLineStatus } from "../../../domain/count";
import { Badge } from "../../components/ui/badge";
import { useT } from "../../i18n";

const VARIANT: Record<CountLineStatus, "default" | "secondary" | "destructive" | "outline"> = {
  match: "secondary",
  counted: "secondary",
  short: "destructive",
  missing: "destructive",
  over: "default",
  elsewhere: "outline",
  unlabelled: "outline",
};

export function LineStatusBadge({ status }: { status: CountLineStatus }) {
  const { t } = useT();
  return <Badge variant={VARIANT[status]}>{t(`counts.line.${status}`)}</Badge>;
}

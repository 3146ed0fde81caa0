import { useT } from "../../../i18n";
import { useMoney } from "../../../lib/money";

/** Metres in a yard (CONTRACT.md section 17): a cost per yard over this is the cost per metre. */
const METRES_PER_YARD = 0.9144;

/** "$4.25/yd", or the cost per metre "Rp 4,6479/m" for a user who reads metres. */
export function UnitCost({ perYard }: { perYard: number }) {
  const { t, lengthUnit } = useT();
  const money = useMoney();
  const amount = lengthUnit === "m" ? perYard / METRES_PER_YARD : perYard;
  return <>{t("reports.perUnit", { amount: money(amount, { unitCost: true }), unit: lengthUnit })}</>;
}

import type { CountSheet } from "../../../domain/count";
import { useT } from "../../i18n";
import { formatLength } from "../../lib/format";

/**
 * The printed count sheet: bin by bin, each roll with an empty box for the counted length. Only on
 * paper (the screen shows the review instead).
 */
export function CountSheetPrint({ sheet }: { sheet: CountSheet }) {
  const { t, lengthUnit } = useT();
  return (
    <div className="hidden print:block">
      <h1 className="mb-1 text-xl font-semibold">{t("counts.sheet.title", { number: sheet.number })}</h1>
      <p className="mb-4 text-sm">{sheet.warehouseName}</p>
      {sheet.bins.map((group) => (
        <section key={group.bin ?? ""} className="mb-4 break-inside-avoid">
          <h2 className="mb-1 border-b font-semibold">
            {group.bin ? t("counts.counting.bin", { bin: group.bin }) : t("counts.noBin")}
          </h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th className="py-1">{t("counts.review.roll")}</th>
                <th>{t("counts.review.material")}</th>
                <th>{t("counts.piece.batch")}</th>
                <th className="text-right">{t("counts.review.expectedHeader", { unit: lengthUnit })}</th>
                <th className="w-32 text-right">{t("counts.review.countedHeader", { unit: lengthUnit })}</th>
              </tr>
            </thead>
            <tbody>
              {group.rolls.map((roll) => (
                <tr key={roll.rollId} className="border-b">
                  <td className="py-1 font-mono">{roll.rollCode}</td>
                  <td>
                    {roll.typeName} · {roll.colorName}
                  </td>
                  <td>{roll.batch}</td>
                  <td className="text-right tabular-nums">
                    {roll.lengthYards === undefined ? "" : formatLength(roll.lengthYards)}
                  </td>
                  <td />
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

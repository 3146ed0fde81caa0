import type { Roll } from "../../../domain/roll";
import { useT } from "../../i18n";
import { formatDate, formatLengthWithUnit, formatNumber } from "../../lib/format";
import { QrCode } from "./qr-code";

export type LabelLayout = "a4" | "thermal";

/** Width as a label says it: 58" or 58.5" (58,5" in Indonesian). */
function widthText(inches: number | null): string | null {
  return inches === null ? null : `${formatNumber(inches, { max: 2 })}"`;
}

/**
 * One roll's label (CONTRACT.md section 9): its QR code (the roll code), the code in large type,
 * material and color, batch, length (in the user's unit, named), width and the date it was received. Sizes are physical
 * (mm, pt) so that the printout matches the sheet.
 */
export function RollLabel({ roll, layout }: { roll: Roll; layout: LabelLayout }) {
  const { t } = useT();
  const width = widthText(roll.widthInches);
  const facts: [string, string][] = [
    [t("labels.fact.batch"), roll.batch],
    [t("labels.fact.length"), formatLengthWithUnit(roll.lengthYards)],
    ...(width ? ([[t("labels.fact.width"), width]] as [string, string][]) : []),
    [t("labels.fact.received"), formatDate(roll.firstReceived)],
  ];
  if (layout === "thermal") {
    return (
      <article
        data-roll-label={roll.code}
        className="flex h-[152.4mm] w-[101.6mm] flex-col items-center gap-[3mm] overflow-hidden bg-white p-[6mm] text-black"
      >
        <QrCode value={roll.code} className="size-[62mm]" />
        <p className="font-mono text-[30pt] font-bold leading-none tracking-wide">{roll.code}</p>
        <p className="text-center text-[15pt] font-semibold leading-tight">
          {roll.typeName} / {roll.colorName}
        </p>
        <dl className="grid w-full grid-cols-[auto_1fr] gap-x-[4mm] gap-y-[1mm] text-[13pt]">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-neutral-600">{term}</dt>
              <dd className="font-semibold break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </article>
    );
  }
  return (
    <article
      data-roll-label={roll.code}
      className="flex h-[37.1mm] w-[70mm] items-center gap-[2mm] overflow-hidden bg-white px-[3mm] py-[2mm] text-black"
    >
      <QrCode value={roll.code} className="size-[30mm] shrink-0" />
      <div className="min-w-0 flex-1 leading-tight">
        <p className="font-mono text-[13pt] font-bold">{roll.code}</p>
        <p className="truncate text-[8pt] font-semibold">
          {roll.typeName} / {roll.colorName}
        </p>
        <dl className="mt-[0.5mm] text-[7pt]">
          {facts.map(([term, value]) => (
            <div key={term} className="flex gap-[1mm]">
              <dt className="text-neutral-600">{term}</dt>
              <dd className="truncate font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}

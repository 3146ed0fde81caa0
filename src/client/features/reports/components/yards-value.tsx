import { useT } from "../../../i18n";
import { formatLength } from "../../../lib/format";

/** A stat card's length: "1,365.25" with a smaller "yards" ("metres") after it. */
export function YardsValue({ yards }: { yards: number }) {
  const { t, lengthUnit } = useT();
  return (
    <>
      {formatLength(yards)}{" "}
      <span className="text-sm font-normal text-muted-foreground">
        {t("common.length.unitWord", { unit: lengthUnit })}
      </span>
    </>
  );
}

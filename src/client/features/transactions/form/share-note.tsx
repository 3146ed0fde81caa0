import { yardsToCenti } from "../../../../domain/yards";
import { useT } from "../../../i18n";
import { formatLength } from "../../../lib/format";
import { itemList, type RowShare } from "./yards-limit";

interface ShareNoteProps {
  id: string;
  share: RowShare;
  /** The row's cap: the share, or less when a picked roll holds less. */
  max: number;
  /** The picked roll's code when it is what caps the row. */
  cappedByRoll: string | null;
  /** The typed yards ask for more than `max`: what holds less, said instead of the max. */
  error: string | null;
}

/**
 * Under a consumption row's batch and yards (the yards are described by it): the most it may take,
 * or the error when the yards ask for more (CONTRACT.md section 12), and the other rows sharing the
 * batch. Wide enough for the error to read on one line beside the row's pickers.
 */
export function ShareNote({ id, share, max, cappedByRoll, error }: ShareNoteProps) {
  const { t } = useT();
  const othersYards = share.others.reduce((sum, o) => sum + yardsToCenti(o.yards), 0) / 100;
  return (
    <div
      id={id}
      className="col-span-2 -mt-1.5 grid gap-0.5 text-right text-xs lg:col-span-3 lg:col-start-3 lg:-mt-1"
    >
      {error ? (
        <p className="font-medium text-destructive">{error}</p>
      ) : (
        <p className="text-muted-foreground">
          {cappedByRoll === null
            ? t("transactions.share.max", { max: formatLength(max) })
            : t("transactions.share.maxByRoll", { max: formatLength(max), roll: cappedByRoll })}
        </p>
      )}
      {share.others.length > 0 && (
        <p className="text-muted-foreground">
          {t("transactions.share.others", {
            available: formatLength(share.available),
            others: formatLength(othersYards),
            items: itemList(share.others.map((o) => o.item)),
          })}
        </p>
      )}
    </div>
  );
}

import { TriangleAlertIcon } from "lucide-react";
import { yardsToCenti } from "../../../../domain/yards";
import { formatYards } from "../../../lib/format";
import type { RowShare } from "./yards-cap";

/** "item 2", "items 1 and 3", "items 1, 3 and 4". */
function itemNumbers(items: number[]): string {
  if (items.length === 1) return `item ${items[0]}`;
  return `items ${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

interface ShareNoteProps {
  id: string;
  share: RowShare;
  /** The row's cap: the share, or less when a picked roll holds less. */
  max: number;
  /** The picked roll's code when it is what caps the row. */
  cappedByRoll: string | null;
  /** Set while the yards the form capped are shown: what was typed and the cap. */
  capped: { typed: string; max: number } | null;
  /** The typed yards are over the cap (the form's validation says so on submit). */
  over: boolean;
}

/**
 * Under a consumption row's batch and yards: the cap, said when it changed what was typed, and the
 * other rows sharing the batch.
 */
export function ShareNote({ id, share, max, cappedByRoll, capped, over }: ShareNoteProps) {
  const othersYards = share.others.reduce((sum, o) => sum + yardsToCenti(o.yards), 0) / 100;
  return (
    <div
      id={id}
      className="col-span-2 -mt-1.5 grid gap-0.5 text-right text-xs lg:col-span-3 lg:col-start-3 lg:-mt-1"
    >
      {capped ? (
        <p role="status" className="font-medium text-amber-800">
          <TriangleAlertIcon aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px]" />
          capped at {formatYards(capped.max)} available
          <span className="font-normal"> (typed {capped.typed})</span>
        </p>
      ) : (
        <p className={over ? "font-medium text-destructive" : "text-muted-foreground"}>
          max {formatYards(max)}
          {cappedByRoll !== null && ` (roll ${cappedByRoll})`}
        </p>
      )}
      {share.others.length > 0 && (
        <p className="text-muted-foreground">
          {formatYards(share.available)} on hand, {formatYards(othersYards)} in{" "}
          {itemNumbers(share.others.map((o) => o.item))}
        </p>
      )}
    </div>
  );
}

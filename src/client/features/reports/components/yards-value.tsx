import { formatYards } from "../../../lib/format";

/** A stat card's yards figure: "1,365.25" with a smaller "yards" after it. */
export function YardsValue({ yards }: { yards: number }) {
  return (
    <>
      {formatYards(yards)} <span className="text-sm font-normal text-muted-foreground">yards</span>
    </>
  );
}

import type { AGE_BANDS, AgeBand } from "../../../../domain/aging";
import type { BadgeProps } from "../../../components/ui/badge";

/** A band's range: "0-30 days", "91+ days". */
export function bandRange(band: (typeof AGE_BANDS)[number]): string {
  return Number.isFinite(band.max) ? `${band.min}-${band.max} days` : `${band.min}+ days`;
}

/** Older stock draws more attention: New green, Normal grey, Aging amber, Old red. */
export const BAND_BADGE: Record<AgeBand, NonNullable<BadgeProps["variant"]>> = {
  New: "success",
  Normal: "muted",
  Aging: "warning",
  Old: "destructive",
};

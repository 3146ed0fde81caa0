import type { AGE_BANDS, AgeBand } from "../../../../domain/aging";
import type { BadgeProps } from "../../../components/ui/badge";
import { t } from "../../../i18n";

/** A band's range: "0-30 days", "91+ days". */
export function bandRange(band: (typeof AGE_BANDS)[number]): string {
  return Number.isFinite(band.max)
    ? t("reports.aging.range", { min: band.min, max: band.max })
    : t("reports.aging.rangeOpen", { min: band.min });
}

/** The band's name in the user's language: New, Normal, Aging, Old (Baru, Normal, Menua, Lama). */
export function bandName(name: AgeBand): string {
  return t(`reports.aging.band.${name}`);
}

/** Older stock draws more attention: New green, Normal grey, Aging amber, Old red. */
export const BAND_BADGE: Record<AgeBand, NonNullable<BadgeProps["variant"]>> = {
  New: "success",
  Normal: "muted",
  Aging: "warning",
  Old: "destructive",
};

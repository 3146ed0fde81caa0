import { InfoIcon } from "lucide-react";
import type * as React from "react";
import { T, useT } from "../../../i18n";

/** The info banner of the thresholds screen: the two levels and which one wins. */
export function ThresholdLevelsNote() {
  const { t } = useT();
  const strong = (children: React.ReactNode) => <strong>{children}</strong>;
  return (
    <div
      role="note"
      className="mb-6 flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-blue-700" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-medium">{t("thresholds.note.title")}</p>
        <p>
          <T id="thresholds.note.body" components={{ b: strong }} />
        </p>
      </div>
    </div>
  );
}

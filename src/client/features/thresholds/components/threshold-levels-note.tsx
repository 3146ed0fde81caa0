import { InfoIcon } from "lucide-react";

/** The info banner of the thresholds screen: the two levels and which one wins. */
export function ThresholdLevelsNote() {
  return (
    <div
      role="note"
      className="mb-6 flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-blue-700" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-medium">How thresholds apply</p>
        <p>
          A <strong>Type+Color Level</strong> threshold (batch left blank) applies to all batches of a
          material. A <strong>Batch Level</strong> threshold applies to one batch only and takes precedence
          over the type+color-level threshold for that batch. Stock at or below the applicable threshold is
          flagged as low stock.
        </p>
      </div>
    </div>
  );
}

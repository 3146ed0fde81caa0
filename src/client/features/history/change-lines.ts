import type { HistoryEntity, HistoryEntry } from "../../../domain/history";
import { getLocale, t } from "../../i18n";
import { formatLength } from "../../lib/format";

/** The field names of the API as the setup screens label them (history.field.<entity>.<field>). */
const FIELDS: Record<HistoryEntity, readonly string[]> = {
  warehouse: ["name", "location"],
  supplier: ["name", "contactInfo"],
  material: ["typeName", "colorName", "colorCode", "remnantBelowYards"],
  threshold: ["materialId", "typeName", "colorName", "batch", "thresholdYards"],
  user: ["username", "role"],
};

/** Lengths the API keeps in yards: shown, and named, in the user's unit. */
const LENGTH_FIELDS = new Set(["thresholdYards", "remnantBelowYards"]);

function fieldLabel(entity: HistoryEntity, field: string): string {
  if (!FIELDS[entity].includes(field)) return field;
  return t(`history.field.${entity}.${field}`, { unit: getLocale().lengthUnit });
}

const ROLES = new Set(["admin", "clerk", "viewer"]);

function valueText(entity: HistoryEntity, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") {
    return entity === "threshold" && field === "batch" ? t("history.allBatches") : t("history.none");
  }
  if (typeof value === "boolean") return value ? t("history.yes") : t("history.no");
  if (field === "role" && typeof value === "string")
    return ROLES.has(value) ? t(`history.role.${value}`) : value;
  if (typeof value === "number" && LENGTH_FIELDS.has(field)) return formatLength(value);
  return String(value);
}

/** The headline of one change: "Created", "Archived", "Changed", "Deactivated"... */
export function changeTitle(entity: HistoryEntity, entry: HistoryEntry): string {
  switch (entry.action) {
    case "create":
      return t("history.title.created");
    case "delete":
      return t("history.title.deleted");
    case "archive":
      return t("history.title.archived");
    case "restore":
      return t("history.title.restored");
    case "update": {
      const active = entry.changes.isActive;
      const others = Object.keys(entry.changes).filter((f) => f !== "isActive");
      if (Array.isArray(active) && others.length === 0) {
        if (active[1])
          return entity === "user" ? t("history.title.reactivated") : t("history.title.activated");
        return t("history.title.deactivated");
      }
      if (others.length === 1 && others[0] === "password") return t("history.title.passwordChanged");
      return t("history.title.changed");
    }
  }
}

/**
 * The lines under the headline: "Name: Main → Main Store" for a change, "Name: Main" for a
 * created record's values; none for a delete. isActive is the headline's word (Archived,
 * Deactivated) and is not repeated; a threshold's material id is left out beside its type and color.
 */
export function changeLines(entity: HistoryEntity, entry: HistoryEntry): string[] {
  if (entry.action === "delete") return [];
  const fields = Object.keys(entry.changes);
  const lines: string[] = [];
  for (const field of fields) {
    const change = entry.changes[field];
    if (field === "isActive" && entry.action !== "create") {
      // Said by the headline unless other fields changed along with it.
      if (entry.action === "update" && fields.length > 1 && Array.isArray(change)) {
        lines.push(change[1] ? t("history.title.activated") : t("history.title.deactivated"));
      }
      continue;
    }
    if (field === "isActive") continue;
    if (field === "password") {
      if (fields.length > 1) lines.push(t("history.title.passwordChanged"));
      continue;
    }
    if (field === "materialId" && ("typeName" in entry.changes || "colorName" in entry.changes)) continue;
    if (!Array.isArray(change)) continue;
    const label = fieldLabel(entity, field);
    const [before, after] = change;
    if (entry.action === "create") {
      lines.push(t("history.created", { label, value: valueText(entity, field, after) }));
    } else {
      lines.push(
        t("history.changed", {
          label,
          before: valueText(entity, field, before),
          after: valueText(entity, field, after),
        }),
      );
    }
  }
  return lines;
}

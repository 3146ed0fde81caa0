import type { HistoryEntity, HistoryEntry } from "../../../domain/history";
import { formatYards } from "../../../domain/yards-format";

/** The field names of the API as the setup screens label them. */
const LABELS: Record<HistoryEntity, Record<string, string>> = {
  warehouse: { name: "Name", location: "Location" },
  supplier: { name: "Name", contactInfo: "Contact Info" },
  material: {
    typeName: "Type",
    colorName: "Color",
    colorCode: "Color Code",
    remnantBelowYards: "Remnant below (yards)",
  },
  threshold: {
    materialId: "Material ID",
    typeName: "Type",
    colorName: "Color",
    batch: "Batch",
    thresholdYards: "Threshold (Yards)",
  },
  user: { username: "Username", role: "Role" },
};

const ROLE_NAMES: Record<string, string> = { admin: "Administrator", clerk: "Clerk", viewer: "Viewer" };

function valueText(entity: HistoryEntity, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") {
    return entity === "threshold" && field === "batch" ? "All Batches" : "(none)";
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field === "role" && typeof value === "string") return ROLE_NAMES[value] ?? value;
  if (typeof value === "number" && (field === "thresholdYards" || field === "remnantBelowYards")) {
    return formatYards(value);
  }
  return String(value);
}

/** The headline of one change: "Created", "Archived", "Changed", "Deactivated"... */
export function changeTitle(entity: HistoryEntity, entry: HistoryEntry): string {
  switch (entry.action) {
    case "create":
      return "Created";
    case "delete":
      return "Deleted";
    case "archive":
      return "Archived";
    case "restore":
      return "Restored";
    case "update": {
      const active = entry.changes.isActive;
      const others = Object.keys(entry.changes).filter((f) => f !== "isActive");
      if (Array.isArray(active) && others.length === 0) {
        if (active[1]) return entity === "user" ? "Reactivated" : "Activated";
        return "Deactivated";
      }
      if (others.length === 1 && others[0] === "password") return "Password changed";
      return "Changed";
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
  const labels = LABELS[entity];
  const fields = Object.keys(entry.changes);
  const lines: string[] = [];
  for (const field of fields) {
    const change = entry.changes[field];
    if (field === "isActive" && entry.action !== "create") {
      // Said by the headline unless other fields changed along with it.
      if (entry.action === "update" && fields.length > 1 && Array.isArray(change)) {
        lines.push(change[1] ? "Activated" : "Deactivated");
      }
      continue;
    }
    if (field === "isActive") continue;
    if (field === "password") {
      if (fields.length > 1) lines.push("Password changed");
      continue;
    }
    if (field === "materialId" && ("typeName" in entry.changes || "colorName" in entry.changes)) continue;
    if (!Array.isArray(change)) continue;
    const label = labels[field] ?? field;
    const [before, after] = change;
    if (entry.action === "create") {
      lines.push(`${label}: ${valueText(entity, field, after)}`);
    } else {
      lines.push(`${label}: ${valueText(entity, field, before)} → ${valueText(entity, field, after)}`);
    }
  }
  return lines;
}

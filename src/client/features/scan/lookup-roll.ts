import { parseRollCode, type Roll } from "../../../domain/roll";
import { t } from "../../i18n";
import { ApiError, api } from "../../lib/api-client";

export type RollLookup = { roll: Roll } | { error: string };

/**
 * A scanned or typed code as a roll (GET /api/rolls/by-code/{code}); a text that is no roll code,
 * or a code no roll has, answers the sentence the field shows.
 */
export async function lookupRoll(text: string): Promise<RollLookup> {
  const code = text.trim().toUpperCase();
  if (parseRollCode(code) === null) return { error: t("scan.notACode", { text: text.trim() }) };
  try {
    return { roll: await api.get<Roll>(`/api/rolls/by-code/${encodeURIComponent(code)}`) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { error: t("scan.noRoll", { code }) };
    throw error;
  }
}

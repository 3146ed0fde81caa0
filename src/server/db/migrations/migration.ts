import type { Kysely } from "kysely";
import type { DialectName } from "../database";

/**
 * One migration. Its own file, not index.ts: every migration names this type and index.ts imports
 * every migration, so the type living there made an import circle (issue 34).
 */
export interface Migration {
  /** Numbered, sorted by name; recorded in kysely_migration once applied. */
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against no app types
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

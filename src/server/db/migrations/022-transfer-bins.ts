// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

/**
 * Bins move with rolls (CONTRACT.md section 12): a roll moved whole by a transfer takes the
 * destination's bin, and reversing that transfer puts it back in the bin it had. The line where the
 * roll leaves its warehouse keeps that bin; every other line, and every line written before this
 * migration, has none (a reversal of an older transfer leaves the roll without a bin, as before).
 */
export const transferBins: Migration = {
  name: "022-transfer-bins",
  async up(db: Kysely<any>) {
    await db.schema.alterTable("transaction_lines").addColumn("bin_before", "text").execute();
  },
};

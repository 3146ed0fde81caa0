import type { TestProject } from "vitest/node";
import { type PostgresCluster, startThrowawayPostgres } from "../../../scripts/lib/postgres";
import { testDialects } from "./dialects";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the PostgreSQL the server suite runs on ("" when not in TEST_DIALECTS). */
    postgresAdminUrl: string;
  }
}

let cluster: PostgresCluster | null = null;

/**
 * When the suite includes PostgreSQL: use TEST_DATABASE_URL if given, else start a throw-away
 * cluster (installing Debian's postgresql first when running as root). Never a silent skip.
 */
export async function setup(project: TestProject) {
  let url = "";
  if (testDialects().includes("postgres")) {
    if (process.env.TEST_DATABASE_URL) {
      url = process.env.TEST_DATABASE_URL;
    } else {
      cluster = await startThrowawayPostgres({ fast: true });
      url = cluster.url;
    }
  }
  project.provide("postgresAdminUrl", url);
}

export async function teardown() {
  cluster?.stop();
}

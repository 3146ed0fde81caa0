/**
 * Starts the built app (dist/) on the Node that runs this script and checks what a first visitor
 * meets: /api/health answers ok, and the browser shows the sign-in page and, after signing in, the
 * dashboard. `.ci/run` runs it on Node 26 after the suite ran on Node 24 LTS (issue 11), so both
 * supported lines are shown to start. Prints one line per check and "N passed, N failed".
 */

import { startAppServer } from "../../tests/e2e/support/app-server";
import { launchBrowser, newPage, signIn } from "../../tests/e2e/support/browser";

const results: Array<[string, string | null]> = [];
async function check(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
    results.push([name, null]);
  } catch (error) {
    results.push([name, error instanceof Error ? error.message : String(error)]);
  }
}

const server = await startAppServer();
try {
  await check(`GET /api/health on Node ${process.version}`, async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    const body = (await res.json()) as { status?: string; database?: string };
    if (res.status !== 200 || body.status !== "ok") throw new Error(`${res.status} ${JSON.stringify(body)}`);
  });
  await check(`sign-in page and dashboard on Node ${process.version}`, async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = await newPage(browser);
      await signIn(page, server.baseUrl);
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor({ timeout: 15_000 });
      if (errors.length > 0) throw new Error(errors.join("; "));
    } finally {
      await browser.close();
    }
  });
} finally {
  await server.stop();
}

for (const [name, error] of results)
  console.log(`${error ? "FAILED" : "ok"} ${name}${error ? `: ${error}` : ""}`);
const failed = results.filter(([, e]) => e).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

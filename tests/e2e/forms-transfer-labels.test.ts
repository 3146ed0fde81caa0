/**
 * Transfers take a destination bin per item, and labels follow cuts (issue 33, CONTRACT.md section
 * 12): a scanned roll moves whole by default, the bin typed for an item goes with it, and after a
 * posting that cut rolls the saved toast offers their labels (the new lengths), as after a receive.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import {
  choose,
  field,
  itemRow,
  latestTransaction,
  type MaterialRef,
  type Named,
  openTransactionForm,
  post,
  toastWith,
  wedge,
} from "./transactions-fixtures";

interface Line {
  rollId: number | null;
  rollCode: string | null;
  yardsChange: number;
}
interface RollRow {
  id: number;
  code: string;
  lengthYards: number;
  bin: string | null;
  warehouseId: number;
}

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let annex: Named;
let supplier: Named;
let linen: MaterialRef;

async function receiveRolls(batch: string, lengths: number[]) {
  const saved = (await post(api, "receive", {
    supplierId: supplier.id,
    warehouseId: main.id,
    items: [{ materialId: linen.id, batch, rolls: lengths.map((lengthYards) => ({ lengthYards })) }],
  })) as unknown as { details: { rollId: number; rollCode: string }[] };
  return saved.details.map((l) => ({ id: l.rollId, code: l.rollCode }));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  main = await api.post<Named>("/api/warehouses", { name: "Main Store", location: "Bandung" });
  annex = await api.post<Named>("/api/warehouses", { name: "Annex", location: "Jakarta" });
  supplier = await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
  linen = await api.post<MaterialRef>("/api/materials", { typeName: "Linen", colorName: "White" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openForm = (kind: string, title: string, viewport: { width: number; height: number }) =>
  openTransactionForm(browser, server.baseUrl, kind, title, viewport);

/** The items of the form's POST, as sent. */
function postedItems(page: Page): Record<string, unknown>[][] {
  const bodies: Record<string, unknown>[][] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/transactions\/[a-z-]+$/.test(request.url()))
      bodies.push((request.postDataJSON() as { items: Record<string, unknown>[] }).items);
  });
  return bodies;
}

/** The ids of the labels link in the saved toast ("Print labels (2 rolls)"). */
async function labelIds(page: Page, count: number): Promise<number[]> {
  const link = toastWith(page, "Transaction saved").getByRole("link", {
    name: `Print labels (${count} ${count === 1 ? "roll" : "rolls"})`,
  });
  const href = (await link.getAttribute("href")) ?? "";
  return (new URL(href, server.baseUrl).searchParams.get("ids") ?? "").split(",").map(Number);
}

const rollsByIds = (ids: number[]) =>
  api.get<RollRow[]>(`/api/rolls?ids=${ids.join(",")}&limit=${ids.length}`);

describe("a transfer: a scanned roll moves whole, with the bin typed for it", () => {
  for (const [size, viewport] of [
    ["1440", DESK],
    ["390", PHONE],
  ] as const) {
    it(`moves one roll whole and a piece of another into their bins; labels for the cut (${size})`, async () => {
      const [whole, cut] = await receiveRolls(`T-${size}`, [30, 40]);
      if (!whole || !cut) throw new Error("rolls not received");
      const { context, page, errors } = await openForm("transfer", "Transfer Between Warehouses", viewport);
      const posted = postedItems(page);
      const scan = page.getByLabel("Scan roll", { exact: true });
      await wedge(page, whole.code);
      const first = itemRow(page, 1);
      // The whole roll, editable; the cursor stays in Scan roll for the next label.
      await expect.poll(() => first.getByLabel("Yards", { exact: true }).inputValue()).toBe("30");
      await expect(scan.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await wedge(page, cut.code);
      const second = itemRow(page, 2);
      await expect.poll(() => second.getByLabel("Yards", { exact: true }).inputValue()).toBe("40");
      await second.getByLabel("Yards", { exact: true }).fill("12.5");
      await second.getByText("cut from 40.00 yd", { exact: true }).waitFor();
      await choose(page, field(page, "Destination Warehouse"), "Annex");

      const bin = first.getByLabel("Destination bin");
      await bin.fill("Rack A-07");
      await second.getByLabel("Destination bin").fill("  Shelf 3  ");
      // At most 40 characters (CONTRACT.md section 12), as a roll's bin.
      await expect(bin.getAttribute("maxlength")).resolves.toBe("40");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `forms33-transfer-bin-${size}`);

      await page.getByRole("button", { name: "Save Transaction" }).click();
      await toastWith(page, "Transaction saved").waitFor();
      expect(posted).toHaveLength(1);
      expect(posted[0]?.map((i) => [i.rollId, i.yards, i.destinationBin])).toEqual([
        [whole.id, 30, "Rack A-07"],
        [cut.id, 12.5, "Shelf 3"],
      ]);

      const latest = await latestTransaction(api);
      const saved = await api.get<{ details: Line[] }>(`/api/transactions/${latest.id}`);
      const piece = saved.details.find(
        (l) => l.yardsChange > 0 && l.rollId !== cut.id && l.rollId !== whole.id,
      );
      if (!piece?.rollId) throw new Error("no piece cut off");
      // Labels follow cuts: the cut roll (now 27.50) and the piece (12.50); the whole roll keeps its own.
      expect(await labelIds(page, 2)).toEqual([cut.id, piece.rollId]);
      const after = await rollsByIds([whole.id, cut.id, piece.rollId]);
      const byId = new Map(after.map((r) => [r.id, r]));
      expect(byId.get(cut.id)).toMatchObject({ lengthYards: 27.5, warehouseId: main.id });
      expect(byId.get(whole.id)).toMatchObject({ lengthYards: 30, warehouseId: annex.id, bin: "Rack A-07" });
      expect(byId.get(piece.rollId)).toMatchObject({
        lengthYards: 12.5,
        warehouseId: annex.id,
        bin: "Shelf 3",
      });
      await screenshot(page, `forms33-transfer-saved-${size}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("labels follow cuts on outgoing forms", () => {
  it("offers the cut roll's label after a usage, none for a roll used up", async () => {
    const [a, b] = await receiveRolls("U-1", [10, 25]);
    if (!a || !b) throw new Error("rolls not received");
    const { context, page, errors } = await openForm("production-usage", "Production Usage", DESK);
    for (const [n, roll, yards] of [
      [1, a, "10"],
      [2, b, "5"],
    ] as const) {
      await wedge(page, roll.code);
      // The cursor goes to the new row's yards: typed straight on.
      const input = itemRow(page, n).getByLabel("Yards", { exact: true });
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(yards);
    }
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Transaction saved").waitFor();
    // Roll a is used up (no label to print); roll b holds 20.00 now and needs a new one.
    expect(await labelIds(page, 1)).toEqual([b.id]);
    await toastWith(page, "Transaction saved").getByRole("link", { name: "Print labels (1 roll)" }).click();
    await page.getByText(b.code, { exact: true }).first().waitFor();
    await page.getByText("20.00 yd", { exact: false }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

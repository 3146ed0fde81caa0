/**
 * Counting by roll on a phone (CONTRACT.md section 14): a clerk starts a count at 390 px, counts one
 * roll with a wedge scanner (code + Enter) and one by typing its code, reviews expected against
 * counted, posts with missing rolls set to 0 and opens the Stock Opname it made; then the counting
 * screen in Indonesian and metres takes "12,5".
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, newPage, PHONE, signIn } from "./support/browser";
import { choose, heading, type MaterialRef, type Named, post, toastWith } from "./transactions-fixtures";

interface Roll {
  id: number;
  code: string;
  lengthYards: number;
}
interface CountSession {
  id: number;
  number: string;
  status: string;
  transactionIds: number[];
}
interface CountEntry {
  rollCode: string | null;
  countedYards: number;
}

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let cotton: MaterialRef;
let rolls: Roll[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  main = await api.post<Named>("/api/warehouses", { name: "Main Store", location: "Bandung" });
  const supplier = await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
  cotton = await api.post<MaterialRef>("/api/materials", { typeName: "Cotton", colorName: "Red" });
  const saved = (await post(api, "receive", {
    supplierId: supplier.id,
    warehouseId: main.id,
    items: [
      { materialId: cotton.id, batch: "LOT-1", rolls: [50, 40, 30].map((lengthYards) => ({ lengthYards })) },
    ],
  })) as unknown as { details: { rollId: number; rollCode: string }[] };
  rolls = [];
  for (const [i, line] of saved.details.entries()) {
    const bin = i === 2 ? "B-1" : "A-1";
    rolls.push(await api.request<Roll>("PATCH", `/api/rolls/${line.rollId}`, { bin }));
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const codeField = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe("Counting by roll on a 390 px phone", () => {
  it("starts a count, counts a scanned and a typed roll, reviews, posts and opens the opname", async () => {
    const [a, b, c] = rolls;
    if (!a || !b || !c) throw new Error("rolls not received");
    const { context, page, errors } = await newPage(browser);
    // Signed in at a desk (the sign-in helper waits for the sidebar), then the phone.
    await signIn(page, server.baseUrl);
    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/counts`);
    await heading(page, "Counts").waitFor();
    await choose(page, page.getByLabel("Warehouse", { exact: true }), "Main Store");
    await page.getByRole("button", { name: "Start count" }).click();
    await page.waitForURL(/\/counts\/\d+\/count$/);
    const id = Number(/\/counts\/(\d+)\/count$/.exec(page.url())?.[1]);
    await page.getByRole("heading", { level: 1, name: /^Count CNT-/ }).waitFor();

    // A wedge scanner: the characters, then Enter; the length field takes the focus.
    const code = codeField(page, "Roll code");
    await code.click();
    await page.keyboard.type(a.code);
    await page.keyboard.press("Enter");
    const length = page.getByLabel("Length (yd)", { exact: true });
    await expect.poll(() => length.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("48.5");
    await page.keyboard.press("Enter");
    await page
      .getByRole("status")
      .filter({ hasText: `${a.code} counted.` })
      .waitFor();
    // Back on the code field for the next label.
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);

    // A code typed by hand, the length, Next.
    await code.fill(b.code.toLowerCase());
    await code.press("Enter");
    await page.getByText(`Bin A-1`).waitFor();
    await length.fill("40");
    await page.getByRole("button", { name: "Next" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${b.code} counted.` })
      .waitFor();

    const mine = page.getByRole("region", { name: "What I counted last" });
    await expect
      .poll(() => mine.getByRole("listitem").allTextContents())
      .toEqual([expect.stringContaining(b.code), expect.stringContaining(a.code)]);
    const entries = await api.get<CountEntry[]>(`/api/counts/${id}/entries`);
    expect(entries.map((e) => [e.rollCode, e.countedYards])).toEqual([
      [b.code, 40],
      [a.code, 48.5],
    ]);

    // The review: the admin sees what was expected; the third roll is missing from its bin.
    await page.getByRole("link", { name: "Review" }).click();
    await page.getByRole("heading", { level: 1, name: /^Review CNT-/ }).waitFor();
    const row = (rollCode: string) => page.getByRole("row").filter({ hasText: rollCode });
    await expect.poll(() => row(a.code).textContent()).toMatch(/50\.00.*48\.50.*-1\.50.*Short/);
    await expect.poll(() => row(b.code).textContent()).toContain("Match");
    await expect.poll(() => row(c.code).textContent()).toContain("Missing");
    const missing = page.getByRole("region", { name: "Missing rolls by bin" });
    expect(await missing.textContent()).toContain(`B-1: 1 roll${c.code}`);

    await page.getByRole("button", { name: "Post", exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel("Set missing rolls to 0").check();
    await dialog.getByRole("button", { name: "Post", exact: true }).click();
    await toastWith(page, "Count posted.").waitFor();
    await page.getByText("Posted as:").waitFor();
    const posted = await api.get<CountSession>(`/api/counts/${id}`);
    expect(posted.status).toBe("Posted");
    const opnameId = posted.transactionIds.at(-1);
    await page.getByRole("link", { name: `Transaction #${opnameId}` }).click();
    await page.waitForURL(`${server.baseUrl}/transactions/${opnameId}`);
    await page.getByText("Stock Opname").first().waitFor();
    // And back: the opname names the count it came from.
    await page.getByRole("link", { name: posted.number }).click();
    await page.waitForURL(`${server.baseUrl}/counts/${id}`);
    const lengthOf = async (roll: Roll) =>
      (await api.get<{ roll: Roll }>(`/api/rolls/${roll.id}`)).roll.lengthYards;
    expect(await lengthOf(a)).toBe(48.5);
    expect(await lengthOf(b)).toBe(40);
    expect(await lengthOf(c)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("counts in Indonesian and metres: 12,5 m is the length the clerk typed", async () => {
    const b = rolls[1];
    if (!b) throw new Error("rolls not received");
    const session = await api.post<CountSession>("/api/counts", { warehouseId: main.id });
    const { context, page, errors } = await newPage(browser);
    // Signed in at a desk (the sign-in helper waits for the sidebar), then the phone.
    await signIn(page, server.baseUrl);
    await page.setViewportSize(PHONE);
    await page.request.patch(`${server.baseUrl}/api/auth/me`, { data: { language: "id", lengthUnit: "m" } });
    try {
      await page.goto(`${server.baseUrl}/counts/${session.id}/count`);
      await page.getByRole("heading", { level: 1, name: `Hitung ${session.number}` }).waitFor();
      const code = codeField(page, "Kode rol");
      await code.click();
      await page.keyboard.type(b.code);
      await page.keyboard.press("Enter");
      await page.getByText("Rak A-1").waitFor();
      await page.getByLabel("Panjang (m)", { exact: true }).fill("12,5");
      await page.getByRole("button", { name: "Berikutnya" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `${b.code} terhitung.` })
        .waitFor();
      const mine = page.getByRole("region", { name: "Yang terakhir saya hitung" });
      await expect.poll(() => mine.textContent()).toContain("12,50 m");
      const [entry] = await api.get<CountEntry[]>(`/api/counts/${session.id}/entries`);
      // 12.5 m is 13.67 yd (12.5 / 0.9144), not 125 and not 12.5.
      expect(entry?.countedYards).toBe(13.67);
      expect(errors).toEqual([]);
    } finally {
      await page.request.patch(`${server.baseUrl}/api/auth/me`, {
        data: { language: "en", lengthUnit: "yd" },
      });
      await context.close();
    }
  });

  it("says so when a roll found here is reserved for an order of its own warehouse, which posting lets go of", async () => {
    const annex = await api.post<Named>("/api/warehouses", { name: "Annex", location: "Cimahi" });
    const supplier = await api.post<Named>("/api/suppliers", { name: "Mill Two", contactInfo: "022-555" });
    const saved = (await post(api, "receive", {
      supplierId: supplier.id,
      warehouseId: annex.id,
      items: [{ materialId: cotton.id, batch: "LOT-9", rolls: [{ lengthYards: 40 }] }],
    })) as unknown as { details: { rollId: number; rollCode: string }[] };
    const found = saved.details[0];
    if (!found) throw new Error("roll not received");
    const order = await api.post<{ id: number }>("/api/orders", {
      reference: "Shirts",
      warehouseId: annex.id,
      lines: [{ materialId: cotton.id, yards: 30 }],
    });
    await api.post(`/api/orders/${order.id}/reserve`, {});
    const session = await api.post<CountSession>("/api/counts", { warehouseId: main.id });
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/counts/${session.id}/count`);
    await page.getByRole("heading", { level: 1, name: `Count ${session.number}` }).waitFor();
    const code = codeField(page, "Roll code");
    await code.fill(found.rollCode);
    await code.press("Enter");
    await page
      .getByText(
        "This roll belongs to Annex: posting the count moves it here. 30.00 yd of it are reserved for an order there: posting the count lets go of them.",
      )
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

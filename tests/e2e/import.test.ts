/**
 * Moving in (issue 36 items 3 and 4): the import screen previews a materials file, marks the cell in
 * error and refuses to import it; the fixed file imports with its counts. The receive form fills its
 * roll rows from a pasted packing list and posts them. Screenshots at 1440 and 390 px in en and id.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, newPage, PHONE, seriousA11yViolations, signIn } from "./support/browser";
import { openReceiveRolls, seedReceiveMasterData } from "./support/receive-rolls";
import { choose, heading, itemRow, toastWith } from "./transactions-fixtures";

let server: AppServer;
let browser: Browser;
let api: ApiClient;
const SHOTS = "/tmp/shots/import-ui";

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  await seedReceiveMasterData(api);
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ["1440", DESK],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESK);
}

const csv = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

const BAD = "Type,Color,Color Code\nCotton,Red,C-RED\nCotton,,C-NONE\nDenim,Indigo,\n";
const FIXED = "Type,Color,Color Code\nCotton,Red,C-RED\nCotton,White,C-WHT\nDenim,Indigo,\n";

describe("import screen", () => {
  it("marks the cell in error and keeps Import disabled; the fixed file imports and shows its counts", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.setViewportSize(DESK);
    // Reached from the setup screen it imports into.
    await page.goto(`${server.baseUrl}/setup/materials`);
    await page.getByRole("link", { name: "Import from file" }).click();
    await heading(page, "Import from Spreadsheets").waitFor();
    await expect(page.getByRole("radio", { name: /^Materials/ }).isChecked()).resolves.toBe(true);
    const template = page.getByRole("link", { name: "Template (CSV)" });
    await expect(template.getAttribute("href")).resolves.toBe("/api/imports/materials/template?format=csv");

    const picker = page.getByLabel("Pick a file to import");
    await picker.setInputFiles(csv("materials.csv", BAD));
    const cells = page.getByRole("table", { name: "Cells in error" });
    await cells.waitFor();
    const marked = cells.locator("[data-invalid-cell]");
    await expect.poll(() => marked.count()).toBe(1);
    await expect(marked.first().getAttribute("data-invalid-cell")).resolves.toBe("3:Color");
    await expect(marked.first().textContent()).resolves.toMatch(/^3Color.+/);
    // The file's rows as read, the empty Color cell of row 3 marked in place.
    const sample = page.getByRole("table", { name: "The file as read" });
    const inPlace = sample.locator("[data-sample-invalid]");
    await expect.poll(() => inPlace.count()).toBe(1);
    await expect(inPlace.first().getAttribute("data-sample-invalid")).resolves.toBe("3:Color");
    await expect(sample.locator("tbody tr").count()).resolves.toBe(3);
    const importButton = page.getByRole("button", { name: /^Import \d+ rows?$/ });
    await expect(importButton.isDisabled()).resolves.toBe(true);
    await expect(page.getByText("3 rows read: 1 cell needs fixing.").isVisible()).resolves.toBe(true);
    await shoot(page, "import-errors-en");

    await picker.setInputFiles(csv("materials.csv", FIXED));
    await page.getByText("3 rows read, no errors.").waitFor();
    await expect(cells.count()).resolves.toBe(0);
    await expect(importButton.isEnabled()).resolves.toBe(true);
    await importButton.click();
    const done = page.getByRole("region", { name: "Imported." });
    await done.waitFor();
    const count = (what: string) =>
      done.locator("div", { has: page.getByText(what, { exact: true }) }).locator("dd");
    await expect(count("Created").textContent()).resolves.toBe("2");
    await expect(count("Unchanged").textContent()).resolves.toBe("1");
    await expect(count("Updated").textContent()).resolves.toBe("0");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, "import-done-en");

    // The materials are there.
    const list = await api.get<{ typeName: string; colorName: string }[]>("/api/materials");
    expect(list.map((m) => `${m.typeName}/${m.colorName}`).sort()).toEqual(
      ["Cotton/Red", "Cotton/White", "Denim/Indigo"].sort(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reads in Indonesian (screenshots)", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.evaluate(() =>
      fetch("/api/auth/me", {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ language: "id", lengthUnit: "m" }),
      }),
    );
    await page.goto(`${server.baseUrl}/setup/import`);
    await heading(page, "Impor dari Spreadsheet").waitFor();
    await page.getByLabel("Pilih berkas untuk diimpor").setInputFiles(csv("materials.csv", BAD));
    const cells = page.getByRole("table", { name: "Sel yang salah" });
    await cells.waitFor();
    // The server's English row message, in the forms' Indonesian.
    await expect(cells.getByText("Nama warna wajib diisi").isVisible()).resolves.toBe(true);
    await shoot(page, "import-errors-id");
    await page.getByLabel("Pilih berkas untuk diimpor").setInputFiles(csv("materials.csv", FIXED));
    await page.getByRole("button", { name: /^Impor \d+ baris$/ }).click();
    await page.getByRole("region", { name: "Selesai diimpor." }).waitFor();
    await shoot(page, "import-done-id");

    // A packing list in yards fills metres, with a decimal comma, for this reader.
    await page.goto(`${server.baseUrl}/transactions/receive`);
    await heading(page, "Transaksi: Penerimaan Kain").waitFor();
    await page.getByRole("button", { name: "Tambah Item" }).click();
    const row = itemRow(page, 1);
    await choose(page, row.getByLabel("Jenis Bahan"), "Denim");
    await choose(page, row.getByLabel("Warna"), "Indigo");
    await row.getByLabel("Batch", { exact: true }).fill("PL-ID-01");
    await row.getByRole("checkbox", { name: "Batch baru" }).check();
    await row.getByRole("button", { name: "Isi rol item 1" }).click();
    const rolls = page.getByRole("group", { name: "Rol item 1" });
    await rolls.getByRole("button", { name: "Tempel packing list untuk item 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Packing list" });
    await dialog
      .getByLabel("Packing list")
      .fill("Length\tTicket\tWidth\tBin\tWarna\n100\t110\t57,5\tB-02\tbiru\n");
    await shoot(page, "packing-paste-id");
    await dialog.getByRole("button", { name: "Isi rol" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect(rolls.locator("[data-packing-warnings]").textContent()).resolves.toBe(
      'Packing list: Kolom "Warna" tidak diimpor: jenis impor ini tidak punya kolom dengan nama itu.',
    );
    await expect(rolls.getByLabel("Panjang rol 1").inputValue()).resolves.toBe("91,44");
    await expect(rolls.getByLabel("Lebar (inci)").inputValue()).resolves.toBe("57,5");
    await shoot(page, "packing-filled-id");
    await page.evaluate(() =>
      fetch("/api/auth/me", {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ language: "en", lengthUnit: "yd" }),
      }),
    );
    await context.close();
  });
});

describe("import warnings in the reader's language", () => {
  it("shows an Indonesian reader the preview's warnings in Indonesian (issue 35)", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    const speak = (language: "en" | "id") =>
      page.evaluate(
        (body) =>
          fetch("/api/auth/me", {
            method: "PATCH",
            headers: { "Content-Type": "application/json" },
            body,
          }),
        JSON.stringify({ language, lengthUnit: "yd" }),
      );
    await speak("id");
    await page.goto(`${server.baseUrl}/setup/import`);
    await heading(page, "Impor dari Spreadsheet").waitFor();
    await page.getByRole("radio", { name: /^Rol Awal/ }).check();
    const rolls = [
      "Kode,Type,Color,Batch,Warehouse,Length (Yards),Catatan",
      "R-1,Denim,Indigo,W-1,Bandung Main Warehouse,50,rak atas",
      "R-2,denim,INDIGO,W-1,bandung main warehouse,40,",
    ].join("\n");
    await page.getByLabel("Pilih berkas untuk diimpor").setInputFiles(csv("rol-awal.csv", `${rolls}\n`));
    const said = page.locator("li", { hasText: 'Kolom "Catatan" tidak diimpor' });
    await said.waitFor();
    await expect(
      page.getByText('Kolom "Kode" tidak diimpor: setiap rol mendapat kode baru', { exact: false }).count(),
    ).resolves.toBe(1);
    await expect(
      page.getByText('Baris 3 menulis "bandung main warehouse", sedangkan baris 2 menulis').count(),
    ).resolves.toBe(1);
    await expect(page.getByText("is not imported", { exact: false }).count()).resolves.toBe(0);
    const shots = "/tmp/shots/warnings-s19";
    await mkdir(shots, { recursive: true });
    for (const [size, viewport] of [
      ["1440", DESK],
      ["390", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: path.join(shots, `import-warnings-id-${size}.png`), fullPage: true });
    }
    await page.setViewportSize(DESK);

    // Row errors with a name, a cell's text or a column in them: said from their code and params.
    const bad = [
      "Type,Color,Batch,Warehouse,Length (Yards)",
      "Denim,Indigo,W-2,Bandung Main Warehouse,banyak",
      "Sutra,Merah,W-2,Bandung Main Warehouse,20",
      "Denim,Indigo,W-2,Bandung Main Warehouse,12.345",
    ].join("\n");
    await page.getByLabel("Pilih berkas untuk diimpor").setInputFiles(csv("rol-salah.csv", `${bad}\n`));
    const cells = page.getByRole("table", { name: "Sel yang salah" });
    await cells.waitFor();
    await expect.poll(() => cells.locator("[data-invalid-cell]").count()).toBe(3);
    await expect(
      cells.getByText('Length (Yards) harus berupa angka ("banyak" bukan angka).').count(),
    ).resolves.toBe(1);
    await expect(
      cells.getByText('Tidak ada bahan "Sutra / Merah": buat dulu', { exact: false }).count(),
    ).resolves.toBe(1);
    await expect(cells.getByText("Length (Yards) paling banyak 2 angka desimal.").count()).resolves.toBe(1);
    // The same words mark the cell in place in the file as read.
    const inPlace = page
      .getByRole("table", { name: "Berkas sebagaimana terbaca" })
      .locator('[data-sample-invalid="2:Length (Yards)"]');
    await expect(inPlace.getAttribute("title")).resolves.toBe(
      'Length (Yards) harus berupa angka ("banyak" bukan angka).',
    );
    for (const english of ["must be a number", "No material", "decimal places"])
      await expect(page.getByText(english, { exact: false }).count(), english).resolves.toBe(0);
    for (const [size, viewport] of [
      ["1440", DESK],
      ["390", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: path.join(shots, `import-errors-id-${size}.png`), fullPage: true });
    }
    await speak("en");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("receive: packing list", () => {
  it("fills 3 roll rows from a pasted packing list and posts them", async () => {
    const { context, page, errors, rolls } = await openReceiveRolls(
      browser,
      server.baseUrl,
      DESK,
      "PL-TEST-01",
    );

    await rolls.getByRole("button", { name: "Paste packing list for item 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Packing list" });
    // A row with an error fills nothing and is named.
    await dialog
      .getByLabel("Packing list")
      .fill("Length\tTicket\tWidth\tBin\n45.5\t46\t58\tA-01\n-3\t\t58\tA-01\n");
    await dialog.getByRole("button", { name: "Fill rolls" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toMatch(/Row 3, Length/);
    await shoot(page, "packing-errors-en");
    await dialog
      .getByLabel("Packing list")
      .fill(
        "Length\tTicket\tWidth\tBin\tColour\n45.5\t46\t58\tA-01\tNavy\n38\t38.5\t58\tA-01\tNavy\n52.25\t\t58\tA-01\tNavy\n",
      );
    await dialog.getByRole("button", { name: "Fill rolls" }).click();
    await dialog.waitFor({ state: "detached" });
    // The dialog has closed: what the list said beside its rolls stays beneath them.
    await expect(rolls.locator("[data-packing-warnings]").textContent()).resolves.toBe(
      'Packing list: Column "Colour" is not imported: no field of this kind is called that.',
    );

    await expect(rolls.getByLabel("Roll 1 length").inputValue()).resolves.toBe("45.5");
    await expect(rolls.getByLabel("Roll 1 ticket").inputValue()).resolves.toBe("46");
    await expect(rolls.getByLabel("Roll 2 length").inputValue()).resolves.toBe("38");
    await expect(rolls.getByLabel("Roll 3 length").inputValue()).resolves.toBe("52.25");
    await expect(rolls.getByLabel("Roll 4 length").count()).resolves.toBe(0);
    await expect(rolls.getByLabel("Width (in)").inputValue()).resolves.toBe("58");
    await expect(rolls.getByLabel("Bin").inputValue()).resolves.toBe("A-01");
    await expect.poll(() => rolls.getByRole("status").textContent()).toMatch(/^3 rolls · total 135.75 yd/);
    await shoot(page, "packing-filled-en");

    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Transaction saved").waitFor();
    await page.waitForURL(`${server.baseUrl}/transactions`);
    const posted = await api.get<
      { batch: string; lengthYards: number; bin: string | null; widthInches: number | null }[]
    >("/api/rolls?batch=PL-TEST-01");
    expect(
      posted
        .filter((r) => r.batch === "PL-TEST-01")
        .map((r) => [r.lengthYards, r.bin, r.widthInches])
        .sort(),
    ).toEqual(
      [
        [38, "A-01", 58],
        [45.5, "A-01", 58],
        [52.25, "A-01", 58],
      ].sort(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

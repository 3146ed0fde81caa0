import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { ADMIN, type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, newPage, signIn } from "./support/browser";

/** CONTRACT.md section 17: language and length unit per user, from the account menu, kept. */
describe("language and length unit", () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
    const api = await ApiClient.signIn(server.baseUrl);
    const warehouse = await api.post<{ id: number }>("/api/warehouses", {
      name: "Gudang Utama",
      location: "Bandung",
    });
    const supplier = await api.post<{ id: number }>("/api/suppliers", { name: "Tekstil Jaya" });
    const material = await api.post<{ id: number }>("/api/materials", {
      typeName: "Katun",
      colorName: "Merah",
    });
    await api.post("/api/transactions/receive", {
      transactionDate: new Date().toISOString().slice(0, 10),
      supplierId: supplier.id,
      warehouseId: warehouse.id,
      items: [{ materialId: material.id, batch: "L-1", yards: 1234.5 }],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("switches to Bahasa Indonesia and metres from the account menu, at once, and keeps them", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    const nav = page.getByRole("navigation");
    await page.getByText("1,234.50").first().waitFor();
    await expect(page.getByText("yards", { exact: true }).count()).resolves.toBeGreaterThan(0);

    await page.getByRole("button", { name: /^Account: admin/ }).click();
    await page.getByRole("menuitemradio", { name: "Bahasa Indonesia" }).click();
    await page.getByRole("menuitemradio", { name: "Meter (m)" }).click();
    await page.keyboard.press("Escape");

    // 1234.5 yd = 1128.8268 m: metres, comma decimal, dot thousands.
    const indonesian = async () => {
      await page.getByText("1.128,83").first().waitFor();
      await page.getByRole("heading", { level: 1, name: "Dasbor" }).waitFor();
      await nav.getByRole("link", { name: "Penerimaan", exact: true }).waitFor();
      await nav.getByRole("link", { name: "Stok Opname", exact: true }).waitFor();
      await nav.getByRole("link", { name: "Gudang", exact: true }).waitFor();
      await expect(nav.getByText("Laporan", { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByText("meter", { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.locator("html").getAttribute("lang")).resolves.toBe("id");
      await expect(nav.getByRole("link", { name: "Dashboard", exact: true }).count()).resolves.toBe(0);
    };
    await indonesian();
    expect(page.url()).toBe(`${server.baseUrl}/`);

    await page.reload();
    await indonesian();

    // Kept on the user: another device signs in to the same.
    const me = await (await ApiClient.signIn(server.baseUrl)).get<{
      user: { language: string; lengthUnit: string };
    }>("/api/auth/me");
    expect(me.user).toMatchObject({ language: "id", lengthUnit: "m" });
    expect(errors).toEqual([]);

    // And back: the spec's English words and yards again, without a reload.
    await page.getByRole("button", { name: /^Akun: admin/ }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await page.getByRole("menuitemradio", { name: "Yards (yd)" }).click();
    await page.keyboard.press("Escape");
    await page.getByText("1,234.50").first().waitFor();
    await nav.getByRole("link", { name: "Receive", exact: true }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await context.close();
  });

  it("reads a length typed in metres with a comma, refuses a point, and shows setup lists in metres", async () => {
    const api = await ApiClient.signIn(server.baseUrl);
    const materials = await api.get<{ id: number; typeName: string }[]>("/api/materials");
    const katun = materials.find((m) => m.typeName === "Katun");
    await api.post("/api/thresholds", { materialId: katun?.id, thresholdYards: 50, isActive: true });
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.request.patch(`${server.baseUrl}/api/auth/me`, { data: { language: "id", lengthUnit: "m" } });

    // 50 yd = 45.72 m.
    await page.goto(`${server.baseUrl}/setup/thresholds`);
    await page.getByRole("heading", { level: 1, name: "Kelola Batas Stok" }).waitFor();
    await page.getByRole("columnheader", { name: "Batas (Meter)" }).waitFor();
    await page.getByRole("cell", { name: "45,72" }).waitFor();

    await page.goto(`${server.baseUrl}/setup/materials`);
    await page.getByRole("button", { name: "Ubah Katun - Merah" }).click();
    const dialog = page.getByRole("dialog", { name: "Ubah Bahan" });
    const limit = dialog.getByLabel("Batas sisa potongan (meter)");
    await limit.fill("2.5");
    await dialog.getByRole("button", { name: "Simpan Perubahan" }).click();
    await dialog.getByText("Isi angka dengan koma untuk desimal, misalnya 2,5").waitFor();
    await limit.fill("2,5");
    await dialog.getByRole("button", { name: "Simpan Perubahan" }).click();
    await page.getByText("Bahan diperbarui").first().waitFor();
    // 2.5 m = 2.73 yd (half-even), shown again as 2,50 m.
    const saved = await api.get<{ id: number; remnantBelowYards: number }[]>("/api/materials");
    expect(saved.find((m) => m.id === katun?.id)?.remnantBelowYards).toBe(2.73);
    await page.getByRole("button", { name: "Ubah Katun - Merah" }).click();
    await expect(dialog.getByLabel("Batas sisa potongan (meter)").inputValue()).resolves.toBe("2,50");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the sign-in page in the browser's language before anyone signs in", async () => {
    const context = await browser.newContext({ locale: "id-ID" });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole("heading", { name: "Masuk" }).waitFor();
    await page.getByLabel("Nama pengguna").fill(ADMIN.username);
    await page.getByLabel("Kata sandi").fill("wrong password");
    await page.getByRole("button", { name: "Masuk" }).click();
    await page.getByText("Nama pengguna atau kata sandi salah.").waitFor();
    await context.close();

    const english = await browser.newContext({ locale: "en-GB" });
    const englishPage = await english.newPage();
    await englishPage.goto(`${server.baseUrl}/`);
    await englishPage.getByRole("heading", { name: "Sign in" }).waitFor();
    await english.close();
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { compileCatalog } from "../../../../../scripts/lib/i18n-catalogs";
import { provideCatalog, setLocale, translateMessage } from "../../../i18n/store";
import {
  emptyForm,
  emptyRow,
  parseRollEntry,
  rejectedEntriesText,
  rollsSummary,
  toPayload,
} from "./form-model";
import { validateForm } from "./form-validation";
import { readStoredDraft, writeStoredDraft } from "./stored-draft";

// Issue 35: a clerk reading Indonesian and metres types 12,5 m; the API gets yards.
provideCatalog("en", compileCatalog("en"));
provideCatalog("id", compileCatalog("id"));
afterEach(async () => {
  await setLocale({ language: "en", lengthUnit: "yd" });
  vi.unstubAllGlobals();
});

const noStock = () => 0;
const receive = (yards: string, rolls: { lengthYards: string; ticketYards: string }[] = []) => ({
  ...emptyForm("2026-11-28"),
  supplierId: "1",
  warehouseId: "1",
  items: [{ ...emptyRow(), rowId: "r1", typeName: "Denim", materialId: "7", batch: "L-1", yards, rolls }],
});

describe("the posting forms in Indonesian and metres", () => {
  it("send a typed 12,5 m as 13.67 yd, and roll lengths and a 4,25 unit cost too", async () => {
    await setLocale({ language: "id", lengthUnit: "m" });
    expect(toPayload("receive", receive("12,5"), noStock).items?.[0]?.yards).toBe(13.67);
    const values = receive("", [{ lengthYards: "1.000,5", ticketYards: "45,72" }]);
    values.items[0] = { ...(values.items[0] ?? emptyRow()), unitCost: "4,25", rollWidth: "58,5" };
    const item = toPayload("receive", values, noStock).items?.[0];
    expect(item?.rolls).toEqual([
      { lengthYards: 1094.16, ticketYards: 50, widthInches: 58.5, bin: undefined },
    ]);
    expect(item?.unitCost).toBe(4.25);
  });

  it("refuse 12.500 and 12.5 in Indonesian, saying why at the field and in the toast", async () => {
    await setLocale({ language: "id", lengthUnit: "m" });
    const unclear = validateForm("receive", receive("12.500"), noStock);
    expect(unclear.itemIssues.map((i) => i.fieldMessage)).toEqual(["Tidak jelas: 12500 atau 12,5?"]);
    expect(unclear.itemMessages.map(translateMessage)).toEqual([
      "Tidak jelas: tulis 12500 untuk dua belas ribu lima ratus, atau 12,5 untuk dua belas setengah",
    ]);
    const dot = validateForm("receive", receive("12.5"), noStock);
    expect(dot.itemIssues.map((i) => i.fieldMessage)).toEqual(["Pakai koma desimal, mis. 12,5"]);
    expect(validateForm("receive", receive("12,5"), noStock).itemIssues).toEqual([]);
  });

  it("take quick entries with decimal commas, and say in Indonesian what was not added", async () => {
    await setLocale({ language: "id", lengthUnit: "m" });
    const entry = parseRollEntry("45,5 38, 12.5 1.500 52,25/53");
    expect(entry.rolls).toEqual([
      { lengthYards: "45,5", ticketYards: "" },
      { lengthYards: "38", ticketYards: "" },
      { lengthYards: "52,25", ticketYards: "53" },
    ]);
    expect(rejectedEntriesText(entry.rejected)).toBe(
      'Tidak ditambahkan: "12.5" (pakai koma untuk desimal: 12,5); "1.500" (tidak jelas: tulis 12500 atau 12,5).',
    );
    expect(
      rollsSummary(entry.rolls)
        .map((p) => p.text)
        .join(""),
    ).toBe("3 rol · total 135,75 m · 1 bertiket: 53,00 m menurut tiket, kurang 0,75 m");
  });

  it("bring a stored draft back in the unit of now: 12,5 m typed, 13.67 read in yards", async () => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    await setLocale({ language: "id", lengthUnit: "m" });
    writeStoredDraft("k", receive("12,5", [{ lengthYards: "10", ticketYards: "" }]));
    expect(readStoredDraft("k")?.values.items[0]?.yards).toBe("12,5");
    await setLocale({ language: "en", lengthUnit: "yd" });
    const item = readStoredDraft("k")?.values.items[0];
    expect(item?.yards).toBe("13.67");
    expect(item?.rolls).toEqual([{ lengthYards: "10.94", ticketYards: "" }]);
  });
});

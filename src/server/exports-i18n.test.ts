import type { LightMyRequestResponse } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { yardsToUnitCenti } from "../domain/length-units";
import { exportHelpers, NOW, seedExports } from "./test/support/exports";
import { postOk } from "./test/support/transactions";
import { describeEachDialect } from "./test/test-context";

/** Yards as the metres a metres reader gets: the domain's conversion, rounded to 0.01 m. */
const metres = (yards: number) => yardsToUnitCenti(yards, "m") / 100;

/**
 * CONTRACT.md section 17: exports in the reader's language and length unit. The English yards reader's
 * exports are asserted byte for byte in exports.test.ts and rolls-export-remnants.test.ts.
 */
describeEachDialect(
  "exports in the reader's language and unit",
  (ctx) => {
    let jakarta = 0;
    let cotton = 0;
    beforeAll(async () => {
      ({ jakarta, cotton } = await seedExports(ctx()));
      const supplier = await ctx().db.kysely.selectFrom("suppliers").select("id").executeTakeFirstOrThrow();
      await postOk(ctx(), "receive", {
        transactionDate: "2026-11-21",
        supplierId: supplier.id,
        warehouseId: jakarta,
        items: [
          {
            materialId: cotton,
            batch: "R1",
            rolls: [
              { lengthYards: 30.5, ticketYards: 31, widthInches: 58.5 },
              { lengthYards: 12.34, widthInches: 60 },
            ],
          },
        ],
      });
    });
    const { get, csvLines, sheetOf } = exportHelpers(ctx);
    /** The viewer's own choice, as the account menu sets it. */
    const readAs = async (language: "en" | "id", lengthUnit: "yd" | "m") => {
      const res = await ctx().request({
        method: "PATCH",
        url: "/api/auth/me",
        payload: { language, lengthUnit },
        role: "viewer",
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    /** Rows of a CSV whose cells hold no comma (the Cotton rows), split into cells. */
    const cells = (res: LightMyRequestResponse) => csvLines(res).map((l) => l.split(","));

    it("writes the stock list in Indonesian and metres, each length the converted yards", async () => {
      const url = `/api/stock-levels?warehouse=${jakarta}&type=Cotton`;
      await readAs("en", "yd");
      const [, ...yardRows] = cells(await get(`${url}&format=csv`));
      await readAs("id", "m");
      const [header, ...rows] = cells(await get(`${url}&format=csv`));
      expect(header).toEqual([
        "Jenis",
        "Warna",
        "Lot Celup / Batch",
        "Gudang",
        "Meter Tersedia",
        "Status",
        "Terakhir Diperbarui",
      ]);
      // 20.5 yd = 18.7452 m, 12 yd = 10.9728 m: to hundredths of a metre.
      expect(rows.map((r) => r[4])).toEqual(["18.75", "10.97", "39.17"]);
      expect(rows.map((r) => r[4])).toEqual(yardRows.map((r) => String(metres(Number(r[4])))));
      // The status is said in Indonesian; everything else but the length is as the English yards
      // export writes it.
      expect(rows.map((r) => r[5])).toEqual(["Tersedia", "Tersedia", "Tersedia"]);
      expect(yardRows.map((r) => r[5])).toEqual(["In Stock", "In Stock", "In Stock"]);
      expect(rows.map((r) => r.toSpliced(4, 2))).toEqual(yardRows.map((r) => r.toSpliced(4, 2)));

      const sheet = await sheetOf(await get(`${url}&format=xlsx`));
      expect(sheet[0]).toEqual(header);
      expect(sheet.slice(1).map((r) => r[4])).toEqual([18.75, 10.97, 39.17]);
    });

    it("writes the rolls list in Indonesian and metres; the width stays in inches", async () => {
      const url = `/api/rolls?material=${cotton}&warehouse=${jakarta}`;
      await readAs("en", "yd");
      const [, ...yardRows] = cells(await get(`${url}&format=csv`));
      await readAs("id", "m");
      const [header, ...rows] = cells(await get(`${url}&format=csv`));
      expect(header).toEqual([
        "Kode",
        "Jenis",
        "Warna",
        "Lot Celup / Batch",
        "Gudang",
        "Panjang (Meter)",
        "Diterima (Meter)",
        "Tiket (Meter)",
        "Lebar (Inci)",
        "Rak",
        "Dipotong Dari",
        "Status",
        "Pertama Diterima",
        "Terakhir Dipindah",
      ]);
      const lengths = (r: string[]) => r.slice(5, 8);
      const r1 = rows.filter((r) => r[3] === "R1");
      expect(r1.map(lengths).sort()).toEqual([
        ["11.28", "11.28", ""],
        ["27.89", "27.89", "28.35"],
      ]);
      expect(rows.map(lengths)).toEqual(
        yardRows.map((r) => lengths(r).map((v) => (v === "" ? "" : String(metres(Number(v)))))),
      );
      expect(rows.map((r) => r[8])).toEqual(yardRows.map((r) => r[8]));
      expect(r1.map((r) => r[8]).sort()).toEqual(["58.5", "60"]);

      const sheet = await sheetOf(await get(`${url}&format=xlsx`));
      expect(sheet[0]).toEqual(header);
      expect(sheet.slice(1).map((r) => r.slice(5, 9))).toEqual(
        rows.map((r) => r.slice(5, 9).map((v) => (v === "" ? null : Number(v)))),
      );
    });

    it("names the unit for an English metres reader and sums in metres from the exact yards", async () => {
      await readAs("en", "m");
      const [header, ...rows] = cells(
        await get(`/api/stock-levels?warehouse=${jakarta}&type=Cotton&format=csv`),
      );
      expect(header?.[4]).toBe("Available Metres");
      expect(rows.map((r) => r[4])).toEqual(["18.75", "10.97", "39.17"]);
      // A warehouse's name holds a comma: the XLSX reads back without parsing CSV.
      const url = "/api/reports/stock-status?groupBy=warehouse&format=xlsx";
      await readAs("en", "yd");
      const yards = await sheetOf(await get(url));
      await readAs("id", "m");
      const inMetres = await sheetOf(await get(url));
      expect(inMetres[0]).toEqual(["Gudang", "Total Meter Tersedia", "Jumlah Item"]);
      expect(inMetres.slice(1)).toEqual(
        yards.slice(1).map(([group, total, items]) => [group, metres(Number(total)), items]),
      );
      expect(inMetres.slice(1).map((r) => r[1])).toEqual([
        metres(7.5),
        metres(20.5 + 12 + 8.25 + 30.5 + 12.34),
      ]);
    });

    it("keeps the Indonesian yards reader's lengths in yards, named in Indonesian", async () => {
      await readAs("id", "yd");
      const [header, ...rows] = cells(
        await get(`/api/stock-levels?warehouse=${jakarta}&type=Cotton&format=csv`),
      );
      expect(header?.[4]).toBe("Yard Tersedia");
      expect(rows.map((r) => r[4])).toEqual(["20.5", "12", "42.84"]);
    });
  },
  { now: () => NOW },
);

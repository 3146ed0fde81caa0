import { beforeEach, expect, it } from "vitest";
import { formatRollCode, type Roll } from "../../../domain/roll";
import { rollsApiHelpers } from "../../test/support/rolls-api";
import { type MasterData, receiveOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * GET /api/rolls?format=csv|xlsx (the list's exports) and /api/reports/remnants (rolls below their
 * material's remnant limit, with the list's filters, paging and CSV). The list itself is in
 * rolls-list.test.ts; set-up and reads in test/support/rolls-api.ts.
 */
describeEachDialect("rolls API", (ctx) => {
  const { newScene, get, list, codes, stored, usage, materialOf } = rollsApiHelpers(ctx);
  let m: MasterData;
  let mat: number;
  let other: number;

  beforeEach(async () => {
    ({ m, mat, other } = await newScene());
  });

  it("exports CSV and XLSX with the same filters and a file name that says them", async () => {
    await receiveOk(
      ctx(),
      m,
      [
        {
          materialId: mat,
          batch: "0012",
          rolls: [{ lengthYards: 20.5, ticketYards: 21, widthInches: 60, bin: "=A1" }],
        },
      ],
      0,
      "2024-04-02",
    );
    await receiveOk(ctx(), m, [{ materialId: other, batch: "X", yards: 3 }]);
    const [roll] = await stored([mat]);
    if (!roll) throw new Error("a roll expected");
    const material = await materialOf(mat);
    const res = await get(`/api/rolls?material=${mat}&format=csv`);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /filename="rolls-material-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      "Code,Type,Color,Batch,Warehouse,Length (Yards),Received (Yards),Ticket (Yards),Width (Inches),Bin,Cut From,Status,First Received,Last Moved",
    );
    expect(lines).toHaveLength(2);
    const cells = (lines[1] as string).split(",");
    expect(cells.slice(0, 4)).toEqual([
      formatRollCode(roll.id),
      material.type_name,
      material.color_name,
      "0012",
    ]);
    expect(cells.slice(5, 9)).toEqual(["20.5", "20.5", "21", "60"]);
    // A bin that looks like a formula is escaped.
    expect(cells[9]).toBe("'=A1");
    expect(cells.slice(10, 13)).toEqual(["", "In Stock", "2024-04-02"]);
    expect(cells[13]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const xlsx = await get(`/api/rolls?material=${mat}&format=xlsx`);
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("reports remnants: rolls below their material's remnant limit, with the list's filters, paging and CSV", async () => {
    await receiveOk(ctx(), m, [
      {
        materialId: mat,
        batch: "RM",
        rolls: [{ lengthYards: 2.99 }, { lengthYards: 3 }, { lengthYards: 0.5 }, { lengthYards: 7 }],
      },
      { materialId: other, batch: "RM", rolls: [{ lengthYards: 1 }] },
    ]);
    const [r299, r3, r05, r7] = await stored([mat]);
    if (!r299 || !r3 || !r05 || !r7) throw new Error("four rolls expected");
    // Cut the 7 down to 2.5: it becomes a remnant; the 0.5 used up leaves the report.
    await usage([
      { materialId: mat, batch: "RM", yards: 4.5, rollId: r7.id },
      { materialId: mat, batch: "RM", yards: 0.5, rollId: r05.id },
    ]);
    const code = (r: { id: number }) => formatRollCode(r.id);
    expect(await codes(`material=${mat}`, "/api/reports/remnants")).toEqual([code(r7), code(r299)]);
    const rows = await list(`material=${mat}`, "/api/reports/remnants");
    expect(rows.map((r) => [r.lengthYards, r.status])).toEqual([
      [2.5, "Remnant"],
      [2.99, "Remnant"],
    ]);
    // The rolls list with status=Remnant is the same list.
    expect(await codes(`material=${mat}&status=Remnant`)).toEqual(
      await codes(`material=${mat}`, "/api/reports/remnants"),
    );
    const page = await get(
      `/api/reports/remnants?material=${mat}&limit=1&offset=1&sort=lengthYards&order=desc`,
    );
    expect(page.headers["x-total-count"]).toBe("2");
    expect(page.json().map((r: Roll) => r.code)).toEqual([code(r7)]);
    const csv = await get(`/api/reports/remnants?material=${mat}&format=csv`);
    expect(csv.headers["content-disposition"]).toMatch(/filename="remnants-material-/);
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(3);
  });
});

import { expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { csv, multipartBody } from "../../test/imports-support";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 13: a supplier's packing list read into the receive form's roll rows. */
describeEachDialect("packing lists at receipt", (ctx) => {
  const paste = (text: unknown, role: "admin" | "clerk" | "viewer" = "clerk") =>
    ctx().request({ method: "POST", url: "/api/imports/packing-list", payload: { text }, role });
  const uploadList = async (file: Uint8Array | string, filename: string) => {
    const { payload, contentType } = await multipartBody(file, filename);
    return ctx().request({
      method: "POST",
      url: "/api/imports/packing-list",
      payload,
      role: "clerk",
      headers: { "content-type": contentType, "x-requested-with": "fetch" },
    });
  };
  const brief = (body: {
    rolls: {
      lengthYards: number;
      ticketYards: number | null;
      widthInches: number | null;
      bin: string | null;
    }[];
  }) => body.rolls.map((r) => [r.lengthYards, r.ticketYards, r.widthInches, r.bin]);

  it("reads pasted cells from a spreadsheet: tabs, no header, decimal commas, length ticket width bin", async () => {
    const res = await paste("50\t52\t58\tA-1\n48,5\t50\n\n  47.25 \n");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 3, errors: [], warnings: [] });
    expect(brief(res.json())).toEqual([
      [50, 52, 58, "A-1"],
      [48.5, 50, null, null],
      [47.25, null, null, null],
    ]);
    expect(res.json().rolls.map((r: { row: number }) => r.row)).toEqual([1, 2, 4]);
  });

  it("matches a header row in any order, semicolons or commas, and lists each bad cell", async () => {
    const semicolons = await paste("Bin;Ticket;Length\nB-2;13;12,5\n");
    expect(brief(semicolons.json())).toEqual([[12.5, 13, null, "B-2"]]);
    const bad = await paste(
      "Length,Ticket,Width,Bin,Batch\n10.123,0,300,,L1\n,5,,,\n9,9,59,Shelf\u0001,L2\n20,,,C-1,L2",
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.json().errors).toEqual([
      {
        row: 2,
        column: "Length (Yards)",
        message: "Length (Yards) may have at most 2 decimal places.",
        code: "IMPORT_CELL_DECIMALS",
        params: { column: "Length (Yards)" },
      },
      {
        row: 3,
        column: "Length (Yards)",
        message: "Each roll needs a length greater than 0",
        code: "ROLL_LENGTH_NOT_POSITIVE",
        params: {},
      },
      {
        row: 4,
        column: "Bin",
        message: "Must not contain control characters",
        code: "TEXT_CONTROL_CHARACTERS",
        params: {},
      },
    ]);
    expect(bad.json().rolls).toEqual([
      { row: 5, lengthYards: 20, ticketYards: null, widthInches: null, bin: "C-1", batch: "L2" },
    ]);
    const noLength = await paste("Ticket,Bin\n5,A\n");
    expect(noLength.json().errors).toEqual([
      {
        row: 1,
        column: "Length (Yards)",
        message: 'The list has no "Length" column.',
        code: "PACKING_LIST_NO_LENGTH",
        params: {},
      },
    ]);
  });

  it("reads an uploaded CSV or XLSX list, and changes nothing", async () => {
    const fromCsv = await uploadList(
      csv("Length (Yards),Ticket (Yards),Width (Inches),Bin", "30,31,60,R-1"),
      "pl.csv",
    );
    expect(fromCsv.statusCode, fromCsv.body).toBe(200);
    expect(brief(fromCsv.json())).toEqual([[30, 31, 60, "R-1"]]);
    const workbook = await writeXlsxFile(
      [
        [{ value: "Measured" }, { value: "Label" }],
        [
          { type: Number, value: 44.5 },
          { type: Number, value: 45 },
        ],
      ] as never,
      { buffer: true },
    );
    const fromXlsx = await uploadList(workbook, "pl.xlsx");
    expect(brief(fromXlsx.json())).toEqual([[44.5, 45, null, null]]);
    const tsv = await uploadList("12\t13\n14\t15\n", "pl.txt");
    expect(brief(tsv.json())).toEqual([
      [12, 13, null, null],
      [14, 15, null, null],
    ]);
    const rolls = await ctx()
      .db.kysely.selectFrom("rolls")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(rolls.n)).toBe(0);
  });

  it("refuses an empty paste, a file that is no list, more than 500 rolls, and viewers", async () => {
    expect((await paste("  \n")).json().code).toBe("EMPTY_FILE");
    expect((await paste(42)).statusCode).toBe(400);
    const png = await uploadList(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), "pl.csv");
    expect(png.json().code).toBe("NOT_A_SPREADSHEET");
    const many = await paste(Array.from({ length: 501 }, () => "10").join("\n"));
    expect(many.json().errors).toEqual([
      {
        row: 501,
        column: "Length (Yards)",
        message: "An item may have at most 500 rolls",
        code: "TOO_MANY_ROLLS_PER_ITEM",
        params: { max: "500" },
      },
    ]);
    expect((await paste("10", "viewer")).statusCode).toBe(403);
  });
});

import { expect, it } from "vitest";
import { csv, upload } from "../../test/imports-support";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 13: master data from a spreadsheet, previewed, then all or nothing. */
describeEachDialect("importing master data", (ctx) => {
  const count = async (table: "warehouses" | "suppliers" | "materials" | "thresholds") =>
    Number(
      (
        await ctx()
          .db.kysely.selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const list = async (path: string) =>
    (await ctx().request({ method: "GET", url: `/api/${path}?includeArchived=true`, role: "viewer" })).json();

  it("previews without writing, then commits what it previewed, and a second commit changes nothing", async () => {
    const file = csv("Name,Location", "Gudang Bandung,Jl. Soekarno-Hatta 12", "Gudang Surabaya,");
    const preview = await upload(ctx(), "warehouses", "preview", file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      kind: "warehouses",
      rows: 2,
      errors: [],
      warnings: [],
      warningDetails: [],
      created: 2,
      updated: 0,
      unchanged: 0,
      transactionIds: [],
      // The file as read, for the screen to show the rows with their cells in error marked.
      sample: {
        header: ["Name", "Location"],
        fields: ["Name", "Location"],
        rows: [
          { row: 2, cells: ["Gudang Bandung", "Jl. Soekarno-Hatta 12"] },
          { row: 3, cells: ["Gudang Surabaya", ""] },
        ],
      },
    });
    expect(await count("warehouses")).toBe(0);
    // A commit answers what it did, not the file again.
    const commit = await upload(ctx(), "warehouses", "commit", file);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(Object.keys(commit.json())).not.toContain("sample");

    const warehouses = await list("warehouses");
    expect(warehouses.map((w: { name: string; location: string | null }) => [w.name, w.location])).toEqual([
      ["Gudang Bandung", "Jl. Soekarno-Hatta 12"],
      ["Gudang Surabaya", null],
    ]);

    const again = await upload(ctx(), "warehouses", "commit", file);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    // An edited cell updates the record it names, matched by name whatever its case.
    const edited = await upload(ctx(), "warehouses", "commit", csv("name", "gudang BANDUNG"));
    expect(edited.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await list("warehouses"))[0]).toMatchObject({
      name: "gudang BANDUNG",
      location: "Jl. Soekarno-Hatta 12",
    });
  });

  it("shows in the preview the first 20 rows, then the rows in error, each cell as the file wrote it", async () => {
    const before = await count("warehouses");
    const names = Array.from({ length: 30 }, (_, i) => `Gudang ${i + 1}`);
    // Row 27 (the 26th data row) has no name: an error past the first 20 rows.
    names[25] = "";
    const res = await upload(
      ctx(),
      "warehouses",
      "preview",
      csv("NAME,Location,Notes", ...names.map((n, i) => `${n},Jl. ${i + 1},`)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [27, "Name"],
    ]);
    expect(body.sample.rows.map((r: { row: number }) => r.row)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => i + 2),
      27,
    ]);
    expect(body.sample.rows.at(-1).cells).toEqual(["", "Jl. 26", ""]);
    // Each column with the field it is read as: the name an error gives as its column.
    expect(body.sample.header).toEqual(["NAME", "Location", "Notes"]);
    expect(body.sample.fields).toEqual(["Name", "Location", null]);
    expect(await count("warehouses")).toBe(before);
  });

  it("matches headers ignoring case, spaces, _ and -, and warns of columns it does not use", async () => {
    const file = csv("TYPE_NAME,color-name,Colour Code,Notes", "Linen,Sage,LN-01,keep dry");
    const res = await upload(ctx(), "materials", "commit", file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, errors: [] });
    expect(res.json().warnings).toEqual([
      'Column "Notes" is not imported: no field of this kind is called that.',
    ]);
    expect((await list("materials")).find((m: { typeName: string }) => m.typeName === "Linen")).toMatchObject(
      {
        colorName: "Sage",
        colorCode: "LN-01",
      },
    );
  });

  it("reads a semicolon CSV with a byte-order mark and decimal commas", async () => {
    const file = `\uFEFF${csv("Type;Color;Remnant Below (Yards)", "Batik;Indigo;2,5")}`;
    const res = await upload(ctx(), "materials", "commit", file);
    expect(res.statusCode, res.body).toBe(200);
    const batik = (await list("materials")).find((m: { typeName: string }) => m.typeName === "Batik");
    expect(batik).toMatchObject({ colorName: "Indigo", remnantBelowYards: 2.5 });
  });

  it("names the row and column of every error and writes nothing, even rows without errors", async () => {
    const before = await count("suppliers");
    const file = csv(
      "Name,Contact Information",
      "PT Sinar Jaya,Andi",
      ",nobody",
      '"=HYPERLINK(""http://x"")",x',
      "CV Maju\u0007,bell",
      "  pt SINAR jaya ,again",
    );
    const res = await upload(ctx(), "suppliers", "commit", file);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("IMPORT_ERRORS");
    expect(body.message).toBe("The file has 4 errors: nothing was imported.");
    expect(body.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, "Name"],
      [4, "Name"],
      [5, "Name"],
      [6, "Name"],
    ]);
    expect(body.errors[0].message).toBe("Supplier name is required");
    expect(body.errors[1].message).toContain("formula");
    expect(body.errors[3].message).toBe("Row 2 names the same supplier: keep one row for it.");
    expect(await count("suppliers")).toBe(before);
    // The same file previewed answers 200 with the same errors, so the screen can mark the cells.
    const preview = await upload(ctx(), "suppliers", "preview", file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().errors).toEqual(body.errors);
  });

  it("refuses a missing column, lengths with 3 decimals and thresholds of a material that does not exist", async () => {
    const noColor = await upload(ctx(), "materials", "preview", csv("Type", "Denim"));
    expect(noColor.json().errors).toMatchObject([
      { row: 1, column: "Color", message: 'The file has no "Color" column.' },
    ]);
    const fine = await upload(
      ctx(),
      "materials",
      "preview",
      csv("Type,Color,Remnant Below", "Denim,Navy,2.125"),
    );
    expect(fine.json().errors).toMatchObject([
      {
        row: 2,
        column: "Remnant Below (Yards)",
        message: "Remnant Below (Yards) may have at most 2 decimal places.",
      },
    ]);
    const unknown = await upload(
      ctx(),
      "thresholds",
      "preview",
      csv("Type,Color,Threshold (Yards)", "Velvet,Ruby,50"),
    );
    expect(unknown.json().errors).toMatchObject([
      {
        row: 2,
        column: "Type",
        message:
          'No material "Velvet / Ruby": create it first (Setup > Materials, or import materials), then import this file again.',
      },
    ]);
  });

  it("imports thresholds by material and batch, blank batch for the type+color level", async () => {
    await upload(ctx(), "materials", "commit", csv("Type,Color", "Drill,Khaki"));
    const file = csv(
      "Type,Color,Batch,Threshold (Yards),Status",
      "drill,KHAKI,,150,Active",
      "Drill,Khaki,K-7,40,Inactive",
    );
    const res = await upload(ctx(), "thresholds", "commit", file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, errors: [] });
    const rows = (await list("thresholds")).filter((t: { typeName: string }) => t.typeName === "Drill");
    expect(
      rows.map((t: { batch: string | null; thresholdYards: number; isActive: boolean }) => [
        t.batch,
        t.thresholdYards,
        t.isActive,
      ]),
    ).toEqual([
      [null, 150, true],
      ["K-7", 40, false],
    ]);
    const changed = await upload(
      ctx(),
      "thresholds",
      "commit",
      csv("Type,Color,Batch,Threshold (Yards)", "Drill,Khaki,K-7,45"),
    );
    // Status absent from the file: the threshold keeps its own.
    expect(changed.json()).toMatchObject({ updated: 1 });
    const k7 = (await list("thresholds")).find((t: { batch: string | null }) => t.batch === "K-7");
    expect(k7).toMatchObject({ thresholdYards: 45, isActive: false });
  });
});

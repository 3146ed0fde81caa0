import { expect, it } from "vitest";
import { csv, upload } from "../../test/imports-support";
import { describeEachDialect } from "../../test/test-context";
import { MAX_IMPORT_ROWS } from "./read-sheet";

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

/** CONTRACT.md section 13: a bad file gets a clear answer and changes nothing; exports re-import unchanged. */
describeEachDialect("import files", (ctx) => {
  const warehouses = async () =>
    Number(
      (
        await ctx()
          .db.kysely.selectFrom("warehouses")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses files that are not a sheet of rows, saying what is wrong", async () => {
    const cases: [string, Uint8Array | string, number, string][] = [
      ["empty", "", 400, "EMPTY_FILE"],
      ["header only", csv("Name,Location"), 400, "NO_ROWS"],
      ["blank lines only", "\r\n\r\n", 400, "EMPTY_FILE"],
      ["a PNG named .csv", PNG, 400, "NOT_A_SPREADSHEET"],
      [
        "a ZIP that is no workbook",
        Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
        400,
        "NOT_A_SPREADSHEET",
      ],
      [
        "Latin-1 text",
        Uint8Array.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9]),
        400,
        "NOT_A_SPREADSHEET",
      ],
    ];
    for (const [what, file, status, code] of cases) {
      const res = await upload(ctx(), "warehouses", "commit", file);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().code, what).toBe(code);
      expect(res.json().message.length, what).toBeGreaterThan(20);
    }
    expect(await warehouses()).toBe(0);
  });

  it("refuses more than 100,000 rows and more than 20 MB with 413", async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `W${i}`);
    const many = await upload(ctx(), "warehouses", "preview", csv("Name", ...rows));
    expect(many.statusCode).toBe(413);
    expect(many.json().code).toBe("TOO_MANY_ROWS");
    const big = await upload(ctx(), "warehouses", "preview", `Name\r\n${"x".repeat(21 * 1024 * 1024)}\r\n`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain("20 MB");
    expect(await warehouses()).toBe(0);
  });

  it("is for admins, sent as an upload from the app itself", async () => {
    const file = csv("Name", "Gudang Medan");
    expect((await upload(ctx(), "warehouses", "commit", file, { role: "clerk" })).statusCode).toBe(403);
    expect((await upload(ctx(), "warehouses", "commit", file, { role: null })).statusCode).toBe(401);
    // A cross-site form can post multipart but cannot add this header.
    const noHeader = await upload(ctx(), "warehouses", "commit", file, {
      headers: { "x-requested-with": undefined as never },
    });
    expect(noHeader.statusCode).toBe(403);
    const json = await ctx().request({
      method: "POST",
      url: "/api/imports/warehouses?mode=commit",
      payload: { file },
    });
    expect(json.statusCode).toBe(415);
    const badKind = await upload(ctx(), "rolls", "preview", file);
    expect(badKind.statusCode).toBe(400);
    const badMode = await ctx().request({
      method: "POST",
      url: "/api/imports/warehouses?mode=apply",
      payload: { file },
    });
    expect(badMode.statusCode).toBe(400);
    expect(await warehouses()).toBe(0);
  });

  it("re-imports every master-data export unchanged, as CSV and as XLSX", async () => {
    const seed = async (kind: string, file: string) => {
      const res = await upload(ctx(), kind, "commit", file);
      expect(res.statusCode, res.body).toBe(200);
    };
    await seed("warehouses", csv("Name,Location", 'Gudang Jakarta,"Jl. Gatot Subroto 1, Jakarta"'));
    await seed("warehouses", csv("Name,Location", "'=Annex,escaped on purpose"));
    await seed(
      "suppliers",
      csv("Name,Contact Information", 'PT Batik Solo,"+62 271 555\nline two"', "-Remnant House,"),
    );
    await seed("materials", csv("Type,Color,Color Code", "Cotton,Navy,0012", "Denim,Indigo,"));
    await seed(
      "thresholds",
      csv("Type,Color,Batch,Threshold (Yards)", "Cotton,Navy,,200", "Cotton,Navy,0042,30"),
    );
    for (const [kind, path] of [
      ["warehouses", "warehouses"],
      ["suppliers", "suppliers"],
      ["materials", "materials"],
      ["thresholds", "thresholds"],
    ] as const) {
      for (const format of ["csv", "xlsx"] as const) {
        const exported = await ctx().request({
          method: "GET",
          url: `/api/${path}?format=${format}`,
          role: "admin",
        });
        expect(exported.statusCode).toBe(200);
        const res = await upload(ctx(), kind, "commit", exported.rawPayload, {
          filename: `${kind}.${format}`,
        });
        expect(res.statusCode, `${kind} ${format}: ${res.body}`).toBe(200);
        expect(res.json(), `${kind} ${format}`).toMatchObject({
          errors: [],
          warnings: [],
          created: 0,
          updated: 0,
        });
        expect(res.json().unchanged, `${kind} ${format}`).toBeGreaterThan(0);
      }
    }
  });

  it("answers a template per kind that previews without errors", async () => {
    for (const kind of ["warehouses", "suppliers", "materials"] as const) {
      for (const format of ["csv", "xlsx"] as const) {
        const res = await ctx().request({
          method: "GET",
          url: `/api/imports/${kind}/template?format=${format}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const preview = await upload(ctx(), kind, "preview", res.rawPayload, { filename: `t.${format}` });
        expect(preview.json(), `${kind} ${format}`).toMatchObject({ rows: 1, errors: [], warnings: [] });
      }
    }
    const csvTemplate = await ctx().request({
      method: "GET",
      url: "/api/imports/materials/template?format=csv",
    });
    expect(csvTemplate.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Type,Color,Color Code,Remnant Below (Yards)",
    );
  });

  it("lets two commits of the same new record race: one creates it, the other sees it or is refused", async () => {
    const file = csv("Name", "Gudang Makassar");
    const answers = await Promise.all([
      upload(ctx(), "warehouses", "commit", file),
      upload(ctx(), "warehouses", "commit", file),
    ]);
    const outcomes = answers
      .map((a) => (a.statusCode === 200 ? (a.json().created === 1 ? "created" : "unchanged") : a.statusCode))
      .sort();
    expect([
      ["created", "unchanged"],
      [409, "created"],
    ]).toContainEqual(outcomes);
    const named = await ctx()
      .db.kysely.selectFrom("warehouses")
      .select("id")
      .where("name", "=", "Gudang Makassar")
      .execute();
    expect(named).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { compileCatalog } from "../../../scripts/lib/i18n-catalogs";
import { provideCatalog, setLocale } from "../i18n/store";
import { ApiError, errorMessage } from "./api-client";
import { issueText, messageText } from "./coded-message";

// CONTRACT.md section 17: a refusal's message in the reader's language, its lengths in their unit.
provideCatalog("en", compileCatalog("en"));
provideCatalog("id", compileCatalog("id"));
afterEach(() => setLocale({ language: "en", lengthUnit: "yd" }));

const shortfall = () =>
  new ApiError(
    409,
    "CANNOT_RESERVE",
    "ORD-2026-00001 cannot be reserved: Line 2 is short by 1,234.50 yards. Nothing was reserved.",
    [
      {
        path: "lines.1",
        message: "Line 2 is short by 1,234.50 yards.",
        code: "ORDER_LINE_SHORT",
        params: { line: "2", shortYards: 1234.5 },
      },
    ],
    {
      messageCode: "ORDER_CANNOT_BE_RESERVED",
      params: { number: "ORD-2026-00001", problems: "Line 2 is short by 1,234.50 yards." },
    },
  );

describe("coded server messages", () => {
  it("show the server's English sentence to an English yards reader", () => {
    expect(errorMessage(shortfall())).toBe(
      "ORD-2026-00001 cannot be reserved: Line 2 is short by 1,234.50 yards. Nothing was reserved.",
    );
  });

  it("say a length in metres, in the reader's language, each listed problem too", async () => {
    await setLocale({ language: "id", lengthUnit: "m" });
    expect(errorMessage(shortfall())).toBe(
      "ORD-2026-00001 tidak dapat dicadangkan: Baris 2 kurang 1.128,83 m. Tidak ada yang dicadangkan.",
    );
    await setLocale({ language: "en", lengthUnit: "m" });
    expect(errorMessage(shortfall())).toBe(
      "ORD-2026-00001 cannot be reserved: Line 2 is short by 1,128.83 m. Nothing was reserved.",
    );
    await setLocale({ language: "id", lengthUnit: "yd" });
    expect(issueText(shortfall().issues[0] as never)).toBe("Baris 2 kurang 1.234,50 yd.");
  });

  it("fall back to the answer code's message where the catalog lacks the message's code", async () => {
    await setLocale({ language: "id", lengthUnit: "m" });
    const unknown = new ApiError(409, "CONFLICT", "Something new.", [], {
      messageCode: "NOT_A_CODE",
      params: {},
    });
    expect(errorMessage(unknown)).toBe("Perubahan ini bertentangan dengan data yang tersimpan.");
    await setLocale({ language: "en", lengthUnit: "m" });
    expect(errorMessage(unknown)).toBe("Something new.");
  });
  it("say a record's status in the reader's words, not the server's English", async () => {
    await setLocale({ language: "id", lengthUnit: "yd" });
    const refused = (status: string) =>
      new ApiError(409, "CONFLICT", `ORD-2026-00007 is ${status}: it cannot be cancelled.`, [], {
        messageCode: "ORDER_CANNOT_CANCEL",
        params: { number: "ORD-2026-00007", status },
      });
    expect(errorMessage(refused("fulfilled"))).toBe(
      "ORD-2026-00007 berstatus terpenuhi: tidak dapat dibatalkan.",
    );
    expect(errorMessage(refused("cancelled"))).toBe(
      "ORD-2026-00007 berstatus dibatalkan: tidak dapat dibatalkan.",
    );
    // A status the catalog has no word for is shown as the server gave it, never dropped.
    expect(errorMessage(refused("on hold"))).toContain("berstatus on hold:");
  });

  it("say an import's warning in the reader's language, the English where its code is unknown", async () => {
    const warning = {
      message: 'Column "Catatan" is not imported: no field of this kind is called that.',
      code: "IMPORT_COLUMN_NOT_IMPORTED",
      params: { name: "Catatan" },
    };
    expect(messageText(warning)).toBe(warning.message);
    await setLocale({ language: "id", lengthUnit: "yd" });
    expect(messageText(warning)).toBe(
      'Kolom "Catatan" tidak diimpor: jenis impor ini tidak punya kolom dengan nama itu.',
    );
    expect(messageText({ ...warning, code: "UNCODED", params: { text: warning.message } })).toBe(
      warning.message,
    );
  });
});

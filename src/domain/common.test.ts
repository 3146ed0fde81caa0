import { describe, expect, it } from "vitest";
import {
  apiErrorSchema,
  bodyIdSchema,
  ID_TEXT,
  idParamsSchema,
  idSchema,
  idTextSchema,
  isoDateSchema,
  MAX_ID,
  nameKey,
  requiredText,
} from "./common";

describe("nameKey: the key under which names are unique", () => {
  it("trims both ends", () => {
    expect(nameKey("  Main Warehouse  ")).toBe("main warehouse");
    expect(nameKey("\tMain\n")).toBe("main");
  });

  it("folds case, Unicode-aware", () => {
    expect(nameKey("KATUN")).toBe("katun");
    expect(nameKey("Örme")).toBe("örme");
    expect(nameKey("ΣΟΦΊΑ")).toBe("σοφία");
  });

  it("normalises compatibility forms (NFKC): full-width letters, ligatures, composed accents", () => {
    // Full-width "ＣＯＴＴＯＮ" and "Ｍａｉｎ" are the same names as their ASCII forms.
    expect(nameKey("ＣＯＴＴＯＮ")).toBe("cotton");
    expect(nameKey("Ｍａｉｎ　１")).toBe("main 1");
    // The "fi" and "ffl" ligatures are two and three letters.
    expect(nameKey("ﬁne Linen")).toBe("fine linen");
    expect(nameKey("Baﬄe")).toBe("baffle");
    // "e" + combining acute accent is the composed "é".
    expect(nameKey("Cafe\u0301")).toBe("café");
    expect(nameKey("Café")).toBe(nameKey("CAFE\u0301"));
  });
});

describe("isoDateSchema", () => {
  const issues = (value: unknown) => {
    const r = isoDateSchema.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it("accepts real calendar dates yyyy-MM-dd, leap days included", () => {
    for (const d of ["2024-03-05", "2024-02-29", "2000-01-01", "1999-12-31"])
      expect(issues(d), d).toEqual([]);
  });

  it("refuses anything around the date: the pattern is anchored at both ends", () => {
    for (const d of ["x2024-03-05", "2024-03-05x", "2024-03-05T00:00:00Z", " 2024-03-05", "12024-03-05"]) {
      expect(issues(d), d).toContain("Use the date format yyyy-MM-dd");
    }
    for (const d of ["2024-3-5", "24-03-05", "2024/03/05", "05-03-2024"]) {
      expect(issues(d), d).toContain("Use the date format yyyy-MM-dd");
    }
  });

  it("refuses days that do not exist with its own message", () => {
    for (const d of ["2023-02-29", "2024-02-30", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00"]) {
      expect(issues(d), d).toEqual(["Not a real calendar date"]);
    }
  });
});

describe("apiErrorSchema (the error body every 4xx answers with)", () => {
  it("keeps message, code, messageCode, params and coded issues", () => {
    const body = {
      message: "supplierId: Supplier is required",
      code: "VALIDATION_ERROR",
      messageCode: "AT_FIELD",
      params: { path: "supplierId", detail: "Supplier is required" },
      issues: [
        { path: "supplierId", message: "Supplier is required", code: "SUPPLIER_REQUIRED", params: {} },
      ],
    };
    expect(apiErrorSchema.parse(body)).toEqual(body);
    const gone = {
      message: "That roll does not exist.",
      code: "NOT_FOUND",
      messageCode: "ROLL_NOT_FOUND",
      params: {},
    };
    expect(apiErrorSchema.parse(gone)).toEqual(gone);
    expect(apiErrorSchema.safeParse({ message: "x" }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ ...gone, code: "NOT_A_CODE" }).success).toBe(false);
  });
});

const messagesOf = (schema: { safeParse(v: unknown): unknown }, value: unknown) => {
  const r = schema.safeParse(value) as { success: boolean; error?: { issues: { message: string }[] } };
  return r.success ? [] : (r.error?.issues ?? []).map((i) => i.message);
};

describe("ids in bodies: JSON integers from 1 to MAX_ID, nothing coerced", () => {
  it("accepts 1 to 2,147,483,647", () => {
    expect(MAX_ID).toBe(2_147_483_647);
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(MAX_ID)).toBe(MAX_ID);
    expect(bodyIdSchema.parse(null)).toBeNull();
    expect(bodyIdSchema.parse(undefined)).toBeUndefined();
  });

  it("words each refusal", () => {
    for (const value of ["1", true, [4], 1.5, null, Number.NaN]) {
      expect(messagesOf(idSchema, value), JSON.stringify(value)).toEqual(["Must be an id (a whole number)"]);
    }
    expect(messagesOf(idSchema, 0)).toEqual(["Must be a positive id"]);
    expect(messagesOf(idSchema, -3)).toEqual(["Must be a positive id"]);
    expect(messagesOf(idSchema, MAX_ID + 1)).toEqual(["Id is too large"]);
  });
});

describe("ids in paths and query strings: canonical digits only", () => {
  const TEXT = `Must be an id: a whole number from 1 to ${MAX_ID}, in digits only`;

  it("reads the digits of 1 to MAX_ID", () => {
    expect(idTextSchema.parse("1")).toBe(1);
    expect(idTextSchema.parse("907")).toBe(907);
    expect(idTextSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(idParamsSchema.parse({ id: "42" })).toEqual({ id: 42 });
    for (const text of ["1", "10", "907", "2147483647"]) expect(ID_TEXT.test(text), text).toBe(true);
  });

  it("refuses every other spelling with one message", () => {
    for (const text of ["0", "01", "+1", "-1", " 1", "1 ", "0x1", "1e0", "1.0", "1a", "a1", "", "abc"]) {
      expect(ID_TEXT.test(text), text).toBe(false);
      expect(messagesOf(idTextSchema, text), text).toEqual([TEXT]);
    }
    expect(messagesOf(idTextSchema, String(MAX_ID + 1))).toEqual([TEXT]);
    expect(messagesOf(idTextSchema, 0)).toEqual([TEXT]);
    // Only text is read as digits: an array that would print as digits is not an id.
    expect(messagesOf(idTextSchema, [7])).toEqual([TEXT]);
    expect(idTextSchema.parse(7)).toBe(7);
    expect(messagesOf(idParamsSchema, { id: "x" })).toEqual([TEXT]);
  });
});

describe("text rules report zod custom issues", () => {
  it("a control character in a name is a custom issue with the contract's message", () => {
    const r = requiredText("Name is required").safeParse("A\u0000B");
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ code: "custom", message: "Must not contain control characters" }),
    ]);
  });
});

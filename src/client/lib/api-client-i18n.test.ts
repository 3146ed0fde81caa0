import { afterEach, expect, it, vi } from "vitest";
import { compileMessage } from "../../../scripts/lib/i18n-catalogs";
import { api, errorMessage } from "./api-client";

/**
 * The errors' messages are not in the first load (issue 35's budget): an Indonesian reader's error
 * answer brings them before it is shown, so the message is in Indonesian from the start.
 */
afterEach(() => {
  vi.unstubAllGlobals();
});

it("fetches the errors' catalog with an Indonesian reader's first error answer, then says it in Indonesian", async () => {
  const store = await import("../i18n/store");
  const errorsId = vi.fn(async () => ({
    "errors.WAREHOUSE_EXISTS": compileMessage("Gudang {name} sudah ada."),
  }));
  const errorsEn = vi.fn(async () => ({
    "errors.WAREHOUSE_EXISTS": compileMessage("Warehouse {name} already exists."),
  }));
  store.registerLoaders({ id: { shell: async () => ({}), errors: errorsId }, en: { errors: errorsEn } });
  await store.setLocale({ language: "id", lengthUnit: "m" });
  expect(errorsId).not.toHaveBeenCalled();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      Response.json(
        {
          message: "Warehouse Main already exists.",
          code: "DUPLICATE",
          messageCode: "WAREHOUSE_EXISTS",
          params: { name: "Main" },
        },
        { status: 409 },
      ),
    ),
  );
  const error = await api.post("/api/warehouses", { name: "Main" }).catch((e: unknown) => e);
  expect(errorsId).toHaveBeenCalledTimes(1);
  expect(errorMessage(error)).toBe("Gudang Main sudah ada.");
});

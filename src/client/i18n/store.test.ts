import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Catalog } from "./message";

/**
 * The catalogs in parts (issue 35's first-load budget): a screen's Indonesian arrives with the
 * screen, and a switch of language waits for every part the app has asked for, so nothing shows
 * half a language. A fresh store per test (it is the app's one locale).
 */
type Store = typeof import("./store");
let store: Store;

/** A loader the test answers when it likes, counting its calls. */
function held(catalog: Catalog) {
  let answer = () => {};
  const calls = { count: 0 };
  const load = () => {
    calls.count++;
    return new Promise<Catalog>((resolve) => {
      answer = () => resolve(catalog);
    });
  };
  return { load, calls, answer: () => answer() };
}

beforeEach(async () => {
  vi.resetModules();
  store = await import("./store");
  store.provideCatalog("en", { "layout.title": "Dashboard" }, "shell");
});

describe("the catalogs' parts", () => {
  it("switch the language only once every part asked for is here in it", async () => {
    const shell = held({ "layout.title": "Dasbor" });
    const form = held({ "transactions.save": "Simpan" });
    store.provideCatalog("en", { "transactions.save": "Save" }, "route/transaction-form");
    store.registerLoaders(
      { id: { shell: shell.load, "route/transaction-form": form.load } },
      { "transaction-form": ["route/transaction-form"] },
    );
    await store.loadRouteMessages("transaction-form"); // English: in the code, nothing fetched
    expect(form.calls.count).toBe(0);

    const switching = store.setLocale({ language: "id", lengthUnit: "m" });
    shell.answer();
    await Promise.resolve();
    await Promise.resolve();
    // The shell is here, the screen's words are not: still English, and not ready.
    expect(store.getLocale().language).toBe("en");
    expect(store.hasCatalog("id")).toBe(false);
    expect(store.translate("transactions.save")).toBe("Save");
    form.answer();
    await switching;
    expect(store.getLocale()).toEqual({ language: "id", lengthUnit: "m" });
    expect(store.translate("layout.title")).toBe("Dasbor");
    expect(store.translate("transactions.save")).toBe("Simpan");
    expect([shell.calls.count, form.calls.count]).toEqual([1, 1]);
  });

  it("fetch a screen's part in the language the app is heading for, with the errors' English for a form", async () => {
    const inventory = held({ "inventory.title": "Status Persediaan" });
    const errorsId = held({ "errors.X": "Nama gudang wajib diisi" });
    const errorsEn = held({ "errors.X": "Warehouse name is required" });
    store.registerLoaders(
      {
        id: {
          shell: async () => ({ "layout.title": "Dasbor" }),
          "route/inventory": inventory.load,
          errors: errorsId.load,
        },
        en: { errors: errorsEn.load },
      },
      { inventory: ["route/inventory"], "transaction-form": ["errors"] },
    );
    await store.setLocale({ language: "id", lengthUnit: "yd" });
    const screen = store.loadRouteMessages("inventory");
    const form = store.loadRouteMessages("transaction-form");
    expect([inventory.calls.count, errorsId.calls.count, errorsEn.calls.count]).toEqual([1, 1, 1]);
    inventory.answer();
    await screen;
    expect(store.translate("inventory.title")).toBe("Status Persediaan");
    errorsId.answer();
    errorsEn.answer();
    await form;
    // A schema's English sentence is recognised and said in Indonesian.
    expect(store.translateMessage("Warehouse name is required")).toBe("Nama gudang wajib diisi");
  });

  it("leave English as it is when a part cannot be fetched, and fetch it again on the next try", async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new TypeError("offline");
      return { "layout.title": "Dasbor" };
    });
    store.registerLoaders({ id: { shell: load } });
    await expect(store.setLocale({ language: "id", lengthUnit: "yd" })).rejects.toThrow("offline");
    expect(store.getLocale().language).toBe("en");
    expect(store.translate("layout.title")).toBe("Dashboard");
    fail = false;
    await store.setLocale({ language: "id", lengthUnit: "yd" });
    expect(store.translate("layout.title")).toBe("Dasbor");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("fetch nothing for an English reader's errors (the server's sentence is shown as it is)", async () => {
    const errorsEn = vi.fn(async () => ({ "errors.X": "x" }));
    store.registerLoaders({ en: { errors: errorsEn } });
    await store.loadMessages("errors");
    expect(errorsEn).not.toHaveBeenCalled();
    expect(store.hasCatalog("en")).toBe(true);
  });
});

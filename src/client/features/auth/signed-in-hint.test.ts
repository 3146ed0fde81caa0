import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SIGNED_IN_HINT } from "../../../domain/signed-in-hint";
import { replaceSignedInUser } from "./api/replace-signed-in-user";
import { rememberSignedIn, wasSignedIn } from "./signed-in-hint";

/** A document whose cookie keeps what was last written, as a browser does for one cookie. */
class FakeDocument {
  private jar = new Map<string, string>();
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  set cookie(text: string) {
    const [pair = "", ...attributes] = text.split("; ");
    const [name = "", value = ""] = pair.split("=");
    if (attributes.some((a) => a.toLowerCase() === "max-age=0")) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

describe("the signed-in hint (start-up prefetch only when this browser was signed in)", () => {
  const saved = globalThis.document;
  beforeEach(() => {
    (globalThis as { document: unknown }).document = new FakeDocument();
  });
  afterEach(() => {
    (globalThis as { document: unknown }).document = saved;
  });

  it("is remembered and forgotten", () => {
    expect(wasSignedIn()).toBe(false);
    rememberSignedIn(true);
    expect(wasSignedIn()).toBe(true);
    expect(document.cookie).toBe(`${SIGNED_IN_HINT}=1`);
    rememberSignedIn(false);
    expect(wasSignedIn()).toBe(false);
  });

  it("follows sign-in and sign-out at once, before any render (a reload right after signing out asks for nothing)", () => {
    const queryClient = new QueryClient();
    const user = { id: 1, username: "admin", role: "admin" as const, isActive: true };
    replaceSignedInUser(queryClient, { user, setupRequired: false } as never);
    expect(wasSignedIn()).toBe(true);
    replaceSignedInUser(queryClient, { user: null, setupRequired: false });
    expect(wasSignedIn()).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, buildUrl, errorMessage } from "./api-client";

function mockFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api-client", () => {
  it("sends mutations as JSON, with {} when there is no body, and extra headers", async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    await api.post("/api/auth/logout", undefined, { headers: { "Idempotency-Key": "k1" } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/logout");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe("{}");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.headers).toMatchObject({ "Content-Type": "application/json", "Idempotency-Key": "k1" });
  });

  it("sends GET without a body and parses JSON", async () => {
    const fetchMock = mockFetch(Response.json([{ id: 1 }]));
    await expect(api.get("/api/users")).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it("throws ApiError with the server's message, code and issues", async () => {
    mockFetch(
      Response.json(
        {
          message: "Invalid username or password.",
          code: "UNAUTHORIZED",
          issues: [{ path: "x", message: "y" }],
        },
        { status: 401 },
      ),
    );
    const error = await api.post("/api/auth/login", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      message: "Invalid username or password.",
      issues: [{ path: "x", message: "y" }],
    });
  });

  it("carries the message's code and params, and each issue's, so a screen can say them in Indonesian", async () => {
    mockFetch(
      Response.json(
        {
          message: "Roll R000042 holds 3.00 yards; 5.00 requested. Nothing was saved.",
          code: "INSUFFICIENT_STOCK",
          messageCode: "ROLL_HOLDS_LESS_ONE",
          params: { roll: "R000042", holds: "3.00", requested: "5.00" },
          issues: [
            {
              path: "items.0.yards",
              message: "Roll R000042 holds 3.00 yards; 5.00 requested.",
              code: "ROLL_HOLDS_LESS",
              params: { roll: "R000042", holds: "3.00", requested: "5.00" },
            },
          ],
        },
        { status: 409 },
      ),
    );
    const error = await api.post("/api/transactions/cut", {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "INSUFFICIENT_STOCK",
      message: "Roll R000042 holds 3.00 yards; 5.00 requested. Nothing was saved.",
      messageCode: "ROLL_HOLDS_LESS_ONE",
      params: { roll: "R000042", holds: "3.00", requested: "5.00" },
      issues: [{ path: "items.0.yards", code: "ROLL_HOLDS_LESS", params: { roll: "R000042" } }],
    });
  });

  it('says "<status>: <text>" when the answer has no JSON message', async () => {
    mockFetch(new Response("Bad Gateway from proxy", { status: 502 }));
    await expect(api.get("/api/x")).rejects.toMatchObject({
      status: 502,
      message: "502: Bad Gateway from proxy",
    });
  });

  it("can answer null on 401 instead of throwing", async () => {
    mockFetch(Response.json({ message: "Sign in", code: "UNAUTHORIZED" }, { status: 401 }));
    await expect(api.get("/api/x", { on401: "returnNull" })).resolves.toBeNull();
  });

  it("builds query strings without empty values", () => {
    expect(buildUrl("/api/stock-levels", { type: "Cotton", warehouse: 3, batch: "", color: undefined })).toBe(
      "/api/stock-levels?type=Cotton&warehouse=3",
    );
  });

  it("prefers the server's message, then the caller's fallback", () => {
    expect(errorMessage(new ApiError(409, "CONFLICT", "In use."), "Failed to delete warehouse.")).toBe(
      "In use.",
    );
    expect(errorMessage(new Error("boom"), "Failed to delete warehouse.")).toBe(
      "Failed to delete warehouse.",
    );
  });
});

import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { type IdleMemoryOptions, idleMemory, releaseMemory, rssMb } from "./plugins/idle-memory";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let open: ReturnType<typeof Fastify> | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

async function appWith(options: Partial<IdleMemoryOptions>) {
  const app = Fastify();
  await app.register(idleMemory, { idleMs: 40, aboveMb: 0, minIntervalMs: 0, ...options });
  app.get("/fast", async () => ({ ok: true }));
  app.get<{ Querystring: { ms: string } }>("/slow", async (request) => {
    await sleep(Number(request.query.ms));
    return { ok: true };
  });
  open = app;
  return app;
}

describe("giving memory back when the server is quiet (decision 012)", () => {
  it("releases once after the last answer, after the quiet time, not again until another request", async () => {
    const app = await appWith({});
    await app.inject("/fast");
    expect(app.idleMemoryReleases()).toBe(0); // not at once
    await sleep(150);
    expect(app.idleMemoryReleases()).toBe(1);
    await sleep(150);
    expect(app.idleMemoryReleases()).toBe(1); // quiet stays quiet: nothing to give back twice
    await app.inject("/fast");
    await sleep(150);
    expect(app.idleMemoryReleases()).toBe(2);
  });

  it("waits while a request is in flight, and a new request puts it off", async () => {
    const app = await appWith({ idleMs: 100 });
    const slow = app.inject("/slow?ms=400");
    await sleep(20);
    await app.inject("/fast"); // answered while the slow one is still in flight
    await sleep(250);
    expect(app.idleMemoryReleases()).toBe(0);
    await slow;
    // Requests closer together than the quiet time keep putting it off.
    for (let i = 0; i < 5; i++) {
      await sleep(50);
      await app.inject("/fast");
    }
    expect(app.idleMemoryReleases()).toBe(0);
    await sleep(250);
    expect(app.idleMemoryReleases()).toBe(1);
  });

  it("does nothing while the RSS is under its mark, nor more often than its interval", async () => {
    const under = await appWith({ aboveMb: 1_000_000 });
    await under.inject("/fast");
    await sleep(150);
    expect(under.idleMemoryReleases()).toBe(0);
    await under.close();

    const seldom = await appWith({ minIntervalMs: 60_000 });
    await seldom.inject("/fast");
    await sleep(150);
    await seldom.inject("/fast");
    await sleep(150);
    expect(seldom.idleMemoryReleases()).toBe(1);
  });

  it("gives V8's pooled pages back: RSS falls well below where an ordinary collection leaves it", () => {
    // ~250 MB of short-lived objects, the shape of a whole-list answer made many times over.
    let made = 0;
    for (let k = 0; k < 12; k++) {
      const rows = Array.from({ length: 54_000 }, (_, i) => ({
        id: i,
        code: `MAT-${i}`,
        name: `Cotton ${i % 97}`,
        batch: `B${i}`,
        yards: i * 1.5,
      }));
      made += JSON.stringify(rows).length;
    }
    expect(made).toBeGreaterThan(0);
    const before = rssMb();
    const freed = releaseMemory();
    expect(freed).not.toBeNull();
    expect(freed?.beforeMb).toBeGreaterThan(before - 20);
    // The pooled pages alone are ~100 MB after the loop above; an ordinary major GC frees none.
    expect(freed?.afterMb).toBeLessThan((freed?.beforeMb ?? 0) - 60);
  });
});

describe("IDLE_RELEASE_ABOVE_MB", () => {
  it("is 160 unless set, 0 turns it off, anything else but a whole number of MB stops the start", () => {
    expect(loadEnv({}).IDLE_RELEASE_ABOVE_MB).toBe(160);
    expect(loadEnv({ IDLE_RELEASE_ABOVE_MB: "0" }).IDLE_RELEASE_ABOVE_MB).toBe(0);
    expect(loadEnv({ IDLE_RELEASE_ABOVE_MB: "300" }).IDLE_RELEASE_ABOVE_MB).toBe(300);
    for (const bad of ["-1", "1.5", "lots"])
      expect(() => loadEnv({ IDLE_RELEASE_ABOVE_MB: bad }), bad).toThrow(/IDLE_RELEASE_ABOVE_MB/);
  });
});

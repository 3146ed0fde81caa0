import { expect, it } from "vitest";
import { createMasterData, receiveOk, snapshot, TEST_DATE } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * Today plus `days` in this machine's calendar (the server's date: the app runs in this process),
 * computed here rather than with the domain's dates, which the server checks with.
 */
function localDatePlus(days: number): string {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
}

/** CONTRACT.md section 10: a reversal is dated from its original's date to tomorrow, today when not given. */
describeEachDialect("a reversal's date", (ctx) => {
  const db = () => ctx().db.kysely;
  const reverse = (id: number, extra: Record<string, unknown>) =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/reverse`,
      payload: { reason: "Keyed twice", ...extra },
      role: "clerk",
    });
  const receipt = async () => {
    const m = await createMasterData(db(), 1, 1);
    const received = await receiveOk(ctx(), m, [{ materialId: m.materials[0], batch: "D", yards: 5 }]);
    return received.header.id as number;
  };

  it("refuses a date after tomorrow with 400 on transactionDate, naming the range, and writes nothing", async () => {
    const id = await receipt();
    const before = await snapshot(db());
    const res = await reverse(id, { transactionDate: localDatePlus(2) });
    expect(res.statusCode, res.body).toBe(400);
    const message = `The reversal's date must be between the transaction's date (${TEST_DATE}) and tomorrow (${localDatePlus(1)}).`;
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toMatchObject([{ path: "transactionDate", message }]);
    expect(await snapshot(db())).toEqual(before);
  });

  it("takes tomorrow and the original's own date, and today when no date is given", async () => {
    const tomorrow = await reverse(await receipt(), { transactionDate: localDatePlus(1) });
    expect(tomorrow.statusCode, tomorrow.body).toBe(201);
    expect(tomorrow.json().header.transactionDate).toBe(localDatePlus(1));
    const sameDay = await reverse(await receipt(), { transactionDate: TEST_DATE });
    expect(sameDay.statusCode, sameDay.body).toBe(201);
    expect(sameDay.json().header.transactionDate).toBe(TEST_DATE);
    const undated = await reverse(await receipt(), {});
    expect(undated.statusCode, undated.body).toBe(201);
    expect(undated.json().header.transactionDate).toBe(localDatePlus(0));
  });
});

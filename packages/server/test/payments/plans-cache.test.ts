import type { PlansResponse } from "@agency/contract";
import { PlansCache, matchesEtag } from "../../src/payments/plans-cache";

const plan = (name: string, price = 49): PlansResponse => ({
  plans: [{ id: "pro", name, description: "", price_monthly: price, price_yearly: price * 10, currency: "EUR", features: [] }],
});

describe("the plans cache", () => {
  it("reads each language once per minute, and again after the minute", async () => {
    let clock = 0;
    const reads: string[] = [];
    const cache = new PlansCache(async (locale) => (reads.push(locale), plan(locale)), 60_000, () => clock);
    await Promise.all([cache.get("nl"), cache.get("nl"), cache.get("en")]);
    await cache.get("nl");
    expect(reads).toEqual(["nl", "en"]);
    clock = 59_999;
    await cache.get("nl");
    expect(reads).toEqual(["nl", "en"]);
    clock = 60_000;
    expect(JSON.parse((await cache.get("nl")).json)).toEqual(plan("nl"));
    expect(reads).toEqual(["nl", "en", "nl"]);
  });

  it("keeps no failed read and no read that an invalidation overtook", async () => {
    let price = 49;
    let fail = true;
    let release: () => void = () => {};
    let gate: Promise<void> | null = null;
    const cache = new PlansCache(async () => {
      if (fail) throw new Error("database down");
      const read = price;
      if (gate) await gate;
      return plan("Pro", read);
    });
    await expect(cache.get("en")).rejects.toThrow("database down");
    fail = false;
    expect(JSON.parse((await cache.get("en")).json).plans[0].price_monthly).toBe(49);

    cache.invalidate();
    gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.get("en");
    await Promise.resolve();
    // The plans change while that read is under way.
    cache.invalidate();
    price = 59;
    gate = null;
    release();
    expect(JSON.parse((await slow).json).plans[0].price_monthly).toBe(49);
    expect(JSON.parse((await cache.get("en")).json).plans[0].price_monthly).toBe(59);
  });

  it("refuses to keep an answer that does not match the contract's schema", async () => {
    const cache = new PlansCache(async () => ({ plans: [{ id: "pro" }] }) as unknown as PlansResponse);
    await expect(cache.get("en")).rejects.toThrow(/does not match its schema/);
  });

  it("compares ETags weakly, in lists and with *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

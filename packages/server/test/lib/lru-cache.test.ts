import { LruCache } from "../../src/lib/lru-cache";

describe("LruCache", () => {
  it("forgets the entry used least recently when full, one at a time", () => {
    const cache = new LruCache<string, number>(3);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect(cache.get("a")).toBe(1);
    cache.set("d", 4);
    expect(cache.has("b")).toBe(false);
    expect([cache.get("a"), cache.get("c"), cache.get("d")]).toEqual([1, 3, 4]);
    expect(cache.size).toBe(3);
  });

  it("moves an entry that is set again to the end, and refuses a limit below one", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("a", 10);
    cache.set("c", 3);
    expect(cache.has("b")).toBe(false);
    expect(cache.get("a")).toBe(10);
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});

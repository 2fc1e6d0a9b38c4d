import { afterEach, describe, expect, it, vi } from "vitest";
import { messagesOf, type ElementCatalog } from "../element-messages";

afterEach(() => vi.restoreAllMocks());

const shared: ElementCatalog = { nl: { a: "gedeeld" }, en: { a: "shared" } };

describe("an element's messages", () => {
  it("are at hand in Dutch at once, merged in order", () => {
    const english = vi.fn(async () => ({ messages: { b: "own" } }));
    const messages = messagesOf([shared, { nl: { a: "eigen", b: "eigen" }, en: english }], "nl");
    expect(messages("nl")).toEqual({ a: "eigen", b: "eigen" });
    expect(english).not.toHaveBeenCalled();
  });

  it("arrive in English with their module, which is loaded once, and are at hand from then on", async () => {
    const english = vi.fn(async () => ({ messages: { b: "own" } }));
    const catalog: ElementCatalog = { nl: { b: "eigen" }, en: english };
    const first = messagesOf([shared, catalog], "nl");
    const second = messagesOf([shared, catalog], "nl");
    const pending = first("en");
    expect(pending).toBeInstanceOf(Promise);
    expect(first("en")).toBe(pending);
    expect(await pending).toEqual({ a: "shared", b: "own" });
    expect(first("en")).toEqual({ a: "shared", b: "own" });
    expect(await second("en")).toEqual({ a: "shared", b: "own" });
    expect(english).toHaveBeenCalledTimes(1);
  });

  it("stay Dutch when the English ones cannot be loaded", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const messages = messagesOf([{ nl: { b: "eigen" }, en: () => Promise.reject(new Error("offline")) }], "nl");
    expect(await messages("en")).toEqual({ b: "eigen" });
    expect(messages("en")).toEqual({ b: "eigen" });
    expect(error).toHaveBeenCalled();
  });
});

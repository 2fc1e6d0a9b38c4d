import { describe, expect, it } from "vitest";
import { documentTitle, MAX_TITLE_LENGTH } from "../page-meta";

describe("documentTitle", () => {
  it("is the page's title and the site's name", () => {
    expect(documentTitle("Pricing")).toBe("Pricing | Pixelwerf");
  });

  it("keeps a long title's headline, so no title is longer than search results show", () => {
    expect(documentTitle("AI-Assisted Website Building: Faster Sites Without Cutting Corners")).toBe("AI-Assisted Website Building | Pixelwerf");
    expect(documentTitle("Why Website Speed Matters (and How to Make Your Site Faster)")).toBe("Why Website Speed Matters | Pixelwerf");
    const long = documentTitle("A headline without any colon that simply goes on and on and on for ever more");
    expect(long.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(long).toMatch(/^A headline without any colon .*\S… \| Pixelwerf$/);
  });
});

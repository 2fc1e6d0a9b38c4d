import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "../markdown-plugin";

const FRONT = "---\ntitle: T\ndescription: D\nlastUpdated: 5 January 2025\n---\n";
const LEGAL = join(import.meta.dirname, "../content/legal");

describe("the site's Markdown content, parsed at build time", () => {
  it("hands over the front matter and the blocks, with a 'Table:' line as the table's caption", () => {
    const document = parseDocument(
      "doc.md",
      `${FRONT}Intro with **bold** and a [link](/en/terms),\nover two lines.\n\n## 1. First\n\n- one\n- two\n\nTable: Cookies\n\n| Name | Kind |\n| --- | --- |\n| a | b |\n`,
    );
    expect(document.attributes).toEqual({ title: "T", description: "D", lastUpdated: "5 January 2025" });
    expect(document.blocks).toEqual([
      {
        type: "paragraph",
        tokens: [
          { type: "text", text: "Intro with " },
          { type: "strong", tokens: [{ type: "text", text: "bold" }] },
          { type: "text", text: " and a " },
          { type: "link", href: "/en/terms", tokens: [{ type: "text", text: "link" }] },
          { type: "text", text: ", over two lines." },
        ],
      },
      { type: "heading", depth: 2, tokens: [{ type: "text", text: "1. First" }] },
      { type: "list", ordered: false, items: [[{ type: "text", text: "one" }], [{ type: "text", text: "two" }]] },
      {
        type: "table",
        caption: "Cookies",
        header: [[{ type: "text", text: "Name" }], [{ type: "text", text: "Kind" }]],
        rows: [[[{ type: "text", text: "a" }], [{ type: "text", text: "b" }]]],
      },
    ]);
  });

  it.each([
    ["a missing front-matter key", "---\ntitle: T\ndescription: D\n---\nText", /doc\.md: front matter 'lastUpdated' is required/],
    ["front matter that is not text", "---\ntitle: T\ndescription: D\nlastUpdated: 2025-01-05\n---\nText", /front matter 'lastUpdated' must be text/],
    ["JavaScript front matter", "---js\n{ title: 'T' }\n---\nText", /JavaScript front matter is not allowed/],
    ["raw HTML", `${FRONT}<script>alert(1)</script>`, /Markdown 'html' is not allowed/],
    ["inline HTML", `${FRONT}Text <img src=x onerror=alert(1)>`, /Markdown 'html' is not allowed/],
    ["an image", `${FRONT}![x](https://example.com/x.png)`, /Markdown 'image' is not allowed/],
    ["a caption without its table", `${FRONT}Table: Cookies\n\nText`, /'Table: Cookies' is not followed by a table/],
  ])("stops the build on %s, naming the file", (_case, source, error) => {
    expect(() => parseDocument("doc.md", source)).toThrow(error);
  });

  it("has every legal document in Dutch and English, with the same numbered sections in both", () => {
    const files = readdirSync(LEGAL).filter((file) => file.endsWith(".md"));
    const names = [...new Set(files.map((file) => file.replace(/\.(nl|en)\.md$/, "")))].sort();
    expect(names).toEqual(["cookie-policy", "privacy-policy", "terms"]);
    for (const name of names) {
      const [nl, en] = (["nl", "en"] as const).map((locale) =>
        parseDocument(`${name}.${locale}.md`, readFileSync(join(LEGAL, `${name}.${locale}.md`), "utf8")),
      );
      const numbers = (document: typeof nl) =>
        document!.blocks.flatMap((block) => (block.type === "heading" && block.depth === 2 && block.tokens[0]?.type === "text" ? [block.tokens[0].text.split(" ")[0]] : []));
      expect(numbers(nl), name).toEqual(numbers(en));
    }
  });
});

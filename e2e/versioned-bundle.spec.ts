import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { API_ORIGIN } from "./helpers";

const { version } = JSON.parse(readFileSync(new URL("../packages/widgets/package.json", import.meta.url), "utf8")) as { version: string };
/** The bundle's path in the embed snippet of packages/widgets/README.md (the first `<script src>` in it). */
const embedSection = readFileSync(new URL("../packages/widgets/README.md", import.meta.url), "utf8");
const embedPath = new URL(/<script type="module" src="([^"]+)"><\/script>/.exec(embedSection)![1]!).pathname;

// What the documentation tells a partner to paste: the bundle from /widgets/v1/. (The page is made up by the test; on a
// made-up page of another origin Chromium refuses the loopback address, so it stands on the server's own origin.)
test.describe("the versioned bundle URL", () => {
  test("the documentation tells partners to load the bundle from /widgets/v1/, and so do the example pages", () => {
    expect(embedPath).toBe("/widgets/v1/agency-widgets.js");
    for (const file of readdirSync(new URL("../examples/", import.meta.url)).filter((f) => f.endsWith(".html"))) {
      const html = readFileSync(new URL(`../examples/${file}`, import.meta.url), "utf8");
      for (const [, src] of html.matchAll(/<script[^>]+src="([^"]*\/widgets\/[^"]+)"/g)) expect(src, file).toMatch(/^\/widgets\/v1\//);
    }
  });

  test("a partner page loading /widgets/v1/ gets every file from there, reports the exact version and renders", async ({ page }) => {
    const bundleAnswers: Array<{ url: string; status: number; cacheControl: string | undefined }> = [];
    page.on("response", (response) => {
      if (response.url().startsWith(`${API_ORIGIN}/widgets/`)) {
        bundleAnswers.push({ url: response.url(), status: response.status(), cacheControl: response.headers()["cache-control"] });
      }
    });
    await page.route(`${API_ORIGIN}/partner-embed-test.html`, (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body:
          `<!doctype html><html lang="en"><title>Partner</title>` +
          `<script type="module" src="${embedPath}"></script>` +
          `<agency-pricing locale="en" show-included></agency-pricing></html>`,
      }),
    );
    await page.goto(`${API_ORIGIN}/partner-embed-test.html`);

    await expect(page.locator("agency-pricing").getByRole("heading", { name: "What's Included" })).toBeVisible();
    expect(await page.evaluate(() => window.AgencyWidgets?.version)).toBe(version);

    const entry = bundleAnswers.find((answer) => answer.url === `${API_ORIGIN}/widgets/v1/agency-widgets.js`);
    expect(entry).toMatchObject({ status: 200, cacheControl: "public, max-age=300, stale-while-revalidate=86400" });
    // Its chunks come from the same versioned folder, and all load.
    expect(bundleAnswers.length).toBeGreaterThan(1);
    for (const answer of bundleAnswers) {
      expect(answer.url.startsWith(`${API_ORIGIN}/widgets/v1/`), answer.url).toBe(true);
      expect(answer.status, answer.url).toBe(200);
    }
  });
});

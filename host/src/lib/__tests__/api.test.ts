import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hostApi } from "../api";

// The page's address says Dutch (no /en prefix); the language the route passes down is what the API hears.
const languages: (string | null)[] = [];
const server = setupServer(
  http.get("*/api/lang", ({ request }) => {
    languages.push(request.headers.get("accept-language"));
    return HttpResponse.json({ ok: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

it("asks the API in the language it is given, not the one it would read from the address", async () => {
  expect(location.pathname).not.toMatch(/^\/en(\/|$)/);
  await hostApi("en").get("/lang");
  await hostApi("nl").get("/lang");
  expect(languages).toEqual([expect.stringMatching(/^en/), expect.stringMatching(/^nl/)]);
});

import { RELATED_ORIGIN_LABELS, readRelatedOrigins } from "../../src/auth-factors/related-origins";
import { buildTestApp, captureLogs, type TestApp } from "../support/helpers";

/**
 * Browsers honour the related origins of /.well-known/webauthn up to five registrable domain labels, in the order
 * listed. A start with more says which origins are past the limit, and those pages are told passkeys do not work
 * there, so agency-login offers none.
 */

const SITE = "https://agency.example";
// Seven partner origins, six labels besides the site's own: the two shop.* share one label with their .com.
const PARTNERS = [
  "https://www.bakery.nl",
  "https://shop.bakery.co.uk",
  "https://florist.example",
  "https://garage.nl",
  "https://dentist.be",
  "https://plumber.de",
  "https://tailor.fr",
];

describe("reading the list as a browser does", () => {
  it("honours the first five labels, an origin of a label already counted, and nothing without a registrable domain", async () => {
    const { honoured, pastLimit } = await readRelatedOrigins([SITE, ...PARTNERS, "https://bakery.com", "http://127.0.0.1:8081"]);
    expect(RELATED_ORIGIN_LABELS).toBe(5);
    // agency, bakery, florist, garage, dentist: five labels.
    expect([...honoured]).toEqual([SITE, ...PARTNERS.slice(0, 5), "https://bakery.com"]);
    expect(pastLimit).toEqual(["https://plumber.de", "https://tailor.fr"]);
  });
});

describe("a start with more related origins than browsers honour", () => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: SITE, ALLOWED_ORIGINS: PARTNERS.join(","), LOG_LEVEL: "warn" }, logStream: logs.logStream });
  });
  afterAll(() => t?.close());

  it("warns at start and names the origins past the limit", () => {
    const warnings = logs.lines.map((line) => JSON.parse(line) as { level: number; msg: string; pastLimit?: string[] }).filter((entry) => entry.pastLimit);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(warnings[0]!.pastLimit).toEqual(["https://plumber.de", "https://tailor.fr"]);
    expect(warnings[0]!.msg).toContain("passkeys will not work on https://plumber.de, https://tailor.fr");
  });

  it("tells each page whether passkeys work there", async () => {
    const available = async (origin?: string) => {
      const res = await t.app.inject({ method: "GET", url: "/api/auth/passkey/available", headers: origin ? { origin } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/origin/i);
      return (res.json() as { available: boolean }).available;
    };
    expect(await available()).toBe(true);
    expect(await available(SITE)).toBe(true);
    expect(await available("https://garage.nl")).toBe(true);
    expect(await available("https://plumber.de")).toBe(false);
    expect(await available("https://stranger.example")).toBe(false);
  });

  it("says nothing within the limit", async () => {
    const quiet = captureLogs();
    // On the same database: a second one would cost the file seconds.
    const within = await buildTestApp({ db: t.db, env: { PUBLIC_URL: SITE, ALLOWED_ORIGINS: PARTNERS.slice(0, 4).join(","), LOG_LEVEL: "warn" }, logStream: quiet.logStream });
    try {
      expect(quiet.text()).not.toContain("pastLimit");
    } finally {
      await within.close();
    }
  });
});

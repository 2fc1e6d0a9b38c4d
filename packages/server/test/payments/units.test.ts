import { createServer, type AddressInfo, type Socket } from "node:net";
import { ConfigError, loadConfig } from "../../src/config";
import { createStripeClient } from "../../src/payments/stripe/client";
import { periodContaining, periodEnd } from "../../src/payments/billing-period";
import { escapeHtml, testPageCsp } from "../../src/payments/local/test-pages";

/** Pure parts of the payments work: Stripe settings validation, billing-period arithmetic, page helpers. */

const env = (extra: Record<string, string>) => ({ NODE_ENV: "test", DATA_DIR: "/tmp/agency-units", ...extra });
const fullStripe = {
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  STRIPE_PRICE_MONTHLY: "price_m",
  STRIPE_PRICE_YEARLY: "price_y",
};

function problems(extra: Record<string, string>): string[] {
  try {
    loadConfig(env(extra), "/");
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe("Stripe settings", () => {
  it("uses no Stripe (the local test checkout) when none is set", () => {
    const config = loadConfig(env({}), "/");
    expect(config.stripe).toMatchObject({ secretKey: undefined, checkout: "hosted" });
  });

  it("accepts a complete set, hosted by default", () => {
    expect(problems(fullStripe)).toEqual([]);
    expect(loadConfig(env(fullStripe), "/").stripe.checkout).toBe("hosted");
  });

  it("refuses a partial set and names what is missing, so payments never fall back to the test checkout silently", () => {
    const found = problems({ STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_PRICE_MONTHLY: "price_m" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_YEARLY are missing/);
  });

  it("catches keys pasted into the wrong setting", () => {
    expect(problems({ ...fullStripe, STRIPE_SECRET_KEY: "pk_test_abc" })).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY must look like sk_test_/)]);
    expect(problems({ ...fullStripe, STRIPE_PRICE_YEARLY: "prod_123" })).toEqual([expect.stringMatching(/^STRIPE_PRICE_YEARLY must look like price_/)]);
    expect(problems({ ...fullStripe, STRIPE_WEBHOOK_SECRET: "sk_test_x" })).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET must look like whsec_/)]);
  });

  it("needs the publishable key for embedded checkout, of the same mode as the secret key", () => {
    expect(problems({ ...fullStripe, STRIPE_CHECKOUT: "embedded" })).toEqual([expect.stringMatching(/STRIPE_PUBLISHABLE_KEY is required/)]);
    expect(problems({ ...fullStripe, STRIPE_CHECKOUT: "embedded", STRIPE_PUBLISHABLE_KEY: "pk_live_x" })).toEqual([
      expect.stringMatching(/both be test keys or both be live keys/),
    ]);
    expect(problems({ ...fullStripe, STRIPE_CHECKOUT: "embedded", STRIPE_PUBLISHABLE_KEY: "pk_test_x" })).toEqual([]);
    expect(problems({ ...fullStripe, STRIPE_CHECKOUT: "embedded_page" })).toEqual([expect.stringMatching(/^STRIPE_CHECKOUT must be one of hosted, embedded/)]);
  });
});

describe("billing periods", () => {
  const at = (iso: string) => new Date(iso);

  it("adds a month or a year to the anchor", () => {
    expect(periodEnd(at("2026-03-15T09:30:00Z"), 1, "monthly").toISOString()).toBe("2026-04-15T09:30:00.000Z");
    expect(periodEnd(at("2026-03-15T09:30:00Z"), 1, "yearly").toISOString()).toBe("2027-03-15T09:30:00.000Z");
    expect(periodEnd(at("2026-12-15T00:00:00Z"), 1, "monthly").toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });

  it("keeps the anchor day across short months, like Stripe's billing anchor", () => {
    const anchor = at("2027-01-31T12:00:00Z");
    expect([1, 2, 3, 4].map((n) => periodEnd(anchor, n, "monthly").toISOString().slice(0, 10))).toEqual([
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
    ]);
    expect(periodEnd(at("2028-02-29T00:00:00Z"), 1, "yearly").toISOString().slice(0, 10)).toBe("2029-02-28");
    expect(periodEnd(at("2028-02-29T00:00:00Z"), 4, "yearly").toISOString().slice(0, 10)).toBe("2032-02-29");
  });

  it("finds the period containing a late renewal date, skipping the missed ones", () => {
    const anchor = at("2026-01-10T00:00:00Z");
    expect(periodContaining(anchor, at("2026-01-20T00:00:00Z"), "monthly")).toEqual({ start: anchor, end: at("2026-02-10T00:00:00Z") });
    expect(periodContaining(anchor, at("2026-02-10T00:00:00Z"), "monthly")).toEqual({
      start: at("2026-02-10T00:00:00Z"),
      end: at("2026-03-10T00:00:00Z"),
    });
    expect(periodContaining(anchor, at("2029-07-01T00:00:00Z"), "monthly")).toEqual({
      start: at("2029-06-10T00:00:00Z"),
      end: at("2029-07-10T00:00:00Z"),
    });
    expect(periodContaining(anchor, at("2031-01-09T00:00:00Z"), "yearly")).toEqual({
      start: at("2030-01-10T00:00:00Z"),
      end: at("2031-01-10T00:00:00Z"),
    });
  });
});

describe("test checkout page helpers", () => {
  it("escapes everything that could break out of HTML text or attributes", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe("&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#60;/a&#62;");
  });

  it("allows form posts to redirect only to the site and the checkout's own return origins", () => {
    expect(testPageCsp("n0nce", ["https://partner.example", "https://partner.example"])).toBe(
      "default-src 'none'; style-src 'nonce-n0nce'; form-action 'self' https://partner.example; frame-ancestors 'none'; base-uri 'none'",
    );
  });
});

describe("the Stripe client", () => {
  it("gives up on a Stripe that accepts the connection and never answers, instead of waiting Stripe's 80 s", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const settings = loadConfig(env({ ...fullStripe, STRIPE_API_BASE: `http://127.0.0.1:${port}` }), "/").stripe;
    const stripe = createStripeClient(settings, 300);
    const started = Date.now();
    try {
      await expect(stripe.customers.retrieve("cus_silent")).rejects.toThrow();
      // Three attempts (two retries with their back-off), each cut off at the timeout.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(sockets.length).toBe(3);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

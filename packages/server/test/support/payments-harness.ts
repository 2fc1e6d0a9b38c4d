import { Stripe } from "stripe";
import { LOCALES, type Locale } from "@agency/contract";
import { i18nFor } from "../../src/i18n";
import { buildTestApp, captureLogs, nextIp, type TestApp } from "./helpers";
import { mailText, startSmtp } from "./smtp";
import { startFakeStripe, stripeEvent, type FakeStripe } from "./fake-stripe";

/**
 * One database per test file with two apps on it, as the billing tests need them: one taking test payments (the
 * local provider) and one taking Stripe payments against the fake Stripe, both mailing to an in-process SMTP server
 * and logging into memory. Plus what the tests do as a customer: register, check out, pay, deliver webhooks (the
 * provider tests use these with apps of their own).
 */

export const SITE = "https://agency.example";
export const WEBHOOK_SECRET = "whsec_billing_test";
export const PRICE_MONTHLY = "price_billing_monthly";
export const PRICE_YEARLY = "price_billing_yearly";

export interface Harness {
  local: TestApp;
  stripe: TestApp;
  fake: FakeStripe;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** Everything the Stripe app logged (JSON lines). */
  stripeLog: () => string;
  close: () => Promise<void>;
}

export async function startHarness(stripeEnv: Record<string, string> = {}): Promise<Harness> {
  const smtp = await startSmtp();
  const fake = await startFakeStripe();
  const local = await buildTestApp({ env: { PUBLIC_URL: SITE, SMTP_URL: smtp.url } });
  const logs = captureLogs();
  const stripe = await buildTestApp({
    db: local.db,
    logStream: logs.logStream,
    env: {
      PUBLIC_URL: SITE,
      SMTP_URL: smtp.url,
      LOG_LEVEL: "info",
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: PRICE_MONTHLY,
      STRIPE_PRICE_YEARLY: PRICE_YEARLY,
      STRIPE_API_BASE: fake.url,
      ...stripeEnv,
    },
  });
  return {
    local,
    stripe,
    fake,
    smtp,
    stripeLog: logs.text,
    close: async () => {
      await stripe.app.close();
      await local.close();
      await fake.close();
      await smtp.close();
    },
  };
}

export interface Customer {
  id: string;
  email: string;
  password: string;
  headers: { authorization: string };
}

let seq = 0;
export async function register(t: TestApp, language: Locale = "en"): Promise<Customer> {
  const email = `billing${++seq}-${Date.now()}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { name: `Noor ${seq}`, email, password: "secret1-pass", language },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { token: string; user: { id: string } };
  return { id: body.user.id, email, password: "secret1-pass", headers: { authorization: `Bearer ${body.token}` } };
}

export const checkoutBody = (extra: Record<string, unknown> = {}) => ({
  planId: "pro",
  billingPeriod: "yearly",
  successUrl: `${SITE}/dashboard?subscription=success`,
  cancelUrl: `${SITE}/subscribe?subscription=cancelled`,
  ...extra,
});

/** create-checkout as `user` asks for it, under the API base `base` (a preview's, say). */
export function createCheckout(t: TestApp, user: Customer, extra: Record<string, unknown> = {}, base = "/api") {
  return t.app.inject({ method: "POST", url: `${base}/subscriptions/create-checkout`, headers: user.headers, payload: checkoutBody(extra) });
}

/** A local checkout's page path (the capability) from create-checkout's answer. */
export async function localCheckout(t: TestApp, user: Customer, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await createCheckout(t, user, extra);
  expect(res.statusCode).toBe(200);
  return new URL((res.json() as { checkoutUrl: string }).checkoutUrl).pathname;
}

/** Pay on the test checkout page, as its form posts it. */
export function payLocal(t: TestApp, checkoutPath: string, form: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: `${checkoutPath}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
}

/** A user with an active local subscription, paid with a billing address in `country`. */
export async function localSubscriber(t: TestApp, opts: { language?: Locale; period?: "monthly" | "yearly"; country?: string } = {}) {
  const user = await register(t, opts.language);
  const path = await localCheckout(t, user, { billingPeriod: opts.period ?? "yearly" });
  const paid = await payLocal(t, path, { country: opts.country ?? "NL", vat_number: "" });
  expect(paid.statusCode).toBe(303);
  return { user, successUrl: String(paid.headers.location) };
}

export function current(t: TestApp, user: Customer) {
  return t.app.inject({ url: "/api/subscriptions/current", headers: user.headers }).then((res) => {
    expect(res.statusCode).toBe(200);
    return res.json().subscription as null | {
      plan_name: string;
      status: string;
      billing_period: string;
      cancel_at_period_end: boolean;
      current_period_end: string;
    };
  });
}

/** The user's Stripe checkout session at the fake (the newest open one). */
export function openStripeSession(h: Harness, user: Customer): string {
  const session = [...h.fake.sessions.values()].filter((s) => s.client_reference_id === user.id && s.status === "open").at(-1);
  if (!session) throw new Error(`no open Stripe session of ${user.id}`);
  return session.id as string;
}

export function deliver(h: Harness, event: { id: string }) {
  const payload = JSON.stringify(event);
  return h.stripe.app.inject({
    method: "POST",
    url: "/api/subscriptions/webhook",
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    payload,
  });
}

/** A Stripe checkout of `user`, paid at the fake; the webhook is the test's to deliver. */
export async function paidStripeCheckout(h: Harness, user: Customer, interval: "month" | "year" = "year") {
  const res = await createCheckout(h.stripe, user, { billingPeriod: interval === "year" ? "yearly" : "monthly" });
  expect(res.statusCode).toBe(200);
  return h.fake.completeSession(openStripeSession(h, user), { priceId: interval === "year" ? PRICE_YEARLY : PRICE_MONTHLY, interval });
}

/** A user whose Stripe checkout is paid and whose checkout.session.completed has been delivered. */
export async function stripeSubscriber(h: Harness, language: Locale = "en") {
  const user = await register(h.stripe, language);
  const paid = await paidStripeCheckout(h, user);
  expect((await deliver(h, stripeEvent("checkout.session.completed", paid.session))).statusCode).toBe(200);
  return { user, ...paid };
}

/** The address verification every sign-up gets: not a mail about payments, so the payment tests leave it out. */
const VERIFY_SUBJECTS = LOCALES.map((locale) => i18nFor(locale)._("mail.verify.subject"));
export const paymentMails = (mails: string[]) => mails.filter((mail) => !VERIFY_SUBJECTS.includes(subjectOf(mail)));

/** The mails about payments sent to `email` once every app's background work is done, as text. */
export async function mailsTo(h: Harness, email: string): Promise<string[]> {
  await h.local.app.settle();
  await h.stripe.app.settle();
  return paymentMails(h.smtp.mails.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw)));
}

export const subjectOf = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? "";

/** The user's subscription rows, oldest first. */
export async function subscriptionRows(t: TestApp, userId: string) {
  const { rows } = await t.db.query<{ id: string; status: string; external_id: string | null; refunded_at: Date | null }>(
    "SELECT id, status, external_id, refunded_at FROM subscriptions WHERE user_id = $1 ORDER BY created_at",
    [userId],
  );
  return rows;
}

/** axe's WCAG 2.2 A/AA and best-practice findings on a server-rendered page, checked in jsdom. */
export async function axeViolations(html: string): Promise<string[]> {
  const [{ readFileSync }, { createRequire }, { JSDOM, VirtualConsole }] = await Promise.all([import("node:fs"), import("node:module"), import("jsdom")]);
  const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  // A silent console: jsdom reports the canvas it lacks (axe probes it for icon ligatures), which is noise here.
  const dom = new JSDOM(html, { runScripts: "outside-only", pretendToBeVisual: true, virtualConsole: new VirtualConsole() });
  dom.window.eval(axeSource);
  const axe = (dom.window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; help: string }[] }> } }).axe;
  const result = await axe.run(dom.window.document, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
  });
  dom.window.close();
  return result.violations.map((v) => `${v.id}: ${v.help}`);
}

/**
 * The text a PDF of ours shows, line by line: PDFKit writes each line uncompressed as one `[<hex> kerning <hex> …] TJ`,
 * its hex in WinAnsiEncoding.
 */
export function pdfText(pdf: Buffer): string {
  const WIN_ANSI: Record<number, string> = { 0x80: "€", 0x96: "–", 0x97: "—" };
  return [...pdf.toString("latin1").matchAll(/\[([^\]]*)\] TJ/g)]
    .map(([, parts]) =>
      [...parts!.matchAll(/<([0-9a-f]*)>/gi)]
        .flatMap(([, hex]) => hex!.match(/../g) ?? [])
        .map((byte) => WIN_ANSI[parseInt(byte, 16)] ?? String.fromCharCode(parseInt(byte, 16)))
        .join(""),
    )
    .join("\n");
}

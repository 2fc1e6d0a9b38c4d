import type { FastifyReply, FastifyRequest } from "fastify";
import { chargeFor, DUTCH_VAT_BP, formatMoney } from "@agency/contract";
import { Type } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { findUserById } from "../../../accounts/repository";
import type { TestCheckoutOutcome, CheckoutSessionRow } from "../../../payments/local/provider";
import { parseBillingDetails } from "../../../payments/billing-details";
import { findBillingDetails, type BillingDetails } from "../../../payments/local/billing-repository";
import { findPlan, priceCents } from "../../../payments/plans-repository";
import { vatRateFor } from "../../../payments/local/invoices";
import { PROBLEM_STATUS, renderCheckoutPage, renderProblemPage, type CheckoutProblem } from "../../../payments/local/test-checkout-page";
import { newNonce, testPageCsp } from "../../../payments/local/test-pages";
import { renderBankChoicePage, renderTestBankPage } from "../../../payments/local/test-ideal-pages";
import { TEST_IDEAL_BANKS } from "../../../payments/local/payment-methods";
import { saveBillingDetails } from "../../../payments/local/billing-repository";
import { requestLocale } from "../../../i18n";
import { originOf } from "./redirects";

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * The local test provider's checkout page and its two buttons. Opened by a plain browser navigation (no bearer
 * token): the unguessable session id in the path is the authorisation. Answers are HTML, also for errors, because
 * a person is looking at them.
 */
const testCheckoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The buttons are plain HTML forms; their (empty) bodies arrive form-encoded. Only this plugin accepts that type.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const sendHtml = (reply: FastifyReply, status: number, html: string, nonce: string, session: CheckoutSessionRow | null) => {
    const redirectOrigins = session ? [session.success_url, session.cancel_url].map(originOf).filter((o): o is string => o !== null) : [];
    return reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("content-security-policy", testPageCsp(nonce, redirectOrigins))
      .header("cache-control", "no-store")
      // The session id is in this page's URL; it must not leak to other sites through the Referer header.
      .header("referrer-policy", "no-referrer")
      .header("x-robots-tag", "noindex, nofollow")
      .send(html);
  };

  const sendProblem = (request: FastifyRequest, reply: FastifyReply, problem: CheckoutProblem, session: CheckoutSessionRow | null) => {
    const locale = session?.locale ?? requestLocale(request);
    // After a payment the useful way back is the success page; otherwise where the user came from.
    const back = session ? (problem === "paid" ? session.success_url : session.cancel_url) : `${app.config.publicUrl}/`;
    const nonce = newNonce();
    return sendHtml(reply, PROBLEM_STATUS[problem], renderProblemPage(locale, problem, back, nonce), nonce, session);
  };

  /** This page's own path without a trailing slash, so the form actions work under /api and under a preview base. */
  const pagePath = (request: FastifyRequest) => (request.url.split("?")[0] ?? "").replace(/\/+$/, "");

  /** The checkout page; again with the refused field marked when the billing details did not pass. */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: CheckoutSessionRow,
    path: string,
    entered: { details: BillingDetails; invalid: "country" | "vat_number" } | null,
    bankFailed = false,
  ) => {
    const plan = await findPlan(app.db, session.plan_id, { activeOnly: false, locale: session.locale });
    const user = await findUserById(app.db, session.user_id);
    if (!plan || !user) return sendProblem(request, reply, "unknown", null);
    const nonce = newNonce();
    const money = (cents: number) => formatMoney(cents / 100, plan.currency, session.locale, { cents: true });
    const dutch = chargeFor(priceCents(plan, session.billing_period), DUTCH_VAT_BP);
    const html = renderCheckoutPage({
      locale: session.locale,
      planName: plan.name,
      billingPeriod: session.billing_period,
      price: money(dutch.netCents),
      dutch: { total: money(dutch.totalCents), vat: money(dutch.taxCents) },
      email: user.email,
      details: entered?.details ?? parseBillingDetails(undefined, await findBillingDetails(app.db, session.company_id)).details,
      invalid: entered?.invalid ?? null,
      bankFailed,
      payAction: `${path}/pay`,
      cancelAction: `${path}/cancel`,
      nonce,
    });
    return sendHtml(reply, entered ? 400 : 200, html, nonce, session);
  };

  app.get(
    "/:id",
    { schema: { hide: true, params: Params } },
    async (request, reply) => {
      const outcome = await app.payments.local.openSession(request.params.id);
      if (!outcome.ok) return sendProblem(request, reply, outcome.problem, outcome.session);
      const bankFailed = (request.query as Record<string, string | undefined>).failed === "ideal";
      return sendPage(request, reply, outcome.session, pagePath(request), null, bankFailed);
    },
  );

  const finish = (request: FastifyRequest, reply: FastifyReply, outcome: TestCheckoutOutcome, target: "success_url" | "cancel_url") => {
    if (!outcome.ok) return sendProblem(request, reply, outcome.problem, outcome.session);
    if (outcome.result) app.payments.deliverMails(outcome.result.mailIds);
    // 303: the browser follows with a GET, so reloading the success page never re-submits the payment.
    return reply.header("cache-control", "no-store").redirect(outcome.session[target], 303);
  };

  app.post(
    "/:id/pay",
    { schema: { hide: true, params: Params } },
    async (request, reply) => {
      const opened = await app.payments.local.openSession(request.params.id);
      if (!opened.ok) return sendProblem(request, reply, opened.problem, opened.session);
      // Whatever the form sends is kept only once it is valid; a refused field shows the page again, marked.
      const parsed = parseBillingDetails(request.body as Record<string, unknown> | undefined, await findBillingDetails(app.db, opened.session.company_id));
      if (!parsed.ok) {
        const path = pagePath(request).replace(/\/pay$/, "");
        return sendPage(request, reply, opened.session, path, { details: parsed.details, invalid: parsed.field });
      }
      if ((request.body as Record<string, unknown> | undefined)?.method === "ideal") {
        // Kept now, so the bank's approval pays with them; the way on is the bank choice.
        await saveBillingDetails(app.db, opened.session.company_id, parsed.details);
        return reply.header("cache-control", "no-store").redirect(`${pagePath(request).replace(/\/pay$/, "")}/ideal`, 303);
      }
      return finish(request, reply, await app.payments.local.pay(request.params.id, parsed.details), "success_url");
    },
  );

  // ---- iDEAL: the bank choice, then the test bank's page with 'approve' and 'fail'. ----
  const checkoutPath = (request: FastifyRequest) => pagePath(request).replace(/\/ideal(\/(bank|approve|fail))?$/, "");
  const bankOf = (value: unknown) => TEST_IDEAL_BANKS.find((bank) => bank === value) ?? null;
  /** What the bank is asked to approve: the first invoice's total, VAT included, for the billing address just given. */
  const priceOf = async (session: CheckoutSessionRow) => {
    const plan = await findPlan(app.db, session.plan_id, { activeOnly: false, locale: session.locale });
    if (!plan) return "";
    const charge = chargeFor(priceCents(plan, session.billing_period), vatRateFor(await findBillingDetails(app.db, session.company_id)));
    return formatMoney(charge.totalCents / 100, plan.currency, session.locale, { cents: true });
  };

  app.get("/:id/ideal", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const opened = await app.payments.local.openSession(request.params.id);
    if (!opened.ok) return sendProblem(request, reply, opened.problem, opened.session);
    const nonce = newNonce();
    const path = checkoutPath(request);
    const html = renderBankChoicePage({ locale: opened.session.locale, price: await priceOf(opened.session), action: `${path}/ideal`, backUrl: path, nonce });
    return sendHtml(reply, 200, html, nonce, opened.session);
  });

  app.post("/:id/ideal", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const bank = bankOf((request.body as Record<string, unknown> | undefined)?.bank);
    const path = checkoutPath(request);
    const next = bank ? `${path}/ideal/bank?bank=${encodeURIComponent(bank)}` : `${path}/ideal`;
    return reply.header("cache-control", "no-store").redirect(next, 303);
  });

  app.get("/:id/ideal/bank", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const opened = await app.payments.local.openSession(request.params.id);
    if (!opened.ok) return sendProblem(request, reply, opened.problem, opened.session);
    const bank = bankOf((request.query as Record<string, unknown>).bank);
    const path = checkoutPath(request);
    if (!bank) return reply.header("cache-control", "no-store").redirect(`${path}/ideal`, 303);
    const nonce = newNonce();
    const html = renderTestBankPage({
      locale: opened.session.locale,
      bank,
      price: await priceOf(opened.session),
      merchant: new URL(app.config.publicUrl).host,
      approveAction: `${path}/ideal/approve`,
      failAction: `${path}/ideal/fail`,
      nonce,
    });
    return sendHtml(reply, 200, html, nonce, opened.session);
  });

  app.post("/:id/ideal/approve", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const bank = bankOf((request.body as Record<string, unknown> | undefined)?.bank);
    if (!bank) return reply.header("cache-control", "no-store").redirect(`${checkoutPath(request)}/ideal`, 303);
    const opened = await app.payments.local.openSession(request.params.id);
    const details = opened.session ? await findBillingDetails(app.db, opened.session.company_id) : null;
    const outcome = await app.payments.local.pay(request.params.id, details, new Date(), { kind: "sepa_debit", bank });
    return finish(request, reply, outcome, "success_url");
  });

  app.post("/:id/ideal/fail", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const opened = await app.payments.local.openSession(request.params.id);
    if (!opened.ok) return sendProblem(request, reply, opened.problem, opened.session);
    // Nothing is paid: back to the checkout, which says so and offers the methods again.
    return reply.header("cache-control", "no-store").redirect(`${checkoutPath(request)}?failed=ideal`, 303);
  });

  app.post(
    "/:id/cancel",
    { schema: { hide: true, params: Params } },
    async (request, reply) => {
      const outcome = await app.payments.local.cancelCheckout(request.params.id);
      // Cancel twice (two tabs, back button) still just goes back.
      if (!outcome.ok && outcome.problem === "canceled" && outcome.session) {
        return reply.header("cache-control", "no-store").redirect(outcome.session.cancel_url, 303);
      }
      return finish(request, reply, outcome, "cancel_url");
    },
  );
};

export default testCheckoutRoutes;

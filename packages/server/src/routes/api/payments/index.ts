import type { FastifyReply, FastifyRequest } from "fastify";
import { formatMoney } from "@agency/contract";
import { Type } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { requestLocale } from "../../../i18n";
import { findInvoice } from "../../../payments/invoices-repository";
import { renderPackageInvoicePdf } from "../../../payments/invoice-pdf";
import { payLocalCheckout, paymentProblem } from "../../../payments/local/one-off";
import { TEST_IDEAL_BANKS, type LocalPaymentChoice } from "../../../payments/local/payment-methods";
import { renderBankChoicePage, renderTestBankPage } from "../../../payments/local/test-ideal-pages";
import { renderPaymentCheckoutPage, renderPaymentProblemPage } from "../../../payments/local/test-payment-checkout-page";
import { newNonce, testPageCsp } from "../../../payments/local/test-pages";
import { closePaymentCheckout, findPaymentCheckout, type PaymentCheckoutRow } from "../../../payments/payment-checkouts-repository";
import { originOf } from "../subscriptions/redirects";

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const InvoiceParams = Type.Object({ file: Type.String({ pattern: "^[A-Za-z0-9_-]{20,100}\\.pdf$" }) });

/**
 * The invoices of package sales as PDFs (`/invoices/{id}.pdf`, the id being the capability, opened without a
 * session), and, with test payments only, the test provider's checkout of a one-off payment (`/payments/test-checkout/{id}`):
 * a test card, or iDEAL through the test bank, which gives a test direct debit mandate too. Its pages are plain HTML
 * forms without script, as the subscription's test checkout is.
 */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get("/invoices/:file", { schema: { hide: true, params: InvoiceParams } }, async (request, reply) => {
    const invoice = await findInvoice(app.db, request.params.file.replace(/\.pdf$/, ""));
    if (!invoice) return reply.sendError(404, "not_found");
    const pdf = await renderPackageInvoicePdf(invoice, app.config.invoiceIssuer);
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${invoice.number}.pdf"`)
      .header("cache-control", "private, no-store")
      .header("referrer-policy", "no-referrer")
      .header("x-robots-tag", "noindex, nofollow")
      .send(pdf);
  });

  if (app.config.payments !== "test") return;

  await app.register(testPaymentPages);
};

/** The test provider's checkout of a one-off payment: with test payments only. */
const testPaymentPages: FastifyPluginAsyncTypebox = async (app) => {
  // The buttons are plain HTML forms; their bodies arrive form-encoded. Only these pages accept that type.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const sendHtml = (reply: FastifyReply, status: number, html: string, nonce: string, checkout: PaymentCheckoutRow | null) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("content-security-policy", testPageCsp(nonce, checkout ? [checkout.success_url, checkout.cancel_url].map(originOf).filter((o): o is string => o !== null) : []))
      .header("cache-control", "no-store")
      // The checkout's id is in the address; it must not leak to other sites through the Referer header.
      .header("referrer-policy", "no-referrer")
      .header("x-robots-tag", "noindex, nofollow")
      .send(html);

  /** The checkout, or the page that says why it cannot be paid (404, 409 or 410). */
  const open = async (request: FastifyRequest, reply: FastifyReply): Promise<PaymentCheckoutRow | null> => {
    const checkout = await findPaymentCheckout(app.db, (request.params as { id: string }).id);
    const problem = paymentProblem(checkout);
    if (!problem) return checkout;
    const nonce = newNonce();
    const status = problem === "unknown" ? 404 : problem === "paid" ? 409 : 410;
    const backTo = checkout ? checkout.cancel_url : `${app.config.publicUrl}/`;
    await sendHtml(reply, status, renderPaymentProblemPage(checkout?.locale ?? requestLocale(request), problem, backTo, nonce), nonce, checkout);
    return null;
  };

  const root = (request: FastifyRequest) => (request.url.split("?")[0] ?? "").replace(/\/(pay|cancel|ideal(\/(bank|approve|fail))?)$/, "").replace(/\/+$/, "");
  const amountOf = (checkout: PaymentCheckoutRow) => formatMoney(checkout.amount_cents / 100, checkout.currency, checkout.locale, { cents: true });
  const bankOf = (value: unknown) => TEST_IDEAL_BANKS.find((bank) => bank === value) ?? null;
  const redirect = (reply: FastifyReply, to: string) => reply.header("cache-control", "no-store").redirect(to, 303);

  const pay = async (request: FastifyRequest, reply: FastifyReply, method: LocalPaymentChoice) => {
    const outcome = await payLocalCheckout(app.db, app.payments.handlers, (request.params as { id: string }).id, method);
    if (!outcome.ok) return open(request, reply);
    app.payments.deliverMails(outcome.outcome.mailIds);
    // 303: the browser follows with a GET, so reloading the page it lands on never pays again.
    return redirect(reply, outcome.checkout.success_url);
  };

  app.get("/payments/test-checkout/:id", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const checkout = await open(request, reply);
    if (!checkout) return reply;
    const nonce = newNonce();
    const html = renderPaymentCheckoutPage({
      locale: checkout.locale,
      description: checkout.description,
      amount: amountOf(checkout),
      email: checkout.email,
      mandate: checkout.purpose === "mandate",
      bankFailed: (request.query as Record<string, string | undefined>).failed === "ideal",
      payAction: `${root(request)}/pay`,
      cancelAction: `${root(request)}/cancel`,
      nonce,
    });
    return sendHtml(reply, 200, html, nonce, checkout);
  });

  app.post("/payments/test-checkout/:id/pay", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const checkout = await open(request, reply);
    if (!checkout) return reply;
    const method = (request.body as Record<string, unknown> | undefined)?.method;
    if (method === "ideal" || checkout.purpose === "mandate") return redirect(reply, `${root(request)}/ideal`);
    return pay(request, reply, { kind: "card" });
  });

  app.get("/payments/test-checkout/:id/ideal", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const checkout = await open(request, reply);
    if (!checkout) return reply;
    const nonce = newNonce();
    const html = renderBankChoicePage({ locale: checkout.locale, price: amountOf(checkout), action: `${root(request)}/ideal`, backUrl: root(request), nonce });
    return sendHtml(reply, 200, html, nonce, checkout);
  });

  app.post("/payments/test-checkout/:id/ideal", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const bank = bankOf((request.body as Record<string, unknown> | undefined)?.bank);
    return redirect(reply, bank ? `${root(request)}/ideal/bank?bank=${encodeURIComponent(bank)}` : `${root(request)}/ideal`);
  });

  app.get("/payments/test-checkout/:id/ideal/bank", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const checkout = await open(request, reply);
    if (!checkout) return reply;
    const bank = bankOf((request.query as Record<string, unknown>).bank);
    if (!bank) return redirect(reply, `${root(request)}/ideal`);
    const nonce = newNonce();
    const html = renderTestBankPage({
      locale: checkout.locale,
      bank,
      price: amountOf(checkout),
      merchant: new URL(app.config.publicUrl).host,
      approveAction: `${root(request)}/ideal/approve`,
      failAction: `${root(request)}/ideal/fail`,
      nonce,
    });
    return sendHtml(reply, 200, html, nonce, checkout);
  });

  app.post("/payments/test-checkout/:id/ideal/approve", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const bank = bankOf((request.body as Record<string, unknown> | undefined)?.bank);
    if (!bank) return redirect(reply, `${root(request)}/ideal`);
    return pay(request, reply, { kind: "sepa_debit", bank });
  });

  app.post("/payments/test-checkout/:id/ideal/fail", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const checkout = await open(request, reply);
    if (!checkout) return reply;
    // Nothing is paid: back to the checkout, which says so and offers the methods again.
    return redirect(reply, `${root(request)}?failed=ideal`);
  });

  app.post("/payments/test-checkout/:id/cancel", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const closed = await closePaymentCheckout(app.db, request.params.id);
    if (closed) return redirect(reply, closed.cancel_url);
    const checkout = await findPaymentCheckout(app.db, request.params.id);
    // Cancelled twice (two tabs, the back button) still just goes back.
    if (checkout?.status === "canceled") return redirect(reply, checkout.cancel_url);
    return open(request, reply);
  });
};

export default paymentRoutes;

import type { FastifyReply, FastifyRequest } from "fastify";
import { BILLING_PERIODS, formatMoney, type BillingPeriod } from "@agency/contract";
import { Type } from "@agency/contract/schemas";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { billingContact, findCompany } from "../../../teams/repository";
import { requestLocale } from "../../../i18n";
import { parseBillingDetails } from "../../../payments/billing-details";
import { findLocalInvoice, portalLinkEnd } from "../../../payments/local/billing-repository";
import { renderInvoicePdf } from "../../../payments/local/invoice-document";
import { invoiceNumber, portalView, switchBillingPeriod, updateBillingDetails } from "../../../payments/local/portal";
import { findPlan, priceCents } from "../../../payments/plans-repository";
import { subscriptionById } from "../../../payments/subscriptions-repository";
import { renderPortalExpiredPage, renderPortalPage, type PortalPageData } from "../../../payments/local/test-portal-page";
import { newNonce, testPageCsp } from "../../../payments/local/test-pages";
import { findLocalPortalSession } from "../../../payments/local/billing-repository";
import { findLocalPaymentMethod } from "../../../payments/local/payment-methods";
import { owedInvoice, payOwedInvoice, simulateRenewal } from "../../../payments/local/payment";
import { renderPaymentPage } from "../../../payments/local/test-payment-page";
import { originOf } from "./redirects";

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const InvoiceParams = Type.Object({ file: Type.String({ pattern: "^[A-Za-z0-9_-]{20,100}\\.pdf$" }) });

/**
 * The local test provider's billing portal (payments/local/portal.ts) and its invoice documents. Both are opened by a plain
 * browser navigation without the bearer token: the unguessable id in the address is the authorisation. Answers are
 * HTML (or the PDF), also for errors, because a person is looking at them.
 */
const testPortalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The forms are plain HTML; their bodies arrive form-encoded. Only this plugin accepts that type.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const sendHtml = (reply: FastifyReply, status: number, html: string, nonce: string, returnUrl: string | null) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("content-security-policy", testPageCsp(nonce, [returnUrl ? originOf(returnUrl) : null].filter((o): o is string => o !== null)))
      .header("cache-control", "no-store")
      // The portal's id is in this page's address; it must not leak to other sites through the Referer header.
      .header("referrer-policy", "no-referrer")
      .header("x-robots-tag", "noindex, nofollow")
      .send(html);

  /** This page's own path without a trailing slash or action, so the forms work under /api and under a preview base. */
  const portalPath = (request: FastifyRequest) => (request.url.split("?")[0] ?? "").replace(/\/+$/, "").replace(/\/(switch|details|simulate|pay)$/, "");
  const apiBase = (request: FastifyRequest) => portalPath(request).replace(/\/subscriptions\/test-portal\/[^/]+$/, "");

  const sendPortal = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    extra: Pick<PortalPageData, "done"> & { invalid?: PortalPageData["invalid"]; entered?: PortalPageData["details"] },
  ) => {
    const view = await portalView(app.db, id);
    if (!view) {
      const nonce = newNonce();
      const locale = requestLocale(request);
      if ((await portalLinkEnd(app.db, id)) === "expired") {
        return sendHtml(reply, 410, renderPortalExpiredPage(locale, "expired", `${app.config.publicUrl}/dashboard/settings`, nonce), nonce, null);
      }
      // Its session ended (a logout): what any page of the account shows a signed-out visitor, the login page, at
      // once. That is where Back after a logout lands; the page stays as the answer for a client that does not follow.
      const login = `${app.config.publicUrl}/login`;
      reply.header("refresh", `0; url=${login}`);
      return sendHtml(reply, 410, renderPortalExpiredPage(locale, "ended", login, nonce), nonce, null);
    }
    const { session, subscription } = view;
    const plan = subscription ? await findPlan(app.db, subscription.plan_id, { activeOnly: false, locale: session.locale }) : null;
    const nonce = newNonce();
    const path = portalPath(request);
    const html = renderPortalPage({
      locale: session.locale,
      nonce,
      subscription:
        subscription && plan
          ? {
              planName: subscription.plan_name,
              billingPeriod: subscription.billing_period,
              status: subscription.status,
              price: formatMoney(priceCents(plan, subscription.billing_period) / 100, plan.currency, session.locale, { cents: true }),
              periodEnd: subscription.current_period_end,
              cancelAtPeriodEnd: subscription.cancel_at_period_end,
            }
          : null,
      details: extra.entered ?? parseBillingDetails(undefined, view.details).details,
      invalid: extra.invalid ?? null,
      invoices: view.invoices.map((invoice) => ({ ...invoice, pdfUrl: `${apiBase(request)}/subscriptions/test-invoices/${invoice.id}.pdf` })),
      done: extra.done,
      switchAction: `${path}/switch`,
      simulateAction: `${path}/simulate`,
      payUrl: subscription?.payment_issue_invoice ? `${path}/pay` : null,
      method: await findLocalPaymentMethod(app.db, session.company_id),
      detailsAction: `${path}/details`,
      returnUrl: session.return_url,
    });
    return sendHtml(reply, extra.invalid ? 400 : 200, html, nonce, session.return_url);
  };

  app.get("/test-portal/:id", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const done = (request.query as Record<string, string | undefined>).done;
    const switched = BILLING_PERIODS.find((p) => `switched-${p}` === done);
    return sendPortal(request, reply, request.params.id, {
      done: switched
        ? { kind: "switched", period: switched }
        : done === "saved"
          ? { kind: "saved" }
          : done === "simulated"
            ? { kind: "simulated" }
            : null,
    });
  });

  /** After a change the page is loaded again with a GET (303), so a reload never repeats the change. */
  const back = (request: FastifyRequest, reply: FastifyReply, done: string) =>
    reply.header("cache-control", "no-store").redirect(`${portalPath(request)}?done=${done}`, 303);

  app.post("/test-portal/:id/switch", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const period = (request.body as Record<string, unknown> | undefined)?.period;
    if (!BILLING_PERIODS.includes(period as BillingPeriod)) return sendPortal(request, reply, request.params.id, { done: null });
    const outcome = await switchBillingPeriod(app.db, request.params.id, period as BillingPeriod);
    if (!outcome.ok) return sendPortal(request, reply, request.params.id, { done: null });
    if (outcome.result) app.payments.deliverMails(outcome.result.mailIds);
    return back(request, reply, `switched-${period as BillingPeriod}`);
  });

  app.post("/test-portal/:id/details", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const parsed = parseBillingDetails(request.body as Record<string, unknown> | undefined, null);
    if (!parsed.ok) return sendPortal(request, reply, request.params.id, { done: null, invalid: parsed.field, entered: parsed.details });
    const outcome = await updateBillingDetails(app.db, request.params.id, parsed.details);
    if (!outcome.ok) return sendPortal(request, reply, request.params.id, { done: null });
    return back(request, reply, "saved");
  });

  app.post("/test-portal/:id/simulate", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const kind = (request.body as Record<string, unknown> | undefined)?.kind;
    if (kind !== "failed" && kind !== "requires_action") return sendPortal(request, reply, request.params.id, { done: null });
    const outcome = await simulateRenewal(app.db, request.params.id, kind);
    if (!outcome.ok) return sendPortal(request, reply, request.params.id, { done: null });
    if (outcome.result) app.payments.deliverMails(outcome.result.mailIds);
    return back(request, reply, "simulated");
  });

  app.get("/test-portal/:id/pay", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const session = await findLocalPortalSession(app.db, request.params.id);
    if (!session) return sendPortal(request, reply, request.params.id, { done: null });
    const owed = await owedInvoice(app.db, session.company_id);
    const nonce = newNonce();
    const html = renderPaymentPage({
      locale: session.locale,
      nonce,
      owed: owed ? { issue: owed.subscription.payment_issue ?? "failed", invoice: owed.invoice } : null,
      payAction: `${portalPath(request)}/pay`,
      returnUrl: session.return_url,
    });
    return sendHtml(reply, 200, html, nonce, session.return_url);
  });

  app.post("/test-portal/:id/pay", { schema: { hide: true, params: Params } }, async (request, reply) => {
    const session = await findLocalPortalSession(app.db, request.params.id);
    const outcome = await payOwedInvoice(app.db, request.params.id);
    if (!session || !outcome.ok) return sendPortal(request, reply, request.params.id, { done: null });
    if (outcome.result) app.payments.deliverMails(outcome.result.mailIds);
    // Paid (or nothing was owed any more): back where the customer came from, the settings page.
    return reply.header("cache-control", "no-store").redirect(session.return_url, 303);
  });

  app.get("/test-invoices/:file", { schema: { hide: true, params: InvoiceParams } }, async (request, reply) => {
    const invoice = await findLocalInvoice(app.db, request.params.file.replace(/\.pdf$/, ""));
    // Made out to the company, for the attention of the member who bought (or, once they are gone, its owner).
    const company = invoice ? await findCompany(app.db, invoice.company_id) : null;
    const user = company ? await billingContact(app.db, company.id, invoice!.user_id) : null;
    const subscription = invoice ? await subscriptionById(app.db, invoice.subscription_id) : null;
    const plan = subscription && user ? await findPlan(app.db, subscription.plan_id, { activeOnly: false, locale: user.locale }) : null;
    if (!invoice || !company || !user || !plan) return reply.sendError(404, "not_found");
    const pdf = await renderInvoicePdf(invoice, {
      locale: user.locale,
      planName: plan.name,
      customer: { name: company.name, email: user.email },
      issuer: new URL(app.config.publicUrl).host,
    });
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${invoiceNumber(invoice)}.pdf"`)
      .header("cache-control", "private, no-store")
      .header("referrer-policy", "no-referrer")
      .header("x-robots-tag", "noindex, nofollow")
      .send(pdf);
  });
};

export default testPortalRoutes;

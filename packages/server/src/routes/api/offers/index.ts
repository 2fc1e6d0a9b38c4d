import type { FastifyRequest } from "fastify";
import {
  AcceptOfferBodySchema,
  CurrentPackageResponseSchema,
  DeclineOfferBodySchema,
  OfferCheckoutResponseSchema,
  OfferTokenParamsSchema,
  PublicOfferResponseSchema,
  UpgradeBodySchema,
  UpgradeResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import { upgradesFrom } from "@agency/contract";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { acceptOffer, declineOffer, giveMandate, payOffer, viewOffer } from "../../../offers/acceptance";
import { requestUpgrade } from "../../../offers/create";
import { activePackageOf } from "../../../offers/packages-repository";
import { openUpgrade } from "../../../offers/repository";
import { publicOffer } from "../../../offers/views";
import { offerInvoices } from "../../../payments/invoices-repository";
import { findPlan } from "../../../payments/plans-repository";
import { apiBaseOf, basePathOf } from "./base";

const bearer = [{ bearer: [] }];
const PAYMENT_ERRORS = { 502: ["payments.unavailable"], 503: ["payments.unavailable"] } as const;

/**
 * An offer's page (`/offer?token=…`) and what its customer does there, with no session: the token is the
 * authorisation. And, signed in, the package of one's company and the upgrade asked for from the settings.
 */
const offerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object" && typeof body.name === "string") body.name = body.name.trim();
  });
  // The token is a credential and the answers are personal data: never kept by a cache.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.includes("/offers/") || request.url.includes("/packages/")) reply.header("cache-control", "no-store");
  });

  const withInvoices = async (request: FastifyRequest, offer: Awaited<ReturnType<typeof viewOffer>>) =>
    publicOffer(offer, await offerInvoices(app.db, offer.id), apiBaseOf(request, app.config.publicUrl));

  app.get(
    "/offers/:token",
    {
      schema: {
        tags: ["offers"],
        summary: "An offer, as its customer sees it through the mailed link (no session)",
        description:
          "The package and its features, every line with and without 21 % VAT, the deposit due now, the terms and the expiry date; later the signature, " +
          "the invoices and what is due. The first call marks a sent offer `viewed`. 404 offers.not_found for an unknown token, 410 offers.expired after 30 days.",
        params: OfferTokenParamsSchema,
        response: { 200: PublicOfferResponseSchema, ...errorResponses({ 400: [], 404: ["offers.not_found"], 410: ["offers.expired"] }) },
      },
    },
    async (request) => ({ offer: await withInvoices(request, await viewOffer(app, request, request.params.token)) }),
  );

  app.post(
    "/offers/:token/accept",
    {
      preHandler: app.ipLimit("offer"),
      schema: {
        tags: ["offers"],
        summary: "Sign the offer and start paying its deposit",
        description:
          "Records the signer's name and agreement to the terms with the time, the address and the terms' version, once (a second signature, also one at the " +
          "same moment, is 409 offers.already_accepted), then answers the deposit's checkout: Stripe Checkout with iDEAL and card, or the test checkout. " +
          "An address with an account orders for its company only as its owner or a billing member (403 offers.not_buyer). Limited per address (429).",
        params: OfferTokenParamsSchema,
        body: AcceptOfferBodySchema,
        response: {
          200: OfferCheckoutResponseSchema,
          ...errorResponses({
            400: [],
            403: ["offers.not_buyer"],
            404: ["offers.not_found"],
            409: ["offers.already_accepted", "offers.declined", "offers.has_subscription"],
            410: ["offers.expired"],
            429: ["request.too_many"],
            ...PAYMENT_ERRORS,
          }),
        },
      },
    },
    async (request) => acceptOffer(app, request, request.params.token, request.body.name),
  );

  app.post(
    "/offers/:token/pay",
    {
      preHandler: app.ipLimit("offer"),
      schema: {
        tags: ["offers"],
        summary: "Pay what the offer asks now: the deposit of a signed offer, or its balance invoice",
        description:
          "A new checkout; an older open one of the same payment is closed first. 409 offers.not_payable when nothing is due; 403 offers.not_buyer for a " +
          "deposit when the address may no longer order for its company.",
        params: OfferTokenParamsSchema,
        response: {
          200: OfferCheckoutResponseSchema,
          ...errorResponses({ 403: ["offers.not_buyer"], 404: ["offers.not_found"], 409: ["offers.not_payable"], 410: ["offers.expired"], 429: ["request.too_many"], ...PAYMENT_ERRORS }),
        },
      },
    },
    async (request) => payOffer(app, request, request.params.token),
  );

  app.post(
    "/offers/:token/mandate",
    {
      preHandler: app.ipLimit("offer"),
      schema: {
        tags: ["offers"],
        summary: "Give a SEPA Direct Debit mandate for the monthly fee (when the deposit was paid by card)",
        params: OfferTokenParamsSchema,
        response: {
          200: OfferCheckoutResponseSchema,
          ...errorResponses({ 404: ["offers.not_found"], 409: ["offers.not_paid", "offers.mandate_exists"], 429: ["request.too_many"], ...PAYMENT_ERRORS }),
        },
      },
    },
    async (request) => giveMandate(app, request, request.params.token),
  );

  app.post(
    "/offers/:token/decline",
    {
      preHandler: app.ipLimit("offer"),
      // The reason is optional, and so is the body.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ["offers"],
        summary: "Decline the offer",
        description: "Only an open offer (sent or viewed); the reason is kept for staff.",
        params: OfferTokenParamsSchema,
        body: DeclineOfferBodySchema,
        response: {
          200: PublicOfferResponseSchema,
          ...errorResponses({
            400: [],
            404: ["offers.not_found"],
            409: ["offers.already_accepted", "offers.declined"],
            410: ["offers.expired"],
            429: ["request.too_many"],
          }),
        },
      },
    },
    async (request) => ({ offer: await withInvoices(request, await declineOffer(app, request, request.params.token, request.body.reason)) }),
  );

  const currentPackage = async (companyId: string) => {
    const held = await activePackageOf(app.db, companyId);
    const upgrade = await openUpgrade(app.db, companyId);
    const plan = held ? await findPlan(app.db, held.id, { activeOnly: false }) : null;
    return {
      package: held ? { id: held.id, name: held.name, since: held.since.toISOString(), delivered: held.delivered, monthlyFeeCents: plan?.price_monthly_cents ?? 0 } : null,
      upgrade: upgrade ? { number: upgrade.number, package: upgrade.package, status: upgrade.status } : null,
      upgrades: held?.delivered && !upgrade ? upgradesFrom(held.id) : [],
    };
  };

  app.get(
    "/packages/current",
    {
      preHandler: app.teamGuard("team.view"),
      schema: {
        tags: ["offers"],
        summary: "The package of the signed-in member's company, an upgrade under way, and the packages it may move up to",
        security: bearer,
        response: { 200: CurrentPackageResponseSchema, ...errorResponses({ 401: [], 403: ["team.forbidden"] }) },
      },
    },
    async (request) => currentPackage(request.team!.id),
  );

  app.post(
    "/packages/upgrade",
    {
      preHandler: app.teamGuard("billing.manage"),
      schema: {
        tags: ["offers"],
        summary: "Ask for a higher package (from Starter or Professional)",
        description:
          "Makes an upgrade offer (only the difference in startup fee, the new monthly fee from the next month) that staff send from the desk; the agency is " +
          "mailed. For the company's owner and billing members (403 team.forbidden). 409 when the company has no delivered package, asks for one that is " +
          "not higher, or has an upgrade under way.",
        security: bearer,
        body: UpgradeBodySchema,
        response: {
          201: UpgradeResponseSchema,
          ...errorResponses({
            400: [],
            401: [],
            403: ["team.forbidden"],
            409: ["offers.no_package", "offers.not_an_upgrade", "offers.upgrade_pending"],
          }),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { offer, mailId } = await requestUpgrade(app, request, user, request.team!.id, request.body.package, basePathOf(request));
      app.outbox.deliverSoon(reply, [mailId]);
      return reply.code(201).send({ upgrade: { number: offer.number, package: offer.package, status: offer.status } });
    },
  );
};

export default offerRoutes;

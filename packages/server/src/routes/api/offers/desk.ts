import {
  CreateOfferBodySchema,
  CreateOfferResponseSchema,
  DeskIdParamsSchema,
  DeskOfferResponseSchema,
  DeskOffersQuerySchema,
  DeskOffersResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import { DESK_PAGE_SIZE } from "@agency/contract";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { ApiError } from "../../../lib/api-error";
import { selectAuditEntriesFor } from "../../../desk/audit-repository";
import { createOffer, sendRequested } from "../../../offers/create";
import { deliverOffer } from "../../../offers/delivery";
import { offerLink } from "../../../offers/mails";
import { findOffer, listOffers } from "../../../offers/repository";
import { deskOffer, offerSummary } from "../../../offers/views";
import { offerInvoices } from "../../../payments/invoices-repository";
import { apiBaseOf, basePathOf } from "./base";

const DESK_ERRORS = { 401: [], 403: ["desk.forbidden"] } as const;
const bearer = [{ bearer: [] }];

/**
 * The desk's offers (/desk/offers): make one (for a lead or any address), list them by status, read one with its
 * invoices and its history from the audit log, send an upgrade a customer asked for, and mark one delivered. Staff
 * only: a customer's token is 403, none 401 (plugins/desk-auth.ts).
 */
const deskOfferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const detail = async (id: string, request: Parameters<typeof apiBaseOf>[0]) => {
    const offer = await findOffer(app.db, id);
    if (!offer) throw new ApiError(404, "offers.not_found");
    return deskOffer(
      offer,
      await offerInvoices(app.db, offer.id),
      await selectAuditEntriesFor(app.db, `offer:${offer.id}`),
      offerLink(app.config.publicUrl, offer),
      apiBaseOf(request, app.config.publicUrl),
    );
  };

  app.get(
    "/offers",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "The offers, newest first, 25 a page; by status, or those whose balance is overdue",
        security: bearer,
        querystring: DeskOffersQuerySchema,
        response: { 200: DeskOffersResponseSchema, ...errorResponses({ 400: [], ...DESK_ERRORS }) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const { offers, total } = await listOffers(app.db, { status: request.query.status, overdue: request.query.overdue }, page);
      return { offers: offers.map((offer) => offerSummary(offer, { overdue: offer.overdue })), total, page, pageSize: DESK_PAGE_SIZE };
    },
  );

  app.post(
    "/offers",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Make an offer and mail its link to the customer",
        description:
          "The package's startup and monthly fee come from the package table (euro, excluding 21 % VAT), with extra one-time lines; valid 30 days. The " +
          "customer is mailed `/offer?token=…` (`/en/offer` in English). For an address whose company holds a delivered package it is an upgrade: only " +
          "the difference in startup fee, the new monthly fee from the next month (409 offers.not_an_upgrade for a package that is not higher). Only " +
          "a company's owner or billing member can order for it: an address of an admin or a member is 409 offers.not_buyer. Written to the audit log.",
        security: bearer,
        body: CreateOfferBodySchema,
        response: {
          201: CreateOfferResponseSchema,
          ...errorResponses({
            400: ["offers.invalid_total"],
            ...DESK_ERRORS,
            404: ["desk.lead_not_found"],
            409: ["offers.no_package", "offers.not_an_upgrade", "offers.upgrade_pending", "offers.has_subscription", "offers.not_buyer"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { offer, mailId } = await createOffer(app, request, request.body, basePathOf(request));
      app.outbox.deliverSoon(reply, [mailId]);
      return reply.code(201).send({ offer: offerSummary(offer, []) });
    },
  );

  app.get(
    "/offers/:id",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "One offer: its lines and amounts, signature, invoices and history (from the audit log)",
        security: bearer,
        params: DeskIdParamsSchema,
        response: { 200: DeskOfferResponseSchema, ...errorResponses({ 400: [], ...DESK_ERRORS, 404: ["offers.not_found"] }) },
      },
    },
    async (request) => ({ offer: await detail(request.params.id, request) }),
  );

  app.post(
    "/offers/:id/send",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Send an upgrade a customer asked for: its 30 days start now",
        security: bearer,
        params: DeskIdParamsSchema,
        response: { 200: DeskOfferResponseSchema, ...errorResponses({ 400: [], ...DESK_ERRORS, 404: ["offers.not_found"], 409: ["offers.not_requested"] }) },
      },
    },
    async (request, reply) => {
      const { mailId } = await sendRequested(app, request, request.params.id);
      app.outbox.deliverSoon(reply, [mailId]);
      return { offer: await detail(request.params.id, request) };
    },
  );

  app.post(
    "/offers/:id/delivered",
    {
      onRequest: app.deskAuth,
      schema: {
        tags: ["desk"],
        summary: "Mark a paid offer delivered: the balance invoice is issued and mailed, the monthly fee starts on the first of the next month",
        description:
          "The balance (the other 50 %) is invoiced with a payment term of 14 days and mailed with its pay link; the monthly fee is collected by SEPA " +
          "Direct Debit with the mandate of the iDEAL deposit (or one the customer gives). An upgrade's new fee applies from the next month. Once " +
          "(409 offers.already_delivered, also for two at once); 409 offers.not_paid before the deposit is paid.",
        security: bearer,
        params: DeskIdParamsSchema,
        response: {
          200: DeskOfferResponseSchema,
          ...errorResponses({
            400: [],
            ...DESK_ERRORS,
            404: ["offers.not_found"],
            409: ["offers.already_delivered", "offers.not_paid", "offers.no_package", "offers.has_subscription"],
            502: ["payments.unavailable"],
            503: ["payments.unavailable"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { mailIds } = await deliverOffer(app, request, request.params.id);
      app.outbox.deliverSoon(reply, mailIds);
      return { offer: await detail(request.params.id, request) };
    },
  );
};

export default deskOfferRoutes;

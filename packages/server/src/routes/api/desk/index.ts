import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import deskRequestRoutes from "../requests/desk";
import customerRoutes from "./customers";
import deskOfferRoutes from "../offers/desk";
import leadRoutes from "./leads";
import signInRoutes from "./sign-in";
import staffRoutes from "./staff";

/**
 * The agency's desk: staff sign in with a password and a second factor and work the lead inbox, the customers and
 * the staff list. Every call but enrolment and login needs a staff session (plugins/desk-auth.ts).
 */
const deskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before validation, so " Ann@Example.COM " is checked as "ann@example.com".
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object" && typeof body.email === "string") body.email = body.email.trim().toLowerCase();
  });
  // Everything here is personal data or a credential: never kept by a cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  await app.register(signInRoutes);
  await app.register(leadRoutes);
  await app.register(customerRoutes);
  await app.register(staffRoutes);
  await app.register(deskOfferRoutes);
  await app.register(deskRequestRoutes);
};

export default deskRoutes;

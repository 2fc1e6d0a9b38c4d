import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "@agency/contract";
import type { Config } from "../config";
import { takeRateSlot } from "../lib/throttle";

/**
 * The per-IP limits of anonymous calls that cost CPU (a password hash), send mail or tell something (whether a reset
 * link is valid): the config setting that holds each one's count, and its window.
 */
export const IP_LIMITS = {
  contact: { setting: "contactPerIp", windowSeconds: 10 * 60 },
  register: { setting: "registerPerIp", windowSeconds: 60 * 60 },
  "forgot-password": { setting: "forgotPasswordPerIp", windowSeconds: 60 * 60 },
  // Checking a token and using it both try a token, so they share one count.
  "reset-token": { setting: "resetTokenPerIp", windowSeconds: 15 * 60 },
  // Following a verification link tries a token too; as many as reset tokens, counted apart.
  "verify-email": { setting: "resetTokenPerIp", windowSeconds: 15 * 60 },
  consent: { setting: "consentPerIp", windowSeconds: 10 * 60 },
  // Looking an invitation up and accepting it both try a token: as many as reset tokens, counted apart.
  "team-invitation": { setting: "resetTokenPerIp", windowSeconds: 15 * 60 },
  // Asking for a passkey challenge stores one, and checking an answer costs a signature check.
  passkey: { setting: "passkeyPerIp", windowSeconds: 15 * 60 },
  // Each statement mails an account and may end a subscription; its undo link tries a token.
  withdrawal: { setting: "withdrawalPerIp", windowSeconds: 60 * 60 },
  "withdrawal-undo": { setting: "withdrawalPerIp", windowSeconds: 60 * 60 },
  // Each lead export hands out personal data, so a stolen admin token cannot drain it fast.
  "admin-export": { setting: "adminExportsPerIp", windowSeconds: 10 * 60 },
} as const satisfies Record<string, { setting: keyof Config["limits"]; windowSeconds: number }>;

export type IpLimitName = keyof typeof IP_LIMITS;

/** The per-account limits of signed-in calls that each reach a paid or rate-limited service (Stripe's API). */
export const USER_LIMITS = {
  // The invoice list, the billing portal and the pay page each ask Stripe once per request.
  billing: { setting: "billingPerUser", windowSeconds: 10 * 60 },
  // Starting a checkout makes a session at the provider, and looking one up on the return asks for it.
  checkout: { setting: "checkoutsPerUser", windowSeconds: 10 * 60 },
} as const satisfies Record<string, { setting: keyof Config["limits"]; windowSeconds: number }>;

export type UserLimitName = keyof typeof USER_LIMITS;

declare module "fastify" {
  interface FastifyInstance {
    /** Counts the request against the client IP's limit `name`: seconds to wait, or 0 when it was counted and may go on. */
    takeIpSlot(request: FastifyRequest, name: IpLimitName): Promise<number>;
    /** preHandler doing the same: over the limit it answers 429 `code` with Retry-After. */
    ipLimit(name: IpLimitName, code?: ErrorCode): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
    /** preHandler after authenticate: counts the call against the signed-in user's limit `name`; over it, 429 request.too_many. */
    userLimit(name: UserLimitName): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
}

async function rateLimitsPlugin(app: FastifyInstance) {
  app.decorate("takeIpSlot", async (request: FastifyRequest, name: IpLimitName) => {
    const { setting, windowSeconds } = IP_LIMITS[name];
    const { wait } = await takeRateSlot(app.db, [{ bucket: `ip:${name}`, key: app.hashIp(request.ip), limit: app.config.limits[setting], windowSeconds }]);
    return wait;
  });

  app.decorate("ipLimit", (name: IpLimitName, code: ErrorCode = "request.too_many") => async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = await app.takeIpSlot(request, name);
    return wait > 0 ? reply.sendError(429, code, { retryAfter: wait }) : undefined;
  });

  app.decorate("userLimit", (name: UserLimitName) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { setting, windowSeconds } = USER_LIMITS[name];
    const { wait } = await takeRateSlot(app.db, [{ bucket: `user:${name}`, key: request.user!.id, limit: app.config.limits[setting], windowSeconds }]);
    return wait > 0 ? reply.sendError(429, "request.too_many", { retryAfter: wait }) : undefined;
  });
}

export default fp(rateLimitsPlugin, { name: "rate-limits", dependencies: ["config", "db", "security", "errors"] });

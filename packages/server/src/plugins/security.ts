import fp from "fastify-plugin";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { stripBase } from "@agency/contract";
import { siteOrigin } from "../config";
import { appSecret } from "../lib/app-secret";
import { clientKey } from "../lib/client-ip";
import { hmac } from "../lib/crypto";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Keyed hash of a client address: lets us rate-limit and correlate without storing the address (privacy
     * policy). The one place addresses are grouped: an IPv6 address counts as its /64, an IPv4-mapped one as IPv4.
     */
    hashIp(ip: string): string;
    /** The site's own origin plus ALLOWED_ORIGINS; redirect URLs sent by clients must point at one of these. */
    isAllowedOrigin(origin: string): boolean;
  }
}

/**
 * CSP for the HTML pages this server renders (the host SPA). Only HTML gets it: the widget bundle embedded on a
 * partner page runs under that page's CSP, not ours. Stripe's script, frames and API are allowed for checkout.
 */
export const HOST_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  // React style attributes and Vite's CSS injection in dev need inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  "frame-src https://js.stripe.com https://checkout.stripe.com https://hooks.stripe.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' https://checkout.stripe.com",
  "frame-ancestors 'self'",
].join("; ");

/**
 * Permissions-Policy of every answer: the powerful features the site does not use are switched off for its pages and
 * any frame in them, so a script that got in (or a third-party frame) cannot ask for them. What stays on, and why:
 * - payment: Stripe's embedded checkout (STRIPE_CHECKOUT=embedded) runs the Payment Request API (Apple Pay, Google
 *   Pay) in its frame from js.stripe.com; Stripe's docs ask for it to be allowed there. checkout.stripe.com is the
 *   hosted page's origin, in case a wallet button is shown in a frame of it.
 * - publickey-credentials-get/-create: passkeys (sign-in, and adding one in the settings) on our own pages only.
 * - fullscreen, picture-in-picture, encrypted-media, autoplay are left at the browser's default (this origin, and
 *   frames the page's allow attribute names): the cookie banner's consent-gated embeds (a video, packages/widgets/README.md)
 *   need them when a page of the site holds one, and they grant nothing to a frame the page does not name.
 * Only features Chromium knows are listed: an unknown one costs a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  'payment=(self "https://js.stripe.com" "https://checkout.stripe.com")',
  "publickey-credentials-create=(self)",
  "publickey-credentials-get=(self)",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * The opener policy every response carries (a page of the site may go without it, see setPageOpenerPolicy): a page
 * of another site that opened ours (window.open) loses its handle on it, so it cannot count its frames or later
 * send the tab to a look-alike login. Popups we open (3-D Secure) keep working; Stripe's hosted checkout is a
 * redirect.
 */
const OPENER_POLICY = "same-origin-allow-popups";

/**
 * The opener policy of a page of the site: sent, unless the visitor started the navigation themselves (an address
 * typed or pasted, a bookmark: `Sec-Fetch-Site: none`, which no page can make the browser send). In a tab the
 * visitor opened there is then no other site's handle to take away, and the policy would only cost time: Chromium
 * starts a new renderer process for the page before its first paint (bench/README.md). The case left: a visitor who
 * types our address into a window another site opened. Chromium then ends that site's power to navigate the tab;
 * it can still count the page's frames (e2e/opener-policy.spec.ts).
 * The answer varies on the header, so no cache hands one kind of navigation the other's.
 */
export function setPageOpenerPolicy(request: FastifyRequest, reply: FastifyReply): void {
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${String(vary)}, sec-fetch-site` : "sec-fetch-site");
  if (request.headers["sec-fetch-site"] === "none") reply.removeHeader("cross-origin-opener-policy");
}

/** The path of a URL relative to its base (`/preview/{first}/{second}/` removed), so rules apply the same under a preview base. */
export function stripPreview(url: string): string {
  return stripBase(url.split("?")[0] || "/");
}

const isPublicAsset = (request: FastifyRequest) => stripPreview(request.url).startsWith("/widgets/");
/**
 * The liveness check answers any page: an element whose call to the API got no answer asks it, and when it answers,
 * the call was refused for the page's origin (CORS), which the element then says instead of blaming the network.
 */
const isLivenessCheck = (request: FastifyRequest) => stripPreview(request.url).replace(/\?.*$/, "") === "/api/health";

async function securityPlugin(app: FastifyInstance) {
  const allowed = new Set([siteOrigin(app.config), ...app.config.allowedOrigins]);
  app.decorate("isAllowedOrigin", (origin: string) => allowed.has(origin));

  await app.register(helmet, {
    // Set per response for HTML only (static-site plugin), see HOST_PAGE_CSP.
    contentSecurityPolicy: false,
    // The embeddable bundle must load on partner pages; static-site switches /widgets to cross-origin.
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginOpenerPolicy: { policy: OPENER_POLICY },
    // Six months, the least HTTP Observatory scores; subdomains only when the operator says all of them speak https.
    hsts: app.config.publicUrl.startsWith("https:") ? { maxAge: 15_552_000, includeSubDomains: app.config.hstsIncludeSubdomains } : false,
  });
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });

  await app.register(cors, {
    delegator: (request: FastifyRequest, callback: (error: Error | null, options: object) => void) => {
      if (isPublicAsset(request) || isLivenessCheck(request)) {
        // The bundle is public and credential-free, so any page may load it as a module script.
        callback(null, { origin: "*", methods: ["GET", "HEAD"] });
        return;
      }
      callback(null, {
        origin: (origin: string | undefined, cb: (err: Error | null, allow: boolean) => void) =>
          cb(null, origin !== undefined && allowed.has(origin)),
        methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        // Agency-Device: the device id the elements send with a sign-in from another origin (sessions/device-cookie.ts).
        allowedHeaders: ["Authorization", "Content-Type", "Accept", "Accept-Language", "Agency-Device"],
        exposedHeaders: ["Retry-After"],
        maxAge: 600,
      });
    },
  });

  const secret = await appSecret(app.db, "ip_hash_secret");
  app.decorate("hashIp", (ip: string) => hmac(secret, clientKey(ip)));
}

export default fp(securityPlugin, { name: "security", dependencies: ["config", "db"] });

import type { FastifyReply, FastifyRequest } from "fastify";
import { randomToken } from "../lib/crypto";

/**
 * The device cookie: a random id that lets an account recognise a browser it signed in from before. httpOnly (no
 * script reads it), SameSite=Lax, Secure when the site is served over https, and kept 400 days (the longest Chromium
 * keeps a cookie); each sign-in sends it again, so a browser in use stays known. It identifies nothing but itself:
 * the account keeps only its SHA-256.
 */
export const DEVICE_COOKIE = "agency_device";
/** How long a browser keeps the cookie; a known browser unseen for longer has lost it, and is forgotten. */
export const DEVICE_COOKIE_DAYS = 400;
const MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 60 * 60;

/**
 * The header the elements send a device id in from a page on another origin (a partner's): a call from there carries
 * no cookie of this site, so the element keeps a random id of its own in the page's storage and sends it with each
 * sign-in. It stands for the browser exactly as the cookie does, and is remembered, and forgotten, the same way.
 */
export const DEVICE_HEADER = "agency-device";

const deviceIdPattern = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * The device id the browser sent, when it looks like one of ours: the cookie's, else the elements' header. The
 * cookie wins: it is the one no script can read.
 */
export function readDeviceId(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === DEVICE_COOKIE) {
      const id = value.join("=");
      if (deviceIdPattern.test(id)) return id;
    }
  }
  const sent = request.headers[DEVICE_HEADER];
  return typeof sent === "string" && deviceIdPattern.test(sent) ? sent : null;
}

/** The browser's device id, a new one when it sent none; the cookie is (re)sent with the answer either way. */
export function deviceIdFor(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const id = readDeviceId(request) ?? randomToken();
  const attributes = ["Path=/", `Max-Age=${MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  reply.header("set-cookie", `${DEVICE_COOKIE}=${id}; ${attributes.join("; ")}`);
  return id;
}

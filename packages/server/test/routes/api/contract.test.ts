import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { Stripe } from "stripe";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { ERROR_CODES, REQUEST_ERRORS, errorText, type ErrorCode, type Locale } from "@agency/contract";
import { i18nFor } from "../../../src/i18n";
import { startFakeStripe, type FakeStripe } from "../../support/fake-stripe";
import { buildTestApp, nextIp, quoteRequest, type TestApp } from "../../support/helpers";
import { deskCases } from "../../support/contract-desk-cases";
import { passkeyCases } from "../../support/contract-passkey-cases";
import { secondFactorCases } from "../../support/contract-second-factor-cases";
import { teamCases } from "../../support/contract-team-cases";

/**
 * The contract test: every operation of the OpenAPI document is called, on its happy path and for every error
 * status it documents that can be provoked here, and each answer's JSON is validated against the schema that
 * operation documents for that status. A documented status without a case below fails the test, so a new route or
 * status cannot go undocumented or untested. Error answers must also carry the text of their code in the request's
 * language, the very text the browser shows for that code.
 */

const SITE = "https://agency.example";
const ADMIN_TOKEN = "contract-test-admin-token-0123456789abcdef";
const WEBHOOK_SECRET = "whsec_contract_test";

let local: TestApp;
let stripe: TestApp;
/** Stripe refuses this server's key (a revoked one): every call to Stripe answers 401. */
let refused: TestApp;
/** Stripe fails: every call answers 500. */
let failing: TestApp;
let fake: FakeStripe;
/**
 * The quote form's proof-of-work challenge on, and new passwords checked against `range`, a local stand-in for the
 * breached-passwords range API (as in accounts/breached-passwords.test.ts) that knows BREACHED: same database.
 */
let guarded: TestApp;
let range: Server;
const BREACHED = "Tr0ub4dor&3-breached";

beforeAll(async () => {
  local = await buildTestApp({
    env: {
      PUBLIC_URL: SITE,
      ADMIN_TOKEN,
      CONTACT_RATE_LIMIT: "1",
      LOGIN_RATE_LIMIT_ACCOUNT: "1",
      REGISTER_RATE_LIMIT: "1",
      FORGOT_PASSWORD_RATE_LIMIT: "1",
      RESET_TOKEN_RATE_LIMIT: "1",
      CONSENT_RATE_LIMIT: "1",
      WITHDRAWAL_RATE_LIMIT: "1",
      PASSKEY_RATE_LIMIT: "1",
      BILLING_RATE_LIMIT: "1",
      // Two: a checkout started and looked up once by one user (several cases do both).
      CHECKOUT_RATE_LIMIT: "2",
    },
  });
  // Same database, with Stripe configured: the webhook exists only then. Its events here need no Stripe API call.
  stripe = await buildTestApp({
    db: local.db,
    env: {
      PUBLIC_URL: SITE,
      STRIPE_SECRET_KEY: "sk_test_contract",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_API_BASE: "http://127.0.0.1:9",
    },
  });
  fake = await startFakeStripe();
  // Stripe failing on its side: every call answers 500 at once (no retry), as an outage would.
  for (const method of ["GET", "POST", "DELETE"]) fake.failRequests(500, method, /.*/);
  failing = await buildTestApp({
    db: local.db,
    env: {
      PUBLIC_URL: SITE,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_API_BASE: fake.url,
    },
  });
  refused = await buildTestApp({
    db: local.db,
    env: {
      PUBLIC_URL: SITE,
      STRIPE_SECRET_KEY: "sk_test_revoked",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_API_BASE: fake.url,
    },
  });
  const breached = createHash("sha1").update(BREACHED).digest("hex").toUpperCase();
  range = createServer((req, res) => {
    const prefix = (req.url ?? "").slice(-5);
    res.writeHead(200, { "content-type": "text/plain" }).end(breached.startsWith(prefix) ? `${breached.slice(5)}:52579` : "00D4F6E8FA6EECAD2A3AA415EEC418D38EC:0");
  });
  await new Promise<void>((resolve) => range.listen(0, "127.0.0.1", resolve));
  guarded = await buildTestApp({
    db: local.db,
    env: { PUBLIC_URL: SITE, CONTACT_CHALLENGE: "on", BREACHED_PASSWORDS_URL: `http://127.0.0.1:${(range.address() as AddressInfo).port}/range/` },
  });
  // Five apps on one new embedded database: long on a busy machine.
}, 180_000);
afterAll(async () => {
  await guarded?.app.close();
  range?.closeAllConnections();
  await new Promise((resolve) => range?.close(resolve));
  await failing?.app.close();
  await refused?.app.close();
  await fake?.close();
  await stripe?.app.close();
  await local?.close();
});

type Json = Record<string, unknown>;

let seq = 0;
async function register(language: Locale = "en") {
  const email = `contract${++seq}-${Date.now()}@example.com`;
  const res = await local.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { name: `Robin ${seq}`, email, password: "secret1-pass", language },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { token: string; user: { id: string } };
  return { email, password: "secret1-pass", id: body.user.id, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}

const checkout = (extra: Json = {}) => ({
  planId: "pro",
  billingPeriod: "yearly",
  successUrl: `${SITE}/dashboard?subscription=success`,
  cancelUrl: `${SITE}/subscribe?subscription=cancelled`,
  ...extra,
});

/** A user with an active local subscription, paid through the test checkout page. */
async function subscribed() {
  const user = await register();
  const created = await local.app.inject({ method: "POST", url: "/api/subscriptions/create-checkout", headers: user.headers, payload: checkout() });
  const path = new URL((created.json() as { checkoutUrl: string }).checkoutUrl).pathname;
  const paid = await local.app.inject({ method: "POST", url: `${path}/pay`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "" });
  expect(paid.statusCode).toBe(303);
  return user;
}

/** A password reset token stored for a user, valid, used or expired. */
async function resetToken(state: "valid" | "used" | "expired") {
  const user = await register();
  const { randomToken, sha256 } = await import("../../../src/lib/crypto");
  const token = randomToken();
  await local.db.query(
    `INSERT INTO password_resets (token_hash, user_id, expires_at, used_at)
     VALUES ($1, $2, now() + make_interval(hours => $3), CASE WHEN $4 THEN now() END)`,
    [sha256(token), user.id, state === "expired" ? -1 : 24, state === "used"],
  );
  return token;
}

/** An e-mail verification link stored for a new user: valid, used, expired, or for a change to an address taken meanwhile. */
async function verificationToken(state: "valid" | "used" | "expired" | "taken") {
  const user = await register();
  const { randomToken, sha256 } = await import("../../../src/lib/crypto");
  const token = randomToken();
  const email = state === "taken" ? (await register()).email : user.email;
  await local.db.query(
    `INSERT INTO email_verifications (token_hash, user_id, email, purpose, expires_at, used_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5), CASE WHEN $6 THEN now() END)`,
    [sha256(token), user.id, email, state === "taken" ? "change" : "verify", state === "expired" ? -1 : 24, state === "used"],
  );
  return token;
}

function webhook(event: Json, signature?: string | null, app = stripe) {
  const payload = JSON.stringify(event);
  const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) : signature;
  return app.app.inject({
    method: "POST",
    url: "/api/subscriptions/webhook",
    headers: { "content-type": "application/json", ...(header === null ? {} : { "stripe-signature": header }) },
    payload,
  });
}

/** One way to provoke one documented answer: the request, and optionally the error code it must carry. */
interface Case {
  status: number;
  code?: ErrorCode;
  /** Language the error text must be in. Default en (no Accept-Language and no user language). */
  locale?: Locale;
  run: () => Promise<LightMyRequestResponse>;
}

const get = (url: string, headers: Record<string, string> = {}) => local.app.inject({ method: "GET", url, headers });
const post = (url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  local.app.inject({ method: "POST", url, headers, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }) });
const del = (url: string, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  local.app.inject({ method: "DELETE", url, headers, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }) });
const patch = (url: string, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  local.app.inject({ method: "PATCH", url, headers, remoteAddress: nextIp(), payload: payload as InjectOptions["payload"] });
/** The second of two calls from one address: over a per-IP limit of 1. */
async function twice(url: string, payload: unknown): Promise<LightMyRequestResponse> {
  const remoteAddress = nextIp();
  await local.app.inject({ method: "POST", url, remoteAddress, payload: payload as InjectOptions["payload"] });
  return local.app.inject({ method: "POST", url, remoteAddress, payload: payload as InjectOptions["payload"] });
}
/** The second of two calls by one signed-in user: over the per-account billing limit of 1. */
async function secondCall(call: (headers: Record<string, string>) => Promise<LightMyRequestResponse>, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  await call(headers);
  return call(headers);
}
const malformed = (url: string) => local.app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: "{oops" });
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** A POST to the app with the challenge on and the breached-passwords check. */
const guardedPost = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  guarded.app.inject({ method: "POST", url, headers, remoteAddress: nextIp(), payload: payload as InjectOptions["payload"] });

const cases: Record<string, Case[]> = {
  "GET /api/health": [{ status: 200, run: () => get("/api/health") }],
  "GET /api/ready": [{ status: 200, run: () => get("/api/ready") }],

  "POST /api/auth/register": [
    { status: 201, run: () => post("/api/auth/register", { name: "Ann", email: `ann-${Date.now()}@example.com`, password: "secret1-pass" }) },
    { status: 400, code: "request.invalid", run: () => post("/api/auth/register", { name: "Ann", email: "not-an-address", password: "secret1-pass" }) },
    { status: 400, code: "request.malformed_json", run: () => malformed("/api/auth/register") },
    { status: 400, code: "auth.common_password", locale: "nl", run: () => post("/api/auth/register", { name: "Ann", email: `ann-${Date.now()}@example.com`, password: "password1" }, { "accept-language": "nl" }) },
    { status: 400, code: "auth.breached_password", run: () => guardedPost("/api/auth/register", { name: "Ann", email: `ann-${Date.now()}@example.com`, password: BREACHED }) },
    {
      status: 409,
      code: "auth.email_taken",
      locale: "nl",
      run: async () => {
        const { email } = await register();
        return post("/api/auth/register", { name: "Ann", email, password: "secret1-pass" }, { "accept-language": "nl" });
      },
    },
    { status: 429, code: "request.too_many", run: () => twice("/api/auth/register", { name: "Ann", email: `limit${++seq}@example.com`, password: "secret1-pass" }) },
  ],
  "GET /api/auth/challenge": [{ status: 200, run: () => get("/api/auth/challenge") }],
  "POST /api/auth/challenge": [
    { status: 200, run: () => post("/api/auth/challenge", { email: "someone@example.com" }) },
    { status: 200, run: () => post("/api/auth/challenge", { signInToken: "unknown" }) },
    { status: 400, code: "request.invalid", run: () => post("/api/auth/challenge", { email: "not an address" }) },
  ],
  "POST /api/auth/login": [
    {
      status: 200,
      run: async () => {
        const { email, password } = await register();
        return post("/api/auth/login", { email, password });
      },
    },
    { status: 400, code: "auth.invalid_credentials", run: () => post("/api/auth/login", { email: "nobody@example.com", password: "x" }) },
    {
      status: 400,
      code: "auth.challenge_required",
      run: async () => {
        const { email } = await register();
        // Five failures from five networks: the sixth guess needs a solved challenge.
        for (let i = 0; i < 5; i++) await post("/api/auth/login", { email, password: "wrong" });
        return post("/api/auth/login", { email, password: "wrong" });
      },
    },
    { status: 400, code: "request.invalid", locale: "nl", run: () => post("/api/auth/login", { email: "x@example.com" }, { "accept-language": "nl" }) },
    {
      status: 429,
      code: "auth.too_many_attempts",
      run: async () => {
        const { email } = await register();
        const remoteAddress = nextIp();
        const login = () => local.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress, payload: { email, password: "wrong" } });
        await login();
        return login();
      },
    },
  ],
  "GET /api/auth/me": [
    { status: 200, run: async () => get("/api/auth/me", (await register()).headers) },
    { status: 401, code: "auth.required", run: () => get("/api/auth/me") },
  ],
  "POST /api/auth/logout": [{ status: 200, run: async () => post("/api/auth/logout", undefined, (await register()).headers) }],
  "POST /api/auth/forgot-password": [
    { status: 200, run: () => post("/api/auth/forgot-password", { email: "someone@example.com", language: "nl" }) },
    { status: 400, code: "request.invalid", run: () => post("/api/auth/forgot-password", { email: "someone@example.com", basePath: "/elsewhere/" }) },
    { status: 429, code: "request.too_many", run: () => twice("/api/auth/forgot-password", { email: "someone@example.com" }) },
  ],
  "POST /api/auth/verify-reset-token": [
    { status: 200, run: async () => post("/api/auth/verify-reset-token", { token: await resetToken("valid") }) },
    { status: 400, code: "auth.reset_invalid", run: () => post("/api/auth/verify-reset-token", { token: "no-such-token" }) },
    { status: 400, code: "auth.reset_used", run: async () => post("/api/auth/verify-reset-token", { token: await resetToken("used") }) },
    {
      status: 400,
      code: "auth.reset_expired",
      locale: "nl",
      run: async () => post("/api/auth/verify-reset-token", { token: await resetToken("expired") }, { "accept-language": "nl" }),
    },
    { status: 400, code: "request.invalid", run: () => post("/api/auth/verify-reset-token", {}) },
    { status: 429, code: "request.too_many", run: () => twice("/api/auth/verify-reset-token", { token: "no-such-token" }) },
  ],
  "POST /api/auth/reset-password": [
    { status: 200, run: async () => post("/api/auth/reset-password", { token: await resetToken("valid"), newPassword: "another1" }) },
    { status: 400, code: "auth.reset_expired", run: async () => post("/api/auth/reset-password", { token: await resetToken("expired"), newPassword: "another1" }) },
    { status: 400, code: "auth.reset_used", run: async () => post("/api/auth/reset-password", { token: await resetToken("used"), newPassword: "another1" }) },
    { status: 400, code: "auth.reset_invalid", run: () => post("/api/auth/reset-password", { token: "no-such-token", newPassword: "another1" }) },
    { status: 400, code: "request.invalid", run: async () => post("/api/auth/reset-password", { token: "x", newPassword: "short" }) },
    { status: 400, code: "auth.common_password", run: async () => post("/api/auth/reset-password", { token: await resetToken("valid"), newPassword: "qwerty123" }) },
    { status: 400, code: "auth.breached_password", run: async () => guardedPost("/api/auth/reset-password", { token: await resetToken("valid"), newPassword: BREACHED }) },
    { status: 429, code: "request.too_many", run: () => twice("/api/auth/reset-password", { token: "no-such-token", newPassword: "another1" }) },
  ],

  "POST /api/auth/verify-email-token": [
    { status: 200, run: async () => post("/api/auth/verify-email-token", { token: await verificationToken("valid") }) },
    { status: 400, code: "auth.verify_invalid", run: () => post("/api/auth/verify-email-token", { token: "no-such-token" }) },
    { status: 400, code: "auth.verify_used", run: async () => post("/api/auth/verify-email-token", { token: await verificationToken("used") }) },
    {
      status: 400,
      code: "auth.verify_expired",
      locale: "nl",
      run: async () => post("/api/auth/verify-email-token", { token: await verificationToken("expired") }, { "accept-language": "nl" }),
    },
    { status: 400, code: "request.invalid", run: () => post("/api/auth/verify-email-token", {}) },
    { status: 429, code: "request.too_many", run: () => twice("/api/auth/verify-email-token", { token: "no-such-token" }) },
  ],
  "POST /api/auth/verify-email": [
    { status: 200, run: async () => post("/api/auth/verify-email", { token: await verificationToken("valid") }) },
    { status: 400, code: "auth.verify_invalid", run: () => post("/api/auth/verify-email", { token: "no-such-token" }) },
    { status: 400, code: "auth.verify_used", run: async () => post("/api/auth/verify-email", { token: await verificationToken("used") }) },
    {
      status: 400,
      code: "auth.verify_expired",
      locale: "nl",
      run: async () => post("/api/auth/verify-email", { token: await verificationToken("expired") }, { "accept-language": "nl" }),
    },
    { status: 400, code: "request.invalid", run: () => post("/api/auth/verify-email", {}) },
    { status: 409, code: "auth.email_taken", run: async () => post("/api/auth/verify-email", { token: await verificationToken("taken") }) },
    { status: 429, code: "request.too_many", run: () => twice("/api/auth/verify-email", { token: "no-such-token" }) },
  ],
  "POST /api/auth/resend-verification": [
    { status: 200, run: async () => post("/api/auth/resend-verification", {}, (await register()).headers) },
    { status: 400, code: "request.invalid", run: async () => post("/api/auth/resend-verification", { basePath: "/elsewhere/" }, (await register()).headers) },
    { status: 401, code: "auth.required", run: () => post("/api/auth/resend-verification", {}) },
    {
      status: 409,
      code: "auth.already_verified",
      locale: "nl",
      run: async () => {
        const user = await register("nl");
        await local.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [user.id]);
        return post("/api/auth/resend-verification", {}, { ...user.headers, "accept-language": "nl" });
      },
    },
    {
      status: 429,
      code: "account.too_many_mails",
      run: async () => {
        const { headers } = await register();
        for (let i = 0; i < 3; i++) await post("/api/auth/resend-verification", {}, headers);
        return post("/api/auth/resend-verification", {}, headers);
      },
    },
  ],

  "PATCH /api/account/profile": [
    { status: 200, run: async () => patch("/api/account/profile", { name: "Robin Renamed" }, (await register()).headers) },
    { status: 400, code: "request.invalid", run: async () => patch("/api/account/profile", { name: "" }, (await register()).headers) },
    { status: 401, code: "auth.required", run: () => patch("/api/account/profile", { name: "Nobody" }) },
  ],
  "POST /api/account/password": [
    { status: 200, run: async () => post("/api/account/password", { currentPassword: "secret1-pass", newPassword: "brand-new-9" }, (await register()).headers) },
    {
      status: 400,
      code: "account.wrong_password",
      locale: "nl",
      run: async () => post("/api/account/password", { currentPassword: "wrong", newPassword: "brand-new-9" }, { ...(await register()).headers, "accept-language": "nl" }),
    },
    {
      status: 400,
      code: "auth.common_password",
      run: async () => post("/api/account/password", { currentPassword: "secret1-pass", newPassword: "password1" }, (await register()).headers),
    },
    {
      status: 400,
      code: "auth.breached_password",
      run: async () => guardedPost("/api/account/password", { currentPassword: "secret1-pass", newPassword: BREACHED }, (await register()).headers),
    },
    { status: 400, code: "request.invalid", run: async () => post("/api/account/password", { currentPassword: "secret1-pass", newPassword: "x" }, (await register()).headers) },
    { status: 401, code: "auth.required", run: () => post("/api/account/password", { currentPassword: "secret1-pass", newPassword: "brand-new-9" }) },
    {
      status: 429,
      code: "account.too_many_attempts",
      run: async () => {
        const { headers } = await register();
        await post("/api/account/password", { currentPassword: "wrong", newPassword: "brand-new-9" }, headers);
        return post("/api/account/password", { currentPassword: "wrong", newPassword: "brand-new-9" }, headers);
      },
    },
  ],
  "POST /api/account/email": [
    { status: 200, run: async () => post("/api/account/email", { newEmail: `moved${++seq}@example.com`, password: "secret1-pass" }, (await register()).headers) },
    { status: 400, code: "account.wrong_password", run: async () => post("/api/account/email", { newEmail: "x@example.com", password: "wrong" }, (await register()).headers) },
    {
      status: 400,
      code: "account.same_email",
      locale: "nl",
      run: async () => {
        const user = await register();
        return post("/api/account/email", { newEmail: user.email, password: "secret1-pass", language: "nl" }, user.headers);
      },
    },
    { status: 400, code: "request.invalid", run: async () => post("/api/account/email", { newEmail: "nope", password: "secret1-pass" }, (await register()).headers) },
    { status: 401, code: "auth.required", run: () => post("/api/account/email", { newEmail: "x@example.com", password: "secret1-pass" }) },
    {
      status: 429,
      code: "account.too_many_attempts",
      run: async () => {
        const { headers } = await register();
        await post("/api/account/email", { newEmail: "x@example.com", password: "wrong" }, headers);
        return post("/api/account/email", { newEmail: "x@example.com", password: "wrong" }, headers);
      },
    },
    {
      status: 429,
      code: "account.too_many_mails",
      run: async () => {
        const { headers } = await register();
        for (let i = 0; i < 5; i++) await post("/api/account/email", { newEmail: `many${++seq}@example.com`, password: "secret1-pass" }, headers);
        return post("/api/account/email", { newEmail: `many${++seq}@example.com`, password: "secret1-pass" }, headers);
      },
    },
  ],
  "GET /api/account/sessions": [
    { status: 200, run: async () => get("/api/account/sessions", (await register()).headers) },
    { status: 400, code: "request.invalid", run: async () => get("/api/account/sessions?page=0", (await register()).headers) },
    { status: 401, code: "auth.required", run: () => get("/api/account/sessions") },
  ],
  "DELETE /api/account/sessions": [
    { status: 200, run: async () => del("/api/account/sessions", undefined, (await register()).headers) },
    { status: 401, code: "auth.required", run: () => del("/api/account/sessions", undefined) },
  ],
  "DELETE /api/account/sessions/{id}": [
    {
      status: 200,
      run: async () => {
        const user = await register();
        const { sessions } = (await get("/api/account/sessions", user.headers)).json() as { sessions: { id: string }[] };
        return del(`/api/account/sessions/${sessions[0]!.id}`, undefined, user.headers);
      },
    },
    { status: 400, code: "request.invalid", run: async () => del("/api/account/sessions/not-a-uuid", undefined, (await register()).headers) },
    { status: 401, code: "auth.required", run: () => del(`/api/account/sessions/${crypto.randomUUID()}`, undefined) },
    {
      status: 404,
      code: "account.session_not_found",
      locale: "nl",
      run: async () => del(`/api/account/sessions/${crypto.randomUUID()}`, undefined, { ...(await register()).headers, "accept-language": "nl" }),
    },
  ],

  "GET /api/account/export": [
    { status: 200, run: async () => get(`/api/account/export?consentId=${crypto.randomUUID()}`, (await subscribed()).headers) },
    { status: 400, code: "request.invalid", run: async () => get("/api/account/export?consentId=nope", (await register()).headers) },
    { status: 401, code: "auth.required", run: () => get("/api/account/export") },
  ],
  "DELETE /api/account": [
    { status: 200, run: async () => del("/api/account", { password: "secret1-pass" }, (await subscribed()).headers) },
    {
      status: 400,
      code: "account.wrong_password",
      locale: "nl",
      run: async () => del("/api/account", { password: "wrong" }, { ...(await register()).headers, "accept-language": "nl" }),
    },
    { status: 400, code: "request.invalid", run: async () => del("/api/account", {}, (await register()).headers) },
    { status: 401, code: "auth.required", run: () => del("/api/account", { password: "secret1-pass" }) },
    {
      status: 429,
      code: "account.too_many_attempts",
      run: async () => {
        const { headers } = await register();
        await del("/api/account", { password: "wrong" }, headers);
        return del("/api/account", { password: "wrong" }, headers);
      },
    },
    { status: 503, code: "account.cancel_failed", run: async () => del("/api/account", { password: "secret1-pass" }, (await stripeSubscriber()).headers) },
  ],

  "POST /api/contact": [
    { status: 200, run: () => post("/api/contact", quoteRequest()) },
    { status: 400, code: "contact.invalid_field", locale: "nl", run: () => post("/api/contact", quoteRequest({ email: "nope", phone: "x" })) },
    { status: 400, code: "request.malformed_json", run: () => malformed("/api/contact") },
    // With the challenge on, a request without a solution of one is refused.
    { status: 400, code: "contact.challenge_failed", run: () => guardedPost("/api/contact", quoteRequest({ language: "en" })) },
    {
      status: 429,
      code: "contact.too_many_requests",
      locale: "en",
      run: async () => {
        const remoteAddress = nextIp();
        const send = () => local.app.inject({ method: "POST", url: "/api/contact", remoteAddress, payload: quoteRequest({ language: "en" }) });
        expect((await send()).statusCode).toBe(200);
        return send();
      },
    },
  ],

  "GET /api/contact/challenge": [{ status: 200, run: () => get("/api/contact/challenge") }],

  "GET /api/blog": [
    { status: 200, run: () => get("/api/blog?page=1&limit=3") },
    { status: 400, code: "request.invalid", run: () => get("/api/blog?page=0") },
  ],
  "GET /api/blog/{id}": [
    { status: 200, run: () => get("/api/blog/website-speed-optimisation") },
    { status: 404, code: "blog.not_found", locale: "nl", run: () => get("/api/blog/no-such-post", { "accept-language": "nl" }) },
  ],

  "POST /api/consent": [
    {
      status: 200,
      run: () =>
        post("/api/consent", { id: crypto.randomUUID(), necessary: true, analytics: false, marketing: true, version: 1, timestamp: new Date().toISOString() }),
    },
    { status: 400, code: "request.invalid", run: () => post("/api/consent", { id: "not-a-uuid", necessary: false }) },
    {
      status: 429,
      code: "request.too_many",
      run: () => twice("/api/consent", { id: crypto.randomUUID(), necessary: true, analytics: false, marketing: false, version: 1, timestamp: new Date().toISOString() }),
    },
  ],

  "GET /api/subscriptions/plans": [
    { status: 200, run: () => get("/api/subscriptions/plans", { "accept-language": "nl" }) },
    { status: 200, run: () => get("/api/subscriptions/plans") },
  ],
  "GET /api/subscriptions/current": [
    { status: 200, run: async () => get("/api/subscriptions/current", (await subscribed()).headers) },
    { status: 200, run: async () => get("/api/subscriptions/current", (await register()).headers) },
    { status: 401, code: "auth.required", run: () => get("/api/subscriptions/current") },
  ],
  "POST /api/subscriptions/create-checkout": [
    { status: 200, run: async () => post("/api/subscriptions/create-checkout", checkout(), (await register()).headers) },
    {
      status: 502,
      code: "payments.unavailable",
      run: async () => refused.app.inject({ method: "POST", url: "/api/subscriptions/create-checkout", headers: (await register()).headers, payload: checkout() }),
    },
    {
      status: 503,
      code: "payments.unavailable",
      run: async () => failing.app.inject({ method: "POST", url: "/api/subscriptions/create-checkout", headers: (await register()).headers, payload: checkout() }),
    },
    { status: 400, code: "subscriptions.unknown_plan", run: async () => post("/api/subscriptions/create-checkout", checkout({ planId: "gold" }), (await register()).headers) },
    {
      status: 400,
      code: "subscriptions.invalid_redirect",
      locale: "nl",
      run: async () => post("/api/subscriptions/create-checkout", checkout({ successUrl: "https://evil.example/", language: "nl" }), (await register()).headers),
    },
    { status: 400, code: "request.invalid", run: async () => post("/api/subscriptions/create-checkout", checkout({ billingPeriod: "weekly" }), (await register()).headers) },
    { status: 401, code: "auth.required", run: () => post("/api/subscriptions/create-checkout", checkout()) },
    { status: 409, code: "subscriptions.already_active", run: async () => post("/api/subscriptions/create-checkout", checkout(), (await subscribed()).headers) },
    {
      status: 429,
      code: "request.too_many",
      run: async () => {
        const user = await register();
        for (let i = 0; i < 2; i++) await post("/api/subscriptions/create-checkout", checkout(), user.headers);
        return post("/api/subscriptions/create-checkout", checkout(), user.headers);
      },
    },
    {
      status: 409,
      code: "subscriptions.payment_problem",
      run: async () => {
        const user = await subscribed();
        await local.db.query("UPDATE subscriptions SET status = 'past_due' WHERE user_id = $1", [user.id]);
        return post("/api/subscriptions/create-checkout", checkout(), user.headers);
      },
    },
  ],
  "POST /api/subscriptions/cancel": [
    { status: 200, run: async () => post("/api/subscriptions/cancel", undefined, (await subscribed()).headers) },
    { status: 200, run: async () => post("/api/subscriptions/cancel", { reason: "other", comment: "Moving abroad" }, (await subscribed()).headers) },
    { status: 400, code: "request.invalid", run: async () => post("/api/subscriptions/cancel", { reason: "because" }, (await subscribed()).headers) },
    { status: 401, code: "auth.required", run: () => post("/api/subscriptions/cancel") },
    { status: 404, code: "subscriptions.none", run: async () => post("/api/subscriptions/cancel", undefined, (await register()).headers) },
    { status: 502, code: "payments.unavailable", run: async () => refused.app.inject({ method: "POST", url: "/api/subscriptions/cancel", headers: (await stripeSubscriber()).headers }) },
    { status: 503, code: "payments.unavailable", run: async () => post("/api/subscriptions/cancel", undefined, (await stripeSubscriber()).headers) },
    {
      status: 429,
      code: "request.too_many",
      run: async () => {
        const user = await subscribed();
        await post("/api/subscriptions/cancel", undefined, user.headers);
        return post("/api/subscriptions/cancel", undefined, user.headers);
      },
    },
  ],
  "POST /api/subscriptions/resume": [
    {
      status: 502,
      code: "payments.unavailable",
      run: async () => {
        const user = await stripeSubscriber();
        await local.db.query("UPDATE subscriptions SET cancel_at_period_end = true WHERE user_id = $1", [user.id]);
        return refused.app.inject({ method: "POST", url: "/api/subscriptions/resume", headers: user.headers });
      },
    },
    {
      status: 200,
      run: async () => {
        const user = await subscribed();
        await local.db.query("UPDATE subscriptions SET cancel_at_period_end = true WHERE user_id = $1", [user.id]);
        return post("/api/subscriptions/resume", undefined, user.headers);
      },
    },
    {
      status: 429,
      code: "request.too_many",
      run: async () => {
        const user = await subscribed();
        await post("/api/subscriptions/cancel", undefined, user.headers);
        return post("/api/subscriptions/resume", undefined, user.headers);
      },
    },
    { status: 401, code: "auth.required", run: () => post("/api/subscriptions/resume") },
    { status: 404, code: "subscriptions.none", run: async () => post("/api/subscriptions/resume", undefined, (await register()).headers) },
    {
      status: 409,
      code: "subscriptions.period_over",
      run: async () => {
        const user = await subscribed();
        await local.db.query(
          "UPDATE subscriptions SET cancel_at_period_end = true, current_period_end = now() - interval '1 minute' WHERE user_id = $1",
          [user.id],
        );
        return post("/api/subscriptions/resume", undefined, user.headers);
      },
    },
    {
      status: 503,
      code: "payments.unavailable",
      run: async () => {
        const user = await stripeSubscriber();
        await local.db.query("UPDATE subscriptions SET cancel_at_period_end = true WHERE user_id = $1", [user.id]);
        return post("/api/subscriptions/resume", undefined, user.headers);
      },
    },
  ],
  "POST /api/subscriptions/webhook": [
    { status: 200, run: () => webhook({ id: `evt_${Date.now()}`, object: "event", type: "invoice.paid", data: { object: {} } }) },
    { status: 400, code: "payments.signature_invalid", run: () => webhook({ id: "evt_bad", object: "event", type: "invoice.paid" }, "t=1,v1=00") },
    { status: 400, code: "payments.signature_missing", run: () => webhook({ id: "evt_none", object: "event", type: "invoice.paid" }, null) },
    { status: 404, code: "payments.webhook_disabled", run: () => post("/api/subscriptions/webhook", {}) },
    { status: 502, code: "payments.unavailable", run: () => webhook(subscriptionEvent(), undefined, refused) },
    { status: 503, code: "payments.unavailable", run: () => webhook(subscriptionEvent(), undefined, failing) },
  ],

  "POST /api/subscriptions/portal": [
    { status: 200, run: async () => post("/api/subscriptions/portal", { returnUrl: `${SITE}/dashboard/settings` }, (await subscribed()).headers) },
    {
      status: 400,
      code: "subscriptions.invalid_redirect",
      locale: "nl",
      run: async () => post("/api/subscriptions/portal", { returnUrl: "https://evil.example/", language: "nl" }, (await subscribed()).headers),
    },
    { status: 400, code: "request.invalid", run: async () => post("/api/subscriptions/portal", {}, (await subscribed()).headers) },
    { status: 401, code: "auth.required", run: () => post("/api/subscriptions/portal", { returnUrl: `${SITE}/dashboard/settings` }) },
    { status: 404, code: "subscriptions.none", run: async () => post("/api/subscriptions/portal", { returnUrl: `${SITE}/dashboard/settings` }, (await register()).headers) },
    {
      status: 429,
      code: "request.too_many",
      run: async () => secondCall((headers) => post("/api/subscriptions/portal", { returnUrl: `${SITE}/dashboard/settings` }, headers), (await subscribed()).headers),
    },
    { status: 502, code: "payments.unavailable", run: async () => portalAt(refused, (await stripeCustomer()).headers) },
    { status: 503, code: "payments.unavailable", run: async () => portalAt(failing, (await stripeCustomer()).headers) },
  ],
  "POST /api/subscriptions/pay": [
    { status: 200, run: async () => post("/api/subscriptions/pay", { returnUrl: `${SITE}/dashboard/settings` }, (await owing(await subscribed())).headers) },
    {
      status: 400,
      code: "subscriptions.invalid_redirect",
      locale: "nl",
      run: async () => post("/api/subscriptions/pay", { returnUrl: "https://evil.example/", language: "nl" }, (await owing(await subscribed())).headers),
    },
    { status: 400, code: "request.invalid", run: async () => post("/api/subscriptions/pay", {}, (await subscribed()).headers) },
    { status: 401, code: "auth.required", run: () => post("/api/subscriptions/pay", { returnUrl: `${SITE}/dashboard/settings` }) },
    { status: 404, code: "subscriptions.nothing_due", run: async () => post("/api/subscriptions/pay", { returnUrl: `${SITE}/dashboard/settings` }, (await subscribed()).headers) },
    {
      status: 429,
      code: "request.too_many",
      run: async () => secondCall((headers) => post("/api/subscriptions/pay", { returnUrl: `${SITE}/dashboard/settings` }, headers), (await owing(await subscribed())).headers),
    },
    { status: 502, code: "payments.unavailable", run: async () => payAt(refused, (await owing(await stripeCustomer())).headers) },
    { status: 503, code: "payments.unavailable", run: async () => payAt(failing, (await owing(await stripeCustomer())).headers) },
  ],
  "GET /api/subscriptions/invoices": [
    { status: 200, run: async () => get("/api/subscriptions/invoices", (await subscribed()).headers) },
    { status: 401, code: "auth.required", run: () => get("/api/subscriptions/invoices") },
    { status: 429, code: "request.too_many", run: async () => secondCall((headers) => get("/api/subscriptions/invoices", headers), (await subscribed()).headers) },
    { status: 502, code: "payments.unavailable", run: async () => refused.app.inject({ url: "/api/subscriptions/invoices", headers: (await stripeCustomer()).headers }) },
    { status: 503, code: "payments.unavailable", run: async () => failing.app.inject({ url: "/api/subscriptions/invoices", headers: (await stripeCustomer()).headers }) },
  ],
  "GET /api/subscriptions/checkouts/{id}": [
    {
      status: 200,
      run: async () => {
        const user = await register();
        await post("/api/subscriptions/create-checkout", checkout(), user.headers);
        return get(`/api/subscriptions/checkouts/${await checkoutReference(user.id)}`, user.headers);
      },
    },
    { status: 401, code: "auth.required", run: () => get("/api/subscriptions/checkouts/local_x") },
    { status: 404, code: "not_found", run: async () => get("/api/subscriptions/checkouts/local_x", (await register()).headers) },
    {
      status: 429,
      code: "request.too_many",
      run: async () => {
        const user = await register();
        await post("/api/subscriptions/create-checkout", checkout(), user.headers);
        const id = await checkoutReference(user.id);
        await get(`/api/subscriptions/checkouts/${id}`, user.headers);
        return get(`/api/subscriptions/checkouts/${id}`, user.headers);
      },
    },
    { status: 502, code: "payments.unavailable", run: async () => openStripeCheckout(refused) },
    { status: 503, code: "payments.unavailable", run: async () => openStripeCheckout(failing) },
  ],

  "POST /api/withdrawals": [
    { status: 200, run: async () => post("/api/withdrawals", { name: "Robin", email: (await subscribed()).email, reference: "INV-7" }) },
    { status: 400, code: "request.invalid", run: () => post("/api/withdrawals", { name: "Robin", email: "not-an-address" }) },
    { status: 429, code: "request.too_many", run: () => twice("/api/withdrawals", { name: "Robin", email: "nobody@example.com" }) },
  ],
  "GET /api/withdrawals/mine": [
    { status: 200, run: async () => get("/api/withdrawals/mine", (await subscribed()).headers) },
    { status: 401, code: "auth.required", run: () => get("/api/withdrawals/mine") },
  ],
  "POST /api/withdrawals/undo": [
    { status: 200, run: async () => post("/api/withdrawals/undo", { token: await undoToken("pending", await subscribed()) }) },
    { status: 400, code: "withdrawals.undo_invalid", run: () => post("/api/withdrawals/undo", { token: "unknown" }) },
    { status: 409, code: "withdrawals.undo_busy", run: async () => post("/api/withdrawals/undo", { token: await undoToken("claimed", await subscribed()) }) },
    { status: 429, code: "request.too_many", run: () => twice("/api/withdrawals/undo", { token: "unknown" }) },
    {
      status: 502,
      code: "payments.unavailable",
      run: async () => refused.app.inject({ method: "POST", url: "/api/withdrawals/undo", remoteAddress: nextIp(), payload: { token: await undoToken("cancelled", await stripeSubscriber()) } }),
    },
    {
      status: 503,
      code: "payments.unavailable",
      run: async () => failing.app.inject({ method: "POST", url: "/api/withdrawals/undo", remoteAddress: nextIp(), payload: { token: await undoToken("cancelled", await stripeSubscriber()) } }),
    },
  ],
  "GET /api/admin/withdrawals": [
    { status: 200, run: () => get("/api/admin/withdrawals", admin) },
    { status: 403, code: "admin.forbidden", run: () => get("/api/admin/withdrawals", { authorization: "Bearer wrong" }) },
    { status: 429, code: "admin.too_many_exports", run: () => exhaustAdmin("/api/admin/withdrawals") },
  ],
  "GET /api/admin/cancellation-reasons": [
    { status: 200, run: () => get("/api/admin/cancellation-reasons", admin) },
    { status: 403, code: "admin.forbidden", run: () => get("/api/admin/cancellation-reasons", { authorization: "Bearer wrong" }) },
    { status: 429, code: "admin.too_many_exports", run: () => exhaustAdmin("/api/admin/cancellation-reasons") },
  ],
  "GET /api/admin/contact-requests": [
    { status: 200, run: () => get("/api/admin/contact-requests", admin) },
    { status: 200, run: () => get("/api/admin/contact-requests?format=csv", admin) },
    { status: 400, code: "request.invalid", run: () => get("/api/admin/contact-requests?format=xml", admin) },
    { status: 403, code: "admin.forbidden", run: () => get("/api/admin/contact-requests", { authorization: "Bearer wrong" }) },
    {
      status: 429,
      code: "admin.too_many_exports",
      run: async () => {
        const remoteAddress = nextIp();
        const send = () => local.app.inject({ method: "GET", url: "/api/admin/contact-requests", headers: admin, remoteAddress });
        for (let i = 0; i < local.config.limits.adminExportsPerIp; i++) await send();
        return send();
      },
    },
  ],
};

Object.assign(cases, passkeyCases({ local: lazy(() => local), site: SITE, register }));
Object.assign(cases, deskCases({ local: lazy(() => local), guarded: lazy(() => guarded), breached: BREACHED, refused: lazy(() => refused), failing: lazy(() => failing), register, subscribed, stripeCustomer }));
Object.assign(cases, secondFactorCases({ local: lazy(() => local), register: () => register() }));
// The team's operations, and the 403 of the subscription calls beside their other cases.
for (const [key, list] of Object.entries(teamCases({ local: lazy(() => local), site: SITE }))) cases[key] = [...(cases[key] ?? []), ...list];

/** The apps are made in beforeAll, after the cases are written: each case reads them when it runs. */
function lazy(app: () => TestApp): TestApp {
  return new Proxy({} as TestApp, { get: (_target, key) => app()[key as keyof TestApp] });
}

/**
 * Documented answers no request can provoke on this server, with why. Readiness fails only with a database that does
 * not answer, which app/operations.test.ts sets up.
 */
const unprovokable: Record<string, string> = {
  "GET /api/ready 503": "needs a database that does not answer (app/operations.test.ts)",
};

/**
 * The answers routes/api/openapi-conformance.test.ts provokes on every operation (a body that is no JSON, too large or of another
 * type; a database that is away or too slow): a status that lists only these codes needs no case here.
 */
const SENT_TO_EVERY_OPERATION: Record<string, readonly string[]> = {
  "400": REQUEST_ERRORS,
  "413": ["request.too_large"],
  "415": ["request.unsupported_media_type"],
  "503": ["server.unavailable", "server.database_timeout"],
};

/** The error codes the document lists for a status of an operation (the shared error schema, narrowed). */
function codesOf(operation: Operation, status: string): string[] | undefined {
  const schema = operation.responses[status]?.content?.["application/json"]?.schema as { allOf?: { properties?: { code?: { enum?: string[] } } }[] } | undefined;
  return schema?.allOf?.[1]?.properties?.code?.enum;
}

function sentToEveryOperation(operation: Operation, status: string): boolean {
  const generic = SENT_TO_EVERY_OPERATION[status];
  const codes = codesOf(operation, status);
  return !!generic && !!codes && codes.every((code) => generic.includes(code));
}

/**
 * Codes an operation lists whose case is still to be written here (each status of these operations has a case with
 * another code). Every listed code has one now: keep it empty, never add to it.
 */
const CODES_WITHOUT_A_CASE: string[] = [];

/** One admin GET more than the per-IP export limit allows. */
async function exhaustAdmin(url: string) {
  const remoteAddress = nextIp();
  const send = () => local.app.inject({ method: "GET", url, headers: admin, remoteAddress });
  for (let i = 0; i < local.config.limits.adminExportsPerIp; i++) await send();
  return send();
}

/**
 * The undo link of a statement stored for the user's subscription: one waiting to be carried out, one being carried
 * out this moment, or one that cancelled at period end (undoing it asks the provider to resume).
 */
async function undoToken(state: "pending" | "claimed" | "cancelled", user: { id: string; email: string }) {
  const { randomToken, sha256 } = await import("../../../src/lib/crypto");
  const token = randomToken();
  if (state === "cancelled") await local.db.query("UPDATE subscriptions SET cancel_at_period_end = true WHERE user_id = $1", [user.id]);
  await local.db.query(
    `INSERT INTO withdrawals (name, email, locale, user_id, subscription_id, within_period, outcome, undo_token_hash, undo_expires_at, claimed_until)
     SELECT 'Robin', $2, 'en', $1, s.id, $3, $4, $5, now() + interval '1 day', CASE WHEN $6 THEN now() + interval '1 minute' END
       FROM subscriptions s WHERE s.user_id = $1`,
    [user.id, user.email, state !== "cancelled", state === "cancelled" ? "cancelled_at_period_end" : "pending", sha256(token), state === "claimed"],
  );
  return token;
}

/** A user with a customer at Stripe (and a Stripe subscription), for the calls that ask Stripe about it. */
async function stripeCustomer() {
  const user = await stripeSubscriber();
  await local.db.query("INSERT INTO payment_customers (user_id, provider, customer_id) VALUES ($1, 'stripe', $2)", [user.id, `cus_contract_${user.id}`]);
  return user;
}

const payAt = (app: TestApp, headers: Record<string, string>) =>
  app.app.inject({ method: "POST", url: "/api/subscriptions/pay", headers, payload: { returnUrl: `${SITE}/dashboard/settings` } });

/** The user's subscription now owes a renewal (as a failed payment leaves it). */
async function owing<T extends { id: string }>(user: T): Promise<T> {
  await local.db.query(
    `UPDATE subscriptions SET status = 'past_due', payment_issue = 'failed', payment_issue_since = now(),
            payment_issue_invoice = CASE WHEN provider = 'stripe' THEN 'in_contract_owed' ELSE 'local_owed' END
      WHERE user_id = $1`,
    [user.id],
  );
  return user;
}

const portalAt = (app: TestApp, headers: Record<string, string>) =>
  app.app.inject({ method: "POST", url: "/api/subscriptions/portal", headers, payload: { returnUrl: `${SITE}/dashboard/settings` } });

/** The checkout id the return address of the user's newest checkout carries. */
async function checkoutReference(userId: string): Promise<string> {
  const { rows } = await local.db.query<{ external_id: string }>("SELECT external_id FROM checkout_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1", [
    userId,
  ]);
  return rows[0]!.external_id;
}

/** Asks `app` about an open Stripe checkout of a new user, which makes it ask Stripe. */
async function openStripeCheckout(app: TestApp) {
  const user = await register();
  const reference = `cs_contract_${user.id}`;
  await local.db.query(
    `INSERT INTO checkout_sessions (id, provider, external_id, user_id, plan_id, billing_period, locale, success_url, cancel_url, expires_at)
     VALUES ($1, 'stripe', $2, $3, 'pro', 'yearly', 'en', $4, $4, now() + interval '1 day')`,
    [`contract-${user.id}`, reference, user.id, `${SITE}/dashboard`],
  );
  return app.app.inject({ url: `/api/subscriptions/checkouts/${reference}`, headers: user.headers });
}

/** An event naming a Stripe subscription, which the webhook asks Stripe about. */
const subscriptionEvent = () => ({
  id: `evt_contract_${Date.now()}_${++seq}`,
  object: "event",
  type: "customer.subscription.updated",
  data: { object: { id: `sub_contract_${seq}`, object: "subscription", status: "active", metadata: {}, items: { data: [] } } },
});

/** A user whose (active) subscription is a Stripe one, on the server without Stripe. */
async function stripeSubscriber() {
  const user = await register();
  await local.db.query(
    `INSERT INTO subscriptions (user_id, plan_id, billing_period, provider, external_id, status, current_period_start, current_period_end, billing_anchor)
     VALUES ($1, 'pro', 'monthly', 'stripe', $2, 'active', now(), now() + interval '1 month', now())`,
    [user.id, `sub_contract_${user.id}`],
  );
  return user;
}

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object } | undefined> }>;
}

describe("the API keeps its documented contract", () => {
  let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, object> } };
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));

  beforeAll(async () => {
    const res = await local.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) ajv.addSchema(schema, `#/components/schemas/${name}`);
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );

  it("has a case for every documented operation and status", async () => {
    const missing: string[] = [];
    for (const { key, operation } of operations()) {
      for (const status of Object.keys(operation.responses)) {
        const covered =
          (cases[key] ?? []).some((c) => String(c.status) === status) || `${key} ${status}` in unprovokable || sentToEveryOperation(operation, status);
        if (!covered) missing.push(`${key} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    // And no case for an operation the document does not list (a renamed route).
    expect(Object.keys(cases).filter((key) => !operations().some((o) => o.key === key))).toEqual([]);
  });

  it("has a case for every error code each operation lists, beside those sent to every operation and those listed as without one", () => {
    const missing: string[] = [];
    for (const { key, operation } of operations()) {
      for (const status of Object.keys(operation.responses)) {
        // auth.required is every session's answer without one (routes/api/openapi-conformance.test.ts sends that to each).
        const generic = [...(SENT_TO_EVERY_OPERATION[status] ?? []), "auth.required"];
        for (const code of codesOf(operation, status) ?? []) {
          if (generic.includes(code) || `${key} ${status}` in unprovokable) continue;
          if (!(cases[key] ?? []).some((c) => String(c.status) === status && c.code === code)) missing.push(`${key} ${status} ${code}`);
        }
      }
    }
    // Exactly the list: a code that gets a case leaves it, and no new code joins it unnoticed.
    expect(missing.sort()).toEqual([...CODES_WITHOUT_A_CASE].sort());
  });

  // Every case in turn, many with a sign-up (an Argon2 hash): 142 s of the 180 s once on a loaded machine, so 300 s.
  it("answers every case with JSON that matches the documented schema of its status", { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (const { key, operation } of operations()) {
      for (const c of cases[key] ?? []) {
        const res = await c.run();
        const label = `${key} → ${c.status}${c.code ? ` ${c.code}` : ""}`;
        if (res.statusCode !== c.status) {
          failures.push(`${label}: got ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        const content = operation.responses[String(c.status)]?.content ?? {};
        const type = String(res.headers["content-type"]).split(";")[0]!.trim();
        if (type !== "application/json") {
          // Not JSON (the CSV exports): the document must list the answer's type.
          if (!content[type]) failures.push(`${label}: content-type ${type}, documented ${Object.keys(content).join(", ")}`);
          continue;
        }
        const schema = content["application/json"]?.schema;
        if (!schema) {
          failures.push(`${label}: the document has no JSON schema for this status`);
          continue;
        }
        const body = res.json() as Json;
        const validate = ajv.compile(schema);
        if (!validate(body)) failures.push(`${label}: ${ajv.errorsText(validate.errors)} in ${res.body.slice(0, 300)}`);
        if (c.code) {
          const expected = errorText(i18nFor(c.locale ?? "en"), c.code, {
            fields: body.fields as string[] | undefined,
            retryAfter: body.retryAfter as number | undefined,
          });
          if (body.code !== c.code) failures.push(`${label}: code ${String(body.code)}`);
          if (body.error !== expected) failures.push(`${label}: error ${JSON.stringify(body.error)}, expected ${JSON.stringify(expected)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("lists every error code in the document", async () => {
    const text = JSON.stringify(doc);
    expect(ERROR_CODES.filter((code) => !text.includes(`"${code}"`))).toEqual([]);
  });
});

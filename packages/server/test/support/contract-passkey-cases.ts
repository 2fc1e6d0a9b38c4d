import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { ErrorCode, Locale } from "@agency/contract";
import { MAX_PASSKEYS_PER_ACCOUNT } from "@agency/contract";
import { nextIp, type TestApp } from "./helpers";
import { SoftPasskey } from "./soft-authenticator";

/**
 * The contract test's cases for passkeys (/api/account/passkeys, /api/auth/passkey, /.well-known/webauthn), one or
 * more per documented operation and status. The app's passkey limit per IP is 1, so a second call from one address
 * is over it.
 */

interface Case {
  status: number;
  code?: ErrorCode;
  locale?: Locale;
  run: () => Promise<LightMyRequestResponse>;
}

type Headers = Record<string, string>;

export function passkeyCases({ local, site, register: registerUnproven }: { local: TestApp; site: string; register: () => Promise<{ id: string; headers: Headers }> }) {
  const call = (method: InjectOptions["method"], url: string, headers: Headers = {}, payload?: unknown, remoteAddress = nextIp()) =>
    local.app.inject({ method, url, headers, remoteAddress, ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }) });
  /** A customer whose address is verified, as only such an account adds a passkey. */
  const register = async () => {
    const user = await registerUnproven();
    await local.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [user.id]);
    return user;
  };
  /** Adding a passkey takes the password every time. */
  const password = { password: "secret1-pass" };

  /** A new account with one passkey: its headers, the passkey's id and the authenticator holding it. */
  const withPasskey = async () => {
    const user = await register();
    const key = new SoftPasskey();
    const options = (await call("POST", "/api/account/passkeys/options", user.headers, password)).json().options;
    const added = await call("POST", "/api/account/passkeys", user.headers, { credential: key.register(options, site) });
    return { ...user, key, passkeyId: added.json().passkey.id as string };
  };
  const registrationAnswer = async (headers: Headers, key = new SoftPasskey()) =>
    key.register((await call("POST", "/api/account/passkeys/options", headers, password)).json().options, site);
  const signInAnswer = async (key: SoftPasskey) => key.authenticate((await call("POST", "/api/auth/passkey/options")).json().options, site);
  const twice = async (method: InjectOptions["method"], url: string, headers: Headers, payload?: unknown) => {
    const ip = nextIp();
    await call(method, url, headers, payload, ip);
    return call(method, url, headers, payload, ip);
  };

  /** Stores as many passkeys as an account may keep, for the user. */
  const fillPasskeys = (userId: string) =>
    local.db.query(
      `INSERT INTO passkeys (user_id, credential_id, public_key, device_type, name)
       SELECT $1::uuid, 'contract-' || $1::text || '-' || n, 'AA', 'multiDevice', 'Passkey ' || n FROM generate_series(1, $2::int) AS n`,
      [userId, MAX_PASSKEYS_PER_ACCOUNT],
    );

  const cases: Record<string, Case[]> = {
    "GET /.well-known/webauthn": [{ status: 200, run: () => call("GET", "/.well-known/webauthn") }],
    "POST /api/auth/passkey/options": [
      { status: 200, run: () => call("POST", "/api/auth/passkey/options") },
      { status: 429, code: "request.too_many", run: () => twice("POST", "/api/auth/passkey/options", {}) },
    ],
    "GET /api/auth/passkey/available": [{ status: 200, run: () => call("GET", "/api/auth/passkey/available") }],
    "POST /api/auth/passkey": [
      { status: 200, run: async () => call("POST", "/api/auth/passkey", {}, { credential: await signInAnswer((await withPasskey()).key) }) },
      { status: 400, code: "auth.passkey_failed", run: async () => call("POST", "/api/auth/passkey", {}, { credential: await signInAnswer(new SoftPasskey()) }) },
      { status: 400, code: "request.invalid", run: () => call("POST", "/api/auth/passkey", {}, { credential: { id: "x" } }) },
      { status: 429, code: "request.too_many", run: async () => twice("POST", "/api/auth/passkey", {}, { credential: await signInAnswer(new SoftPasskey()) }) },
    ],
    "GET /api/account/passkeys": [
      { status: 200, run: async () => call("GET", "/api/account/passkeys", (await withPasskey()).headers) },
      { status: 401, code: "auth.required", run: () => call("GET", "/api/account/passkeys") },
    ],
    "POST /api/account/passkeys/options": [
      { status: 200, run: async () => call("POST", "/api/account/passkeys/options", (await register()).headers, password) },
      { status: 400, code: "account.wrong_password", run: async () => call("POST", "/api/account/passkeys/options", (await register()).headers, { password: "wrong-one" }) },
      {
        status: 400,
        code: "account.passkey_not_confirmed",
        run: async () => {
          // The account's own passkey, answering a challenge made for a sign-in rather than for this account.
          const owner = await withPasskey();
          return call("POST", "/api/account/passkeys/options", owner.headers, { passkey: await signInAnswer(owner.key) });
        },
      },
      { status: 401, code: "auth.required", run: () => call("POST", "/api/account/passkeys/options", {}, {}) },
      { status: 403, code: "account.password_required", run: async () => call("POST", "/api/account/passkeys/options", (await register()).headers, {}) },
      { status: 403, code: "account.email_unverified", run: async () => call("POST", "/api/account/passkeys/options", (await registerUnproven()).headers, password) },
      {
        status: 409,
        code: "account.too_many_passkeys",
        run: async () => {
          const user = await register();
          await fillPasskeys(user.id);
          return call("POST", "/api/account/passkeys/options", user.headers, password);
        },
      },
      {
        status: 429,
        code: "account.too_many_attempts",
        run: async () => {
          // One wrong password fills the account's limit (LOGIN_RATE_LIMIT_ACCOUNT 1): the next one waits.
          const user = await register();
          await call("POST", "/api/account/passkeys/options", user.headers, { password: "wrong-one" });
          return call("POST", "/api/account/passkeys/options", user.headers, { password: "wrong-one" });
        },
      },
      { status: 429, code: "request.too_many", run: async () => twice("POST", "/api/account/passkeys/options", (await register()).headers, password) },
    ],
    "POST /api/account/passkeys/confirmation-options": [
      { status: 200, run: async () => call("POST", "/api/account/passkeys/confirmation-options", (await withPasskey()).headers) },
      { status: 401, code: "auth.required", run: () => call("POST", "/api/account/passkeys/confirmation-options") },
      { status: 409, code: "account.no_passkeys", run: async () => call("POST", "/api/account/passkeys/confirmation-options", (await register()).headers) },
      { status: 429, code: "request.too_many", run: async () => twice("POST", "/api/account/passkeys/confirmation-options", (await withPasskey()).headers) },
    ],
    "POST /api/account/passkeys": [
      {
        status: 201,
        run: async () => {
          const user = await register();
          return call("POST", "/api/account/passkeys", user.headers, { credential: await registrationAnswer(user.headers), name: "Laptop" });
        },
      },
      {
        status: 400,
        code: "account.passkey_failed",
        run: async () => {
          const user = await register();
          const credential = await registrationAnswer(user.headers);
          await call("POST", "/api/account/passkeys", user.headers, { credential });
          return call("POST", "/api/account/passkeys", user.headers, { credential });
        },
      },
      {
        status: 401,
        code: "auth.required",
        run: () =>
          call("POST", "/api/account/passkeys", {}, { credential: new SoftPasskey().register({ challenge: "Y2hhbGxlbmdl", rp: { id: "agency.example" }, user: { id: "dXNlcg" } }, site) }),
      },
      {
        status: 409,
        code: "account.passkey_exists",
        run: async () => {
          const owner = await withPasskey();
          return call("POST", "/api/account/passkeys", owner.headers, { credential: await registrationAnswer(owner.headers, owner.key) });
        },
      },
      {
        status: 409,
        code: "account.too_many_passkeys",
        run: async () => {
          // The options were asked for with room left; the passkeys stored since fill the account.
          const user = await register();
          const credential = await registrationAnswer(user.headers);
          await fillPasskeys(user.id);
          return call("POST", "/api/account/passkeys", user.headers, { credential });
        },
      },
      {
        status: 429,
        code: "request.too_many",
        run: async () => {
          const user = await register();
          return twice("POST", "/api/account/passkeys", user.headers, { credential: await registrationAnswer(user.headers) });
        },
      },
    ],
    "PATCH /api/account/passkeys/{id}": [
      {
        status: 200,
        run: async () => {
          const user = await withPasskey();
          return call("PATCH", `/api/account/passkeys/${user.passkeyId}`, user.headers, { name: "Phone" });
        },
      },
      { status: 400, code: "request.invalid", run: async () => call("PATCH", "/api/account/passkeys/not-a-uuid", (await register()).headers, { name: "Phone" }) },
      { status: 401, code: "auth.required", run: () => call("PATCH", `/api/account/passkeys/${crypto.randomUUID()}`, {}, { name: "Phone" }) },
      {
        status: 404,
        code: "account.passkey_not_found",
        run: async () => call("PATCH", `/api/account/passkeys/${(await withPasskey()).passkeyId}`, (await register()).headers, { name: "Mine" }),
      },
    ],
    "DELETE /api/account/passkeys/{id}": [
      {
        status: 200,
        run: async () => {
          const user = await withPasskey();
          return call("DELETE", `/api/account/passkeys/${user.passkeyId}`, user.headers);
        },
      },
      { status: 400, code: "request.invalid", run: async () => call("DELETE", "/api/account/passkeys/not-a-uuid", (await register()).headers) },
      { status: 401, code: "auth.required", run: () => call("DELETE", `/api/account/passkeys/${crypto.randomUUID()}`) },
      {
        status: 404,
        code: "account.passkey_not_found",
        run: async () => call("DELETE", `/api/account/passkeys/${(await withPasskey()).passkeyId}`, (await register()).headers),
      },
    ],
  };
  return cases;
}

import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { ErrorCode } from "@agency/contract";
import { totpCode, totpStep } from "../../src/auth-factors/totp";
import { sha256 } from "../../src/lib/crypto";
import { nextIp, type TestApp } from "./helpers";
import { SoftPasskey } from "./soft-authenticator";

/**
 * The contract test's cases for a customer's second factor (/api/account/two-factor, /api/auth/login/second-factor)
 * and the new-sign-in alert's link (/api/auth/sign-in-alert-token, /api/auth/secure-account).
 */

interface Case {
  status: number;
  code?: ErrorCode;
  run: () => Promise<LightMyRequestResponse>;
}

type Headers = Record<string, string>;
type Registered = { email: string; password: string; id: string; headers: Headers };

/** A passkey's answer to a challenge the server never asked: it confirms nobody. */
const unconfirmedPasskey = () => new SoftPasskey().authenticate({ challenge: "bm90LWFza2Vk", rpId: "agency.example" }, "https://agency.example");

export function secondFactorCases({ local, register: registerUnproven }: { local: TestApp; register: () => Promise<Registered> }): Record<string, Case[]> {
  const call = (method: InjectOptions["method"], url: string, headers: Headers = {}, payload?: unknown, remoteAddress = nextIp()) =>
    local.app.inject({ method, url, headers, remoteAddress, ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }) });
  /** A customer whose address is verified, as only such an account adds a way in. */
  const register = async () => {
    const account = await registerUnproven();
    await local.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [account.id]);
    return account;
  };

  /** A registered customer with an authenticator turned on: its secret, step used and recovery codes. */
  const withTotp = async () => {
    const account = await register();
    const { secret } = (await call("POST", "/api/account/two-factor/setup", account.headers)).json() as { secret: string };
    const step = totpStep();
    const enabled = await call("POST", "/api/account/two-factor/enable", account.headers, { code: totpCode(secret, step), password: account.password });
    return { ...account, secret, step, recoveryCodes: enabled.json().recoveryCodes as string[] };
  };
  const signInToken = async (email: string, password: string, remoteAddress = nextIp()) =>
    (await call("POST", "/api/auth/login", {}, { email, password }, remoteAddress)).json().signInToken as string;
  /** The sign-in alert's link of a sign-in from a browser new to the account: valid, already used, or expired. */
  const alertToken = async (state: "valid" | "used" | "expired" = "valid") => {
    const account = await registerUnproven();
    await call("POST", "/api/auth/login", {}, { email: account.email, password: account.password });
    const { rows } = await local.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sign_in_alerts WHERE user_id = $1", [account.id]);
    if (rows[0]!.n !== 1) throw new Error("no sign-in alert");
    // Only the token's hash is stored: the test gives the alert a token it knows, stored as the server stores one.
    const token = `contract-alert-${account.id}`;
    await local.db.query(
      `UPDATE sign_in_alerts SET token_hash = $2,
              used_at = CASE WHEN $3 = 'used' THEN now() END,
              expires_at = CASE WHEN $3 = 'expired' THEN now() - interval '1 minute' ELSE expires_at END
        WHERE user_id = $1`,
      [account.id, sha256(token), state],
    );
    return token;
  };
  const tooManyFromOneAddress = async (url: string, payload: unknown) => {
    const remoteAddress = nextIp();
    for (let i = 0; i < local.config.limits.resetTokenPerIp; i++) await call("POST", url, {}, payload, remoteAddress);
    return call("POST", url, {}, payload, remoteAddress);
  };
  /** Wrong codes to an account call until its limit answers. */
  const tooManyCodes = async (url: string, headers: Headers, payload: unknown) => {
    for (let i = 0; i < local.config.limits.loginPerAccount; i++) await call("POST", url, headers, payload);
    return call("POST", url, headers, payload);
  };

  return {
    "POST /api/auth/login/second-factor": [
      {
        status: 200,
        run: async () => {
          const account = await withTotp();
          return call("POST", "/api/auth/login/second-factor", {}, { signInToken: await signInToken(account.email, account.password), code: account.recoveryCodes[0] });
        },
      },
      {
        status: 400,
        code: "auth.code_invalid",
        run: async () => {
          const account = await withTotp();
          return call("POST", "/api/auth/login/second-factor", {}, { signInToken: await signInToken(account.email, account.password), code: "ABCD-EFGH-JKLM-NPQR" });
        },
      },
      { status: 400, code: "auth.sign_in_expired", run: () => call("POST", "/api/auth/login/second-factor", {}, { signInToken: "unknown", code: "123456" }) },
      {
        status: 400,
        code: "auth.challenge_required",
        run: async () => {
          const account = await withTotp();
          // Five wrong codes from five networks: the sixth needs a solved challenge.
          const tokens = [];
          for (let i = 0; i < 6; i++) tokens.push(await signInToken(account.email, account.password));
          for (const token of tokens.slice(0, 5)) await call("POST", "/api/auth/login/second-factor", {}, { signInToken: token, code: "ABCD-EFGH-JKLM-NPQR" });
          return call("POST", "/api/auth/login/second-factor", {}, { signInToken: tokens[5], code: "ABCD-EFGH-JKLM-NPQR" });
        },
      },
      {
        status: 429,
        code: "auth.too_many_attempts",
        run: async () => {
          const account = await withTotp();
          const remoteAddress = nextIp();
          const token = await signInToken(account.email, account.password, remoteAddress);
          let last: LightMyRequestResponse | undefined;
          for (let i = 0; i < local.config.limits.loginPerAccount && last?.statusCode !== 429; i++) {
            last = await call("POST", "/api/auth/login/second-factor", {}, { signInToken: token, code: "ABCD-EFGH-JKLM-NPQR" }, remoteAddress);
          }
          return last!;
        },
      },
    ],
    "POST /api/auth/sign-in-alert-token": [
      { status: 200, run: async () => call("POST", "/api/auth/sign-in-alert-token", {}, { token: await alertToken() }) },
      { status: 400, code: "auth.alert_invalid", run: () => call("POST", "/api/auth/sign-in-alert-token", {}, { token: "unknown" }) },
      { status: 400, code: "auth.alert_used", run: async () => call("POST", "/api/auth/sign-in-alert-token", {}, { token: await alertToken("used") }) },
      { status: 400, code: "auth.alert_expired", run: async () => call("POST", "/api/auth/sign-in-alert-token", {}, { token: await alertToken("expired") }) },
      { status: 429, code: "request.too_many", run: () => tooManyFromOneAddress("/api/auth/sign-in-alert-token", { token: "unknown" }) },
    ],
    "POST /api/auth/secure-account": [
      { status: 200, run: async () => call("POST", "/api/auth/secure-account", {}, { token: await alertToken() }) },
      { status: 400, code: "auth.alert_invalid", run: () => call("POST", "/api/auth/secure-account", {}, { token: "unknown" }) },
      { status: 400, code: "auth.alert_used", run: async () => call("POST", "/api/auth/secure-account", {}, { token: await alertToken("used") }) },
      { status: 400, code: "auth.alert_expired", run: async () => call("POST", "/api/auth/secure-account", {}, { token: await alertToken("expired") }) },
      { status: 429, code: "request.too_many", run: () => tooManyFromOneAddress("/api/auth/secure-account", { token: "unknown" }) },
    ],
    "GET /api/account/two-factor": [
      { status: 200, run: async () => call("GET", "/api/account/two-factor", (await withTotp()).headers) },
      { status: 401, code: "auth.required", run: () => call("GET", "/api/account/two-factor") },
    ],
    "POST /api/account/two-factor/setup": [
      { status: 200, run: async () => call("POST", "/api/account/two-factor/setup", (await register()).headers) },
      { status: 401, code: "auth.required", run: () => call("POST", "/api/account/two-factor/setup") },
      { status: 403, code: "account.email_unverified", run: async () => call("POST", "/api/account/two-factor/setup", (await registerUnproven()).headers) },
      { status: 409, code: "account.two_factor_on", run: async () => call("POST", "/api/account/two-factor/setup", (await withTotp()).headers) },
    ],
    "POST /api/account/two-factor/enable": [
      {
        status: 200,
        run: async () => {
          const account = await register();
          const { secret } = (await call("POST", "/api/account/two-factor/setup", account.headers)).json() as { secret: string };
          return call("POST", "/api/account/two-factor/enable", account.headers, { code: totpCode(secret, totpStep()), password: account.password });
        },
      },
      {
        status: 400,
        code: "auth.code_invalid",
        run: async () => {
          const account = await register();
          await call("POST", "/api/account/two-factor/setup", account.headers);
          return call("POST", "/api/account/two-factor/enable", account.headers, { code: "000000", password: account.password });
        },
      },
      {
        status: 400,
        code: "account.wrong_password",
        run: async () => {
          const account = await register();
          await call("POST", "/api/account/two-factor/setup", account.headers);
          return call("POST", "/api/account/two-factor/enable", account.headers, { code: "000000", password: "wrong-one" });
        },
      },
      {
        status: 400,
        code: "account.passkey_not_confirmed",
        run: async () => {
          const account = await register();
          await call("POST", "/api/account/two-factor/setup", account.headers);
          return call("POST", "/api/account/two-factor/enable", account.headers, { code: "000000", passkey: unconfirmedPasskey() });
        },
      },
      { status: 401, code: "auth.required", run: () => call("POST", "/api/account/two-factor/enable", {}, { code: "000000" }) },
      {
        status: 403,
        code: "account.password_required",
        run: async () => {
          const account = await register();
          await call("POST", "/api/account/two-factor/setup", account.headers);
          return call("POST", "/api/account/two-factor/enable", account.headers, { code: "000000" });
        },
      },
      {
        status: 403,
        code: "account.email_unverified",
        run: async () => {
          const account = await register();
          await call("POST", "/api/account/two-factor/setup", account.headers);
          await local.db.query("UPDATE users SET email_verified_at = NULL WHERE id = $1", [account.id]);
          return call("POST", "/api/account/two-factor/enable", account.headers, { code: "000000", password: account.password });
        },
      },
      {
        status: 409,
        code: "account.two_factor_on",
        run: async () => {
          const account = await withTotp();
          return call("POST", "/api/account/two-factor/enable", account.headers, { code: totpCode(account.secret, totpStep()), password: account.password });
        },
      },
      {
        status: 409,
        code: "account.two_factor_not_started",
        run: async () => {
          const account = await register();
          return call("POST", "/api/account/two-factor/enable", account.headers, { code: "000000", password: account.password });
        },
      },
      {
        status: 429,
        code: "account.too_many_attempts",
        run: async () => {
          const account = await register();
          await call("POST", "/api/account/two-factor/setup", account.headers);
          return tooManyCodes("/api/account/two-factor/enable", account.headers, { code: "000000", password: account.password });
        },
      },
    ],
    "POST /api/account/two-factor/recovery-codes": [
      { status: 200, run: async () => call("POST", "/api/account/two-factor/recovery-codes", (await withTotp()).headers, { password: "secret1-pass" }) },
      { status: 400, code: "account.wrong_password", run: async () => call("POST", "/api/account/two-factor/recovery-codes", (await withTotp()).headers, { password: "wrong-one" }) },
      {
        status: 400,
        code: "account.passkey_not_confirmed",
        run: async () => call("POST", "/api/account/two-factor/recovery-codes", (await withTotp()).headers, { passkey: unconfirmedPasskey() }),
      },
      { status: 401, code: "auth.required", run: () => call("POST", "/api/account/two-factor/recovery-codes", {}, {}) },
      { status: 403, code: "account.password_required", run: async () => call("POST", "/api/account/two-factor/recovery-codes", (await withTotp()).headers, {}) },
      {
        status: 403,
        code: "account.email_unverified",
        run: async () => {
          const account = await withTotp();
          await local.db.query("UPDATE users SET email_verified_at = NULL WHERE id = $1", [account.id]);
          return call("POST", "/api/account/two-factor/recovery-codes", account.headers, { password: "secret1-pass" });
        },
      },
      { status: 409, code: "account.two_factor_off", run: async () => call("POST", "/api/account/two-factor/recovery-codes", (await register()).headers, { password: "secret1-pass" }) },
      { status: 429, code: "account.too_many_attempts", run: async () => tooManyCodes("/api/account/two-factor/recovery-codes", (await withTotp()).headers, { password: "wrong-one" }) },
    ],
    "POST /api/account/two-factor/disable": [
      {
        status: 200,
        run: async () => {
          const account = await withTotp();
          return call("POST", "/api/account/two-factor/disable", account.headers, { password: "secret1-pass", code: account.recoveryCodes[0] });
        },
      },
      { status: 400, code: "auth.code_invalid", run: async () => call("POST", "/api/account/two-factor/disable", (await withTotp()).headers, { password: "secret1-pass", code: "000000" }) },
      {
        status: 400,
        code: "account.wrong_password",
        run: async () => {
          const account = await withTotp();
          return call("POST", "/api/account/two-factor/disable", account.headers, { password: "wrong-one", code: account.recoveryCodes[0] });
        },
      },
      { status: 401, code: "auth.required", run: () => call("POST", "/api/account/two-factor/disable", {}, { password: "x", code: "000000" }) },
      { status: 409, code: "account.two_factor_off", run: async () => call("POST", "/api/account/two-factor/disable", (await register()).headers, { password: "secret1-pass", code: "000000" }) },
      {
        status: 429,
        code: "account.too_many_attempts",
        run: async () => tooManyCodes("/api/account/two-factor/disable", (await withTotp()).headers, { password: "secret1-pass", code: "000000" }),
      },
    ],
  };
}

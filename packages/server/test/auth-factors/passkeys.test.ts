import { buildTestApp, nextIp, type TestApp } from "../support/helpers";
import { SoftPasskey } from "../support/soft-authenticator";

/**
 * Passkeys: added in the settings, listed, renamed, removed, and signing in, checked by the real WebAuthn
 * verification against answers of a software authenticator; and what a stranger, a replay or a race cannot do.
 */

const SITE = "https://agency.example";
const PARTNER = "https://partner.example";
const PASSWORD = "secret1-pass";
const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: { PUBLIC_URL: SITE, ALLOWED_ORIGINS: PARTNER, LOGIN_RATE_LIMIT_ACCOUNT: "3", LOGIN_RATE_LIMIT_IP: "1000", PASSKEY_RATE_LIMIT: "8" },
  });
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const uniqueEmail = () => `passkey${++seq}-${Date.now()}@example.com`;

function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Record<string, string> = {}, payload?: object, ip = nextIp()) {
  return t.app.inject({ method, url, headers: { "user-agent": CHROME_MAC, ...headers }, remoteAddress: ip, ...(payload ? { payload } : {}) });
}

/** A new account; `proven` (the default): its address verified, as following the mailed link does. */
async function signUp({ proven = true }: { proven?: boolean } = {}) {
  const email = uniqueEmail();
  const res = await call("POST", "/api/auth/register", {}, { name: "Pia Passkey", email, password: PASSWORD, language: "en" });
  expect(res.statusCode).toBe(201);
  const { token, user } = res.json() as { token: string; user: { id: string } };
  if (proven) await t.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [user.id]);
  return { email, id: user.id, headers: { authorization: `Bearer ${token}` } };
}

type Options = { challenge: string; rp?: { id: string }; rpId?: string; user?: { id: string } };

const passkeyOptions = (headers: Record<string, string>) => call("POST", "/api/account/passkeys/options", headers, { password: PASSWORD });

async function addPasskey(headers: Record<string, string>, key = new SoftPasskey(), origin = SITE) {
  const options = await passkeyOptions(headers);
  expect(options.statusCode, options.body).toBe(200);
  const res = await call("POST", "/api/account/passkeys", headers, { credential: key.register(options.json().options as Options, origin) });
  return { key, res };
}

async function signInOptions(ip?: string): Promise<Options> {
  const res = await call("POST", "/api/auth/passkey/options", {}, undefined, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().options as Options;
}

const signIn = (credential: object, ip?: string) => call("POST", "/api/auth/passkey", {}, { credential }, ip);

const listPasskeys = async (headers: Record<string, string>) =>
  (await call("GET", "/api/account/passkeys", headers)).json().passkeys as { id: string; name: string; created_at: string; last_used_at: string | null }[];

describe("/.well-known/webauthn", () => {
  it("lists the site's origin and ALLOWED_ORIGINS as JSON", async () => {
    const res = await call("GET", "/.well-known/webauthn");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ origins: [SITE, PARTNER] });
  });
});

describe("adding a passkey", () => {
  it("keeps it under the device's name, with when it was added and never used yet", async () => {
    const user = await signUp();
    const { res } = await addPasskey(user.headers);
    expect(res.statusCode, res.body).toBe(201);
    const [passkey] = await listPasskeys(user.headers);
    expect(passkey).toMatchObject({ name: "Chrome on macOS", last_used_at: null });
    expect(Date.now() - Date.parse(passkey!.created_at)).toBeLessThan(60_000);
  });

  it("names the site as relying party (the host of PUBLIC_URL) and excludes the account's passkeys", async () => {
    const user = await signUp();
    const { key } = await addPasskey(user.headers);
    const options = (await passkeyOptions(user.headers)).json().options;
    expect(options.rp.id).toBe("agency.example");
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: key.id })]);
  });

  it("refuses the same credential twice, for the same account or another", async () => {
    const owner = await signUp();
    const { key } = await addPasskey(owner.headers);
    const again = await addPasskey(owner.headers, key);
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().code).toBe("account.passkey_exists");
    const stranger = await signUp();
    const theirs = await addPasskey(stranger.headers, key);
    expect(theirs.res.statusCode).toBe(409);
    expect(await listPasskeys(stranger.headers)).toEqual([]);
    expect(await listPasskeys(owner.headers)).toHaveLength(1);
  });

  it("takes each registration challenge once, and only from the account that asked for it", async () => {
    const user = await signUp();
    const stranger = await signUp();
    const options = (await passkeyOptions(user.headers)).json().options as Options;
    const credential = new SoftPasskey().register(options, SITE);
    const theirs = await call("POST", "/api/account/passkeys", stranger.headers, { credential });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().code).toBe("account.passkey_failed");
    const first = await call("POST", "/api/account/passkeys", user.headers, { credential });
    expect(first.statusCode).toBe(201);
    const replay = await call("POST", "/api/account/passkeys", user.headers, { credential: new SoftPasskey().register(options, SITE) });
    expect(replay.statusCode).toBe(400);
  });

  it("takes the password every time: a session signed in a moment ago adds nothing without it", async () => {
    const user = await signUp();
    const without = await call("POST", "/api/account/passkeys/options", user.headers, {});
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: "account.password_required", fields: ["password"] });
    const wrong = await call("POST", "/api/account/passkeys/options", user.headers, { password: "not-the-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("account.wrong_password");
    const right = await call("POST", "/api/account/passkeys/options", user.headers, { password: PASSWORD });
    expect(right.statusCode).toBe(200);
    const added = await call("POST", "/api/account/passkeys", user.headers, { credential: new SoftPasskey().register(right.json().options, SITE) });
    expect(added.statusCode).toBe(201);
  });

  it("refuses an answer made on an origin outside the list", async () => {
    const user = await signUp();
    const { res } = await addPasskey(user.headers, new SoftPasskey(), "https://evil.example");
    expect(res.statusCode).toBe(400);
    expect(await listPasskeys(user.headers)).toEqual([]);
  });
});

describe("signing in with a passkey", () => {
  it("starts a session like a password login, and records the passkey's use", async () => {
    const user = await signUp();
    const { key } = await addPasskey(user.headers);
    const res = await signIn(key.authenticate(await signInOptions(), SITE));
    expect(res.statusCode, res.body).toBe(200);
    const { token, user: signedIn } = res.json() as { token: string; user: { email: string } };
    expect(signedIn.email).toBe(user.email);
    const me = await call("GET", "/api/auth/me", { authorization: `Bearer ${token}` });
    expect(me.statusCode).toBe(200);
    const sessions = (await call("GET", "/api/account/sessions", { authorization: `Bearer ${token}` })).json().sessions;
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ browser: "Chrome", os: "macOS" });
    const [passkey] = await listPasskeys(user.headers);
    expect(passkey!.last_used_at).not.toBeNull();
  });

  it("works from a partner origin in ALLOWED_ORIGINS, and not from another", async () => {
    const user = await signUp();
    const { key } = await addPasskey(user.headers);
    expect((await signIn(key.authenticate(await signInOptions(), PARTNER))).statusCode).toBe(200);
    const elsewhere = await signIn(key.authenticate(await signInOptions(), "https://evil.example"));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe("auth.passkey_failed");
  });

  it("refuses an answer for another relying party", async () => {
    const user = await signUp();
    const { key } = await addPasskey(user.headers);
    expect((await signIn(key.authenticate(await signInOptions(), SITE, "evil.example"))).statusCode).toBe(400);
  });

  it("refuses a replayed answer, also when both arrive at once", async () => {
    const user = await signUp();
    const { key } = await addPasskey(user.headers);
    const answer = key.authenticate(await signInOptions(), SITE);
    expect((await signIn(answer)).statusCode).toBe(200);
    const replay = await signIn(answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("auth.passkey_failed");

    const raced = key.authenticate(await signInOptions(), SITE);
    const both = await Promise.all([signIn(raced), signIn(raced)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses an expired challenge", async () => {
    const user = await signUp();
    const { key } = await addPasskey(user.headers);
    const options = await signInOptions();
    await t.db.query("UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1", [options.challenge]);
    expect((await signIn(key.authenticate(options, SITE))).statusCode).toBe(400);
  });

  it("refuses a challenge that was never issued", async () => {
    const user = await signUp();
    const { key } = await addPasskey(user.headers);
    expect((await signIn(key.authenticate({ challenge: "bm90LWlzc3VlZC1ieS10aGUtc2VydmVy", rpId: "agency.example" }, SITE))).statusCode).toBe(400);
  });

  it("is not stopped by the account's password-guessing limits", async () => {
    const user = await signUp();
    const { key } = await addPasskey(user.headers);
    const guesser = nextIp();
    for (let i = 0; i < 12; i++) await call("POST", "/api/auth/login", {}, { email: user.email, password: `wrong-${i}` }, i < 3 ? guesser : nextIp());
    const blocked = await call("POST", "/api/auth/login", {}, { email: user.email, password: PASSWORD }, nextIp());
    expect(blocked.json().code).toBe("auth.challenge_required");
    const fromGuesser = await call("POST", "/api/auth/login", {}, { email: user.email, password: PASSWORD }, guesser);
    expect(fromGuesser.statusCode).toBe(429);
    const ip = guesser;
    expect((await signIn(key.authenticate(await signInOptions(ip), SITE), ip)).statusCode).toBe(200);
  });

  it("is limited per client address", async () => {
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push((await call("POST", "/api/auth/passkey/options", {}, undefined, ip)).statusCode);
    expect(answers.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(answers[8]).toBe(429);
    expect((await call("POST", "/api/auth/passkey/options", {}, undefined, nextIp())).statusCode).toBe(200);
  });
});

describe("managing passkeys", () => {
  it("renames and removes the account's own; a removed passkey signs in no more", async () => {
    const user = await signUp();
    const { key } = await addPasskey(user.headers);
    const [passkey] = await listPasskeys(user.headers);
    const renamed = await call("PATCH", `/api/account/passkeys/${passkey!.id}`, user.headers, { name: "  Work laptop " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().passkey.name).toBe("Work laptop");
    const removed = await call("DELETE", `/api/account/passkeys/${passkey!.id}`, user.headers);
    expect(removed.statusCode).toBe(200);
    expect(await listPasskeys(user.headers)).toEqual([]);
    const res = await signIn(key.authenticate(await signInOptions(), SITE));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("auth.passkey_failed");
  });

  it("does not let a stranger rename or remove someone else's passkey", async () => {
    const owner = await signUp();
    const { key } = await addPasskey(owner.headers);
    const [passkey] = await listPasskeys(owner.headers);
    const stranger = await signUp();
    const rename = await call("PATCH", `/api/account/passkeys/${passkey!.id}`, stranger.headers, { name: "Mine now" });
    expect(rename.statusCode).toBe(404);
    expect(rename.json().code).toBe("account.passkey_not_found");
    const remove = await call("DELETE", `/api/account/passkeys/${passkey!.id}`, stranger.headers);
    expect(remove.statusCode).toBe(404);
    expect(await listPasskeys(owner.headers)).toEqual([expect.objectContaining({ id: passkey!.id, name: "Chrome on macOS" })]);
    expect((await signIn(key.authenticate(await signInOptions(), SITE))).statusCode).toBe(200);
  });

  it("needs a session for every call", async () => {
    expect((await call("GET", "/api/account/passkeys")).statusCode).toBe(401);
    expect((await call("POST", "/api/account/passkeys/options", {}, {})).statusCode).toBe(401);
  });

  it("lists the passkeys in the data export, and deletes them with the account", async () => {
    const user = await signUp();
    await addPasskey(user.headers);
    const exported = await call("GET", "/api/account/export", user.headers);
    expect(exported.json().passkeys).toEqual([expect.objectContaining({ name: "Chrome on macOS", last_used_at: null })]);
    const deleted = await call("DELETE", "/api/account", user.headers, { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM passkeys WHERE user_id = $1", [user.id]);
    expect(rows[0]!.n).toBe(0);
  });
});

import { buildTestApp, linkToken, nextIp, outboxMailsTo, type TestApp } from "../support/helpers";

/**
 * The device id an element keeps on a page of another origin (a partner's), where a call to this site carries no
 * cookie: sent in the Agency-Device header with a sign-in, it lets the account recognise the browser as the device
 * cookie does on the site. It counts for the accounts that signed in with it only, the cookie wins over it, and
 * signing a device out from the list of signed-in devices forgets it. As with the cookie, a browser is remembered only
 * once the account's address is proven.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: "https://agency.example", ALLOWED_ORIGINS: "https://partner.example" } });
});
afterAll(() => t?.close());

const PASSWORD = "secret1-pass-device";
const PARTNER = "https://partner.example";
const deviceId = () => `${Math.random().toString(36).slice(2)}${"d".repeat(40)}`.slice(0, 43);

/** A new account; `proven`: its verification link was followed (in a mail client's browser, with no device of its own). */
async function register({ proven = true }: { proven?: boolean } = {}) {
  const email = `device-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await t.app.inject({ method: "POST", url: "/api/auth/register", payload: { name: "Dee Device", email, password: PASSWORD, language: "en" }, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(201);
  if (proven) await prove(email);
  return { email, token: res.json().token as string };
}

async function prove(email: string) {
  await t.app.settle();
  const token = linkToken(outboxMailsTo(t.dataDir, email), "verify-email");
  const verified = await t.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token }, remoteAddress: nextIp() });
  expect(verified.statusCode, verified.body).toBe(200);
}

/** A sign-in as the login element on a partner's page sends it: the page's origin, the element's device id, no cookie. */
async function signIn(email: string, device: string | null, extra: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { origin: PARTNER, ...(device ? { "agency-device": device } : {}), ...extra },
    payload: { email, password: PASSWORD },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

async function alerts(email: string) {
  await t.app.settle();
  return outboxMailsTo(t.dataDir, email).filter((mail) => /secure-account/.test(mail)).length;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}`, origin: PARTNER });

it("recognises the browser by the element's device id: three sign-ins, one alert", async () => {
  const account = await register();
  const device = deviceId();
  for (let i = 0; i < 3; i++) await signIn(account.email, device);
  expect(await alerts(account.email)).toBe(1);
  // Without the id (what a cross-site call without it looks like) the browser is new every time.
  await signIn(account.email, null);
  await signIn(account.email, null);
  expect(await alerts(account.email)).toBe(3);
});

it("remembers no browser of an account whose address nobody has proven, the element's id no more than the cookie", async () => {
  const account = await register({ proven: false });
  const device = deviceId();
  await signIn(account.email, device);
  await signIn(account.email, device);
  expect(await alerts(account.email)).toBe(2);
  // Proven elsewhere (the mail's link opened in another browser): from then on the element's browser is remembered.
  await prove(account.email);
  await signIn(account.email, device);
  await signIn(account.email, device);
  expect(await alerts(account.email)).toBe(3);
});

it("counts the id for the accounts that signed in with it only, and lets the cookie win", async () => {
  const first = await register();
  const second = await register();
  const device = deviceId();
  await signIn(first.email, device);
  expect(await alerts(first.email)).toBe(1);
  // Known to the first account, new to the second: the second one's owner hears of it.
  await signIn(second.email, device);
  expect(await alerts(second.email)).toBe(1);
  // A browser that sends the site's cookie is the cookie's browser, whatever header comes with it.
  await signIn(first.email, device, { cookie: `agency_device=${"c".repeat(43)}` });
  expect(await alerts(first.email)).toBe(2);
  // An id that does not look like one of ours is no id.
  await signIn(first.email, "short");
  expect(await alerts(first.email)).toBe(3);
});

it("forgets a browser signed out from the devices list, and every other one with 'sign out everywhere else'", async () => {
  const account = await register();
  const here = deviceId();
  const lost = deviceId();
  const current = await signIn(account.email, here);
  await signIn(account.email, lost);
  expect(await alerts(account.email)).toBe(2);

  const list = await t.app.inject({ method: "GET", url: "/api/account/sessions", headers: auth(current) });
  const other = (list.json().sessions as Array<{ id: string; current: boolean }>).filter((s) => !s.current);
  // The registration's session and the lost browser's: sign the lost one out (it is the newest of the others).
  const revoked = await t.app.inject({ method: "DELETE", url: `/api/account/sessions/${other[0]!.id}`, headers: auth(current) });
  expect(revoked.statusCode).toBe(200);
  await signIn(account.email, lost);
  expect(await alerts(account.email)).toBe(3);
  // The browser asking stays known.
  await signIn(account.email, here);
  expect(await alerts(account.email)).toBe(3);

  const everywhere = await t.app.inject({ method: "DELETE", url: "/api/account/sessions", headers: auth(current) });
  expect(everywhere.statusCode).toBe(200);
  await signIn(account.email, here);
  expect(await alerts(account.email)).toBe(3);
  await signIn(account.email, lost);
  expect(await alerts(account.email)).toBe(4);
});

it("another account cannot make a browser forgotten: a session id of someone else is not found", async () => {
  const owner = await register();
  const stranger = await register();
  const device = deviceId();
  const token = await signIn(owner.email, device);
  const mine = (await t.app.inject({ method: "GET", url: "/api/account/sessions", headers: auth(token) })).json().sessions[0].id as string;
  const strangerToken = await signIn(stranger.email, deviceId());
  const refused = await t.app.inject({ method: "DELETE", url: `/api/account/sessions/${mine}`, headers: auth(strangerToken) });
  expect(refused.statusCode).toBe(404);
  await signIn(owner.email, device);
  expect(await alerts(owner.email)).toBe(1);
});

it("lets a partner's page send the header across origins", async () => {
  const preflight = await t.app.inject({
    method: "OPTIONS",
    url: "/api/auth/login",
    headers: { origin: PARTNER, "access-control-request-method": "POST", "access-control-request-headers": "content-type,agency-device" },
  });
  expect(preflight.statusCode).toBe(204);
  expect(String(preflight.headers["access-control-allow-headers"]).toLowerCase()).toContain("agency-device");
});

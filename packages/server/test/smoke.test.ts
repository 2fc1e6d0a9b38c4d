import { buildTestApp, type TestApp } from "./helpers";
let t: TestApp;
beforeAll(async () => { const s = Date.now(); t = await buildTestApp(); console.log("build ms", Date.now() - s); });
afterAll(async () => t.close());
test("smoke", async () => {
  const r = await t.app.inject({ url: "/api/health" });
  console.log(r.statusCode, r.body);
  const r2 = await t.app.inject({ url: "/api/blog" });
  console.log(r2.statusCode, r2.body.slice(0, 200));
  const r3 = await t.app.inject({ method: "POST", url: "/api/auth/register", payload: { name: "A", email: " A@Example.com ", password: "secret1" } });
  console.log(r3.statusCode, r3.body);
  const r4 = await t.app.inject({ method: "POST", url: "/preview/a/b/api/auth/login", headers: {"content-type":"application/json"}, payload: "{bad" });
  console.log(r4.statusCode, r4.body);
  const r5 = await t.app.inject({ url: "/api/nope" });
  console.log(r5.statusCode, r5.body);
});

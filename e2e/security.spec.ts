import { type APIRequestContext, expect, test } from "@playwright/test";

/** Signs in through the API with a fresh cookie jar, like a second browser. */
async function entrar(request: APIRequestContext, email: string, senha = "demo1234") {
  await request.get("/api/health");
  const state = await request.storageState();
  const csrf = state.cookies.find((c) => c.name === "crm_csrf")!.value;
  const res = await request.post("/api/auth/login", { data: { email, password: senha }, headers: { "x-csrf-token": csrf } });
  expect(res.status()).toBe(200);
  // the CSRF token is bound to the session: sign-in gives a new one
  const depois = (await request.storageState()).cookies.find((c) => c.name === "crm_csrf")!.value;
  expect(depois).not.toBe(csrf);
  return { "x-csrf-token": depois };
}

test("the API refuses another role's routes and another company's data", async ({ playwright, baseURL }) => {
  const consultor = await playwright.request.newContext({ baseURL });
  const h = await entrar(consultor, "consultor@demo.com.br");
  // a Consultor may not send the admins' test notification
  expect((await consultor.post("/api/testes/notificacao", { data: { titulo: "x" }, headers: h })).status()).toBe(403);

  // another company's admin cannot mark the demo consultant's notification as read
  const outra = await playwright.request.newContext({ baseURL });
  const h2 = await entrar(outra, "admin@creditojusto.com.br");
  const sino = await (await consultor.get("/api/notificacoes")).json();
  const alvo = sino.itens.find((n: { lida: boolean }) => !n.lida);
  expect(alvo).toBeTruthy();
  expect((await outra.post(`/api/notificacoes/${alvo.id}/lida`, { headers: h2 })).status()).toBe(404);
  const depois = await (await consultor.get("/api/notificacoes")).json();
  expect(depois.itens.find((n: { id: string }) => n.id === alvo.id).lida).toBe(false);

  // search never crosses companies
  const busca = await (await outra.get(`/api/busca?q=${encodeURIComponent(alvo.dados_extras?.leadName ?? "a")}`)).json();
  const leadsDemo = await (await consultor.get(`/api/busca?q=${encodeURIComponent(alvo.dados_extras?.leadName ?? "a")}`)).json();
  const idsDemo = new Set(leadsDemo.leads.map((l: { id: string }) => l.id));
  expect(busca.leads.some((l: { id: string }) => idsDemo.has(l.id))).toBe(false);

  // without a session every private route is 401
  const anon = await playwright.request.newContext({ baseURL });
  expect((await anon.get("/api/notificacoes")).status()).toBe(401);
  await Promise.all([consultor.dispose(), outra.dispose(), anon.dispose()]);
});

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios } from "../../test/factories.js";

const t = useTestApp();

describe("POST /api/testes/notificacao", () => {
  it("notifies the calling admin only, and refuses other roles", async () => {
    const { navegadores } = await criarEmpresaComUsuarios(t);
    const admin = navegadores.admin;
    const res = await admin.req({ method: "POST", url: "/api/testes/notificacao", payload: { titulo: "Olá" } });
    expect(res.statusCode).toBe(201);
    const sino = (await admin.req({ url: "/api/notificacoes" })).json();
    expect(sino.itens[0]).toMatchObject({ titulo: "Olá", tipo: "system", lida: false });
    const consultor = navegadores.consultor;
    expect((await consultor.req({ method: "POST", url: "/api/testes/notificacao", payload: {} })).statusCode).toBe(403);
    expect((await consultor.req({ url: "/api/notificacoes" })).json().itens).toHaveLength(0);
  });
});

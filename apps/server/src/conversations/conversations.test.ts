import { MSG } from "@crm/domain/messages";
import type { TPaginaConversas } from "@crm/domain/schemas/chat";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, criarMensagem, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    for (let i = 0; i < 45; i++) {
      const l = await criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        nome: `Lead ${String(i).padStart(2, "0")}`,
        consultor_atribuido_id: i % 3 === 0 ? a.consultor.id : null,
      });
      const ts = new Date(Date.UTC(2025, 0, 1, 12, i));
      await criarMensagem(tx, {
        id_empresa_fk: a.empresa.id,
        id_lead_fk: l.id,
        sender: "lead",
        message: `oi ${i}`,
        timestamp: ts,
      } as never);
      if (i === 44)
        await criarMensagem(tx, {
          id_empresa_fk: a.empresa.id,
          id_lead_fk: l.id,
          sender: "lead",
          message: "segunda",
          timestamp: ts,
        } as never);
      await tx.query("UPDATE leads_juros_check SET ultima_mensagem_em = $2 WHERE id = $1", [l.id, ts]);
    }
    await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Sem conversa" });
    const lb = await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "Lead de B" });
    await criarMensagem(tx, { id_empresa_fk: b.empresa.id, id_lead_fk: lb.id, message: "b" });
    await tx.query("UPDATE leads_juros_check SET ultima_mensagem_em = now() WHERE id = $1", [lb.id]);
  });
});

const pagina = async (nav: (typeof a.navegadores)["admin"], q = "") => {
  const res = await nav.req({ url: `/api/conversas${q}` });
  expect(res.statusCode).toBe(200);
  return res.json() as TPaginaConversas;
};

describe("GET /api/conversas", () => {
  it("lists the company's conversations, newest first, with the last message and the unread count, in pages", async () => {
    const p1 = await pagina(a.navegadores.admin);
    expect(p1.itens).toHaveLength(30);
    expect(p1.itens[0]).toMatchObject({
      nome: "Lead 44",
      ultimaMensagem: expect.stringMatching(/^(oi 44|segunda)$/),
      naoLidas: 2,
      empresa: null,
    });
    expect(p1.itens.some((c) => c.nome === "Sem conversa" || c.nome === "Lead de B")).toBe(false);
    const p2 = await pagina(
      a.navegadores.admin,
      `?antesDe=${encodeURIComponent(p1.proximo!.antesDe)}&antesId=${p1.proximo!.antesId}`,
    );
    expect(p2.itens.map((c) => c.nome)).toEqual(Array.from({ length: 15 }, (_, i) => `Lead ${String(14 - i).padStart(2, "0")}`));
    expect(p2.proximo).toBeNull();
  });
  it("shows a Consultor only the leads assigned to them", async () => {
    const p = await pagina(a.navegadores.consultor, "?limite=100");
    expect(p.itens).toHaveLength(15);
    expect(p.itens.every((c) => Number(c.nome.slice(5)) % 3 === 0)).toBe(true);
  });
  it("searches by name", async () => {
    expect((await pagina(a.navegadores.admin, "?busca=lead%2007")).itens.map((c) => c.nome)).toEqual(["Lead 07"]);
  });
  it("shows the platform admin every company's conversations with the company name", async () => {
    const p = await pagina(a.navegadores.plataforma, "?limite=100");
    expect(p.itens.find((c) => c.nome === "Lead de B")?.empresa).toBe(b.empresa.nome_empresa);
  });
  it("is empty for a company without conversations, and closed to Jurídico", async () => {
    const c = await criarEmpresaComUsuarios(t);
    expect((await pagina(c.navegadores.admin)).itens).toEqual([]);
    const j = await a.navegadores.juridico.req({ url: "/api/conversas" });
    expect(j.statusCode).toBe(403);
    expect(j.json().erro).toBe(MSG.acessoNegadoConversas);
  });
});

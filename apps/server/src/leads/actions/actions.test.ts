import type { TEventoHistorico } from "@crm/domain/schemas/leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app.js";
import {
  criarConsultor,
  criarEmpresaComUsuarios,
  criarLead,
  criarMensagem,
  type TConsultor,
  type TEmpresaComUsuarios,
  type TUsuario,
} from "../../../test/factories.js";
import { ouvirTempoReal } from "../../../test/realtime.js";
import { unsafeWithSystem } from "../../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let semUsuario: TConsultor;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  semUsuario = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarConsultor(tx, { id_empresa_fk: a.empresa.id, nome: "Sem Login" }),
  );
});

const novoLead = (empresaId = a.empresa.id, p: Record<string, unknown> = {}) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: empresaId, nome: "Paulo Teste", ...p }));

const lerLead = (id: string) =>
  unsafeWithSystem(
    t.deps.db.app,
    "teste",
    async (tx) => (await tx.query("SELECT * FROM leads_juros_check WHERE id = $1", [id])).rows[0],
  );

const historico = (id: string) =>
  unsafeWithSystem(
    t.deps.db.app,
    "teste",
    async (tx) =>
      (
        await tx.query(
          "SELECT campo, valor_anterior, valor_novo, id_usuario_fk FROM lead_status_historico WHERE id_lead_fk = $1 ORDER BY created_at",
          [id],
        )
      ).rows,
  );

/** A fake WebSocket of one user, as ws-route.ts registers real ones. */
function conexao(u: TUsuario) {
  const { recebidos, sair } = ouvirTempoReal(t.deps, {
    usuarioId: u.id,
    empresaId: u.id_empresa_fk,
    papel: u.papel,
    sessaoId: `s-${u.id}-${Math.random()}`,
  });
  return { recebidos, sair };
}
async function esperar(cond: () => boolean, ms = 3_000) {
  const fim = Date.now() + ms;
  while (!cond() && Date.now() < fim) await new Promise((r) => setTimeout(r, 20));
}

describe("PATCH /api/leads/:id/consultor (assign)", () => {
  it("assigns, records who/when/from→to, notifies the consultant and tells open screens live", async () => {
    const lead = await novoLead();
    const c = conexao(a.usuarios.consultor);
    const p = conexao(a.usuarios.plataforma);
    try {
      const res = await a.navegadores.admin.req({
        method: "PATCH",
        url: `/api/leads/${lead.id}/consultor`,
        payload: { consultorId: a.consultor.id },
      });
      expect(res.statusCode).toBe(204);
      const l = await lerLead(lead.id);
      expect(l.consultor_atribuido_id).toBe(a.consultor.id);
      expect(l.id_consultor_fk).toBe(a.consultor.id);
      expect(new Date(l.updated_at).getTime()).toBeGreaterThan(new Date(lead.created_at).getTime());
      expect(await historico(lead.id)).toEqual([
        { campo: "consultor_atribuido_id", valor_anterior: null, valor_novo: a.consultor.id, id_usuario_fk: a.usuarios.admin.id },
      ]);
      await esperar(
        () => c.recebidos.some((e) => e.tipo === "notificacao.nova") && c.recebidos.some((e) => e.tipo === "leads.alterados"),
      );
      const notif = c.recebidos.find((e) => e.tipo === "notificacao.nova");
      expect(notif).toMatchObject({
        dados: {
          tipo: "lead_assigned",
          titulo: "Novo lead atribuído a você",
          dados_extras: { leadId: lead.id, leadName: "Paulo Teste" },
        },
      });
      expect(c.recebidos).toContainEqual({ tipo: "leads.alterados", dados: { empresaId: a.empresa.id, leadIds: [lead.id] } });
      expect(c.recebidos).toContainEqual({ tipo: "lead.atualizado", dados: { leadId: lead.id } });
      await esperar(() => p.recebidos.some((e) => e.tipo === "leads.alterados"));
      expect(p.recebidos).toContainEqual({ tipo: "leads.alterados", dados: { empresaId: a.empresa.id, leadIds: [lead.id] } });
    } finally {
      c.sair();
      p.sair();
    }
  });

  it("moves between consultants and back to nobody, each step in the history (names shown)", async () => {
    const lead = await novoLead();
    const nav = a.navegadores.admin;
    for (const consultorId of [semUsuario.id, a.consultor.id, null]) {
      expect(
        (await nav.req({ method: "PATCH", url: `/api/leads/${lead.id}/consultor`, payload: { consultorId } })).statusCode,
      ).toBe(204);
    }
    const res = await nav.req({ url: `/api/leads/${lead.id}/historico` });
    expect(res.statusCode).toBe(200);
    const h = res.json() as TEventoHistorico[];
    expect(h.map((e) => [e.deRotulo, e.paraRotulo])).toEqual([
      [a.consultor.nome, null],
      ["Sem Login", a.consultor.nome],
      [null, "Sem Login"],
    ]);
    expect(h[0].usuario).toBe(a.usuarios.admin.nome);
    // assigning to the same consultant again changes nothing and records nothing
    await nav.req({ method: "PATCH", url: `/api/leads/${lead.id}/consultor`, payload: { consultorId: null } });
    expect(await historico(lead.id)).toHaveLength(3);
  });

  it("refuses another company's consultant or lead (404) and leaves the lead as it was", async () => {
    const lead = await novoLead();
    const r1 = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/consultor`,
      payload: { consultorId: b.consultor.id },
    });
    expect(r1.statusCode).toBe(404);
    expect(r1.json().erro).toBe("Consultor não encontrado.");
    const r2 = await b.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/consultor`,
      payload: { consultorId: b.consultor.id },
    });
    expect(r2.statusCode).toBe(404);
    expect(r2.json().erro).toBe("Lead não encontrado");
    expect((await lerLead(lead.id)).consultor_atribuido_id).toBeNull();
    expect(await historico(lead.id)).toEqual([]);
  });

  it("is for company admins and the platform admin (on the company's path) only", async () => {
    const lead = await novoLead();
    const url = `/api/leads/${lead.id}/consultor`;
    for (const nav of [a.navegadores.consultor, a.navegadores.juridico]) {
      expect((await nav.req({ method: "PATCH", url, payload: { consultorId: a.consultor.id } })).statusCode).toBe(403);
    }
    const viaPlataforma = await a.navegadores.plataforma.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/consultor?empresaId=${a.empresa.id}`,
      payload: { consultorId: a.consultor.id },
    });
    expect(viaPlataforma.statusCode).toBe(204);
    expect(await historico(lead.id)).toEqual([
      {
        campo: "consultor_atribuido_id",
        valor_anterior: null,
        valor_novo: a.consultor.id,
        id_usuario_fk: a.usuarios.plataforma.id,
      },
    ]);
    // the platform admin cannot reach company A's lead by naming company B
    const cruzado = await a.navegadores.plataforma.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/consultor?empresaId=${b.empresa.id}`,
      payload: { consultorId: null },
    });
    expect(cruzado.statusCode).toBe(404);
    expect((await lerLead(lead.id)).consultor_atribuido_id).toBe(a.consultor.id);
  });
});

describe("status changes", () => {
  it("records from → to and who, and validates the status", async () => {
    const lead = await novoLead();
    const res = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/status`,
      payload: { status: "Em Negociação" },
    });
    expect(res.statusCode).toBe(204);
    expect((await lerLead(lead.id)).status_lead).toBe("Em Negociação");
    expect(await historico(lead.id)).toEqual([
      { campo: "status_lead", valor_anterior: "Novo Lead", valor_novo: "Em Negociação", id_usuario_fk: a.usuarios.admin.id },
    ]);
    const ruim = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/status`,
      payload: { status: "Ganho" },
    });
    expect(ruim.statusCode).toBe(400);
    expect((await lerLead(lead.id)).status_lead).toBe("Em Negociação");
  });
});

describe("DELETE /api/leads/:id", () => {
  it("deletes the lead with its messages, documents and history in one go", async () => {
    const lead = await novoLead(a.empresa.id, { status_lead: "Em Atendimento" });
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      await criarMensagem(tx, { id_empresa_fk: a.empresa.id, id_lead_fk: lead.id, message: "Oi" });
      await tx.query(
        `INSERT INTO documentos (id_empresa_fk, id_lead_fk, nome_arquivo, tipo_arquivo, tamanho_arquivo, url_storage)
         VALUES ($1, $2, 'contrato.pdf', 'application/pdf', 10, $3)`,
        [a.empresa.id, lead.id, `${a.empresa.id}/${lead.id}/contrato.pdf`],
      );
    });
    await t.deps.storage.gravar(`${a.empresa.id}/${lead.id}/contrato.pdf`, Buffer.from("%PDF-1.4"));
    await a.navegadores.admin.req({ method: "PATCH", url: `/api/leads/${lead.id}/status`, payload: { status: "Perdido" } });
    const res = await a.navegadores.admin.req({ method: "DELETE", url: `/api/leads/${lead.id}` });
    expect(res.statusCode).toBe(204);
    const restos = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const q = async (tabela: string) =>
        (await tx.query(`SELECT count(*)::int AS n FROM ${tabela} WHERE id_lead_fk = $1`, [lead.id])).rows[0].n;
      return {
        lead: (await tx.query("SELECT count(*)::int AS n FROM leads_juros_check WHERE id = $1", [lead.id])).rows[0].n,
        mensagens: await q("mensagens_whatsapp"),
        documentos: await q("documentos"),
        historico: await q("lead_status_historico"),
        busca: await q("leads_busca"),
      };
    });
    expect(restos).toEqual({ lead: 0, mensagens: 0, documentos: 0, historico: 0, busca: 0 });
    expect(await t.deps.storage.existe(`${a.empresa.id}/${lead.id}/contrato.pdf`)).toBe(false);
  });

  it("answers 404 for another company's lead and 403 for a Consultor, deleting nothing", async () => {
    const lead = await novoLead();
    expect((await b.navegadores.admin.req({ method: "DELETE", url: `/api/leads/${lead.id}` })).statusCode).toBe(404);
    expect((await a.navegadores.consultor.req({ method: "DELETE", url: `/api/leads/${lead.id}` })).statusCode).toBe(403);
    expect(await lerLead(lead.id)).toBeTruthy();
  });
});

describe("POST /api/leads/em-massa (bulk actions)", () => {
  it("assigns, changes status and deletes the selected rows", async () => {
    const ids = [(await novoLead()).id, (await novoLead()).id, (await novoLead()).id];
    const nav = a.navegadores.admin;
    const c = conexao(a.usuarios.consultor);
    try {
      const at = await nav.req({
        method: "POST",
        url: "/api/leads/em-massa",
        payload: { acao: "atribuir", ids, consultorId: a.consultor.id },
      });
      expect(at.json()).toEqual({ afetados: 3 });
      await esperar(() => c.recebidos.some((e) => e.tipo === "notificacao.nova"));
      expect(c.recebidos.find((e) => e.tipo === "notificacao.nova")).toMatchObject({
        dados: { titulo: "Novos leads atribuídos a você", conteudo: "3 leads foram atribuídos a você." },
      });
    } finally {
      c.sair();
    }
    const st = await nav.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "status", ids, status: "Proposta Enviada" },
    });
    expect(st.json()).toEqual({ afetados: 3 });
    for (const id of ids) {
      expect((await lerLead(id)).status_lead).toBe("Proposta Enviada");
      expect((await historico(id)).map((h) => h.campo)).toEqual(["consultor_atribuido_id", "status_lead"]);
    }
    const ex = await nav.req({ method: "POST", url: "/api/leads/em-massa", payload: { acao: "excluir", ids: ids.slice(0, 2) } });
    expect(ex.json()).toEqual({ afetados: 2 });
    expect(await lerLead(ids[0])).toBeUndefined();
    expect(await lerLead(ids[2])).toBeTruthy();
  });

  it("changes nothing at all when one of the ids is not the company's", async () => {
    const meu = await novoLead();
    const alheio = await novoLead(b.empresa.id);
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "status", ids: [meu.id, alheio.id], status: "Perdido" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().erro).toBe("Um ou mais leads não foram encontrados.");
    expect((await lerLead(meu.id)).status_lead).toBe("Novo Lead");
    expect((await lerLead(alheio.id)).status_lead).toBe("Novo Lead");
    const ex = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "excluir", ids: [meu.id, alheio.id] },
    });
    expect(ex.statusCode).toBe(404);
    expect(await lerLead(meu.id)).toBeTruthy();
    expect(await lerLead(alheio.id)).toBeTruthy();
  });

  it("validates the action", async () => {
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "atribuir", ids: [] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("GET /api/leads/consultores", () => {
  it("lists the company's consultants by name for the assign modal", async () => {
    const res = await a.navegadores.admin.req({ url: "/api/leads/consultores" });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: string }[]).map((c) => c.id);
    expect(ids).toContain(a.consultor.id);
    expect(ids).toContain(semUsuario.id);
    expect(ids).not.toContain(b.consultor.id);
  });
});

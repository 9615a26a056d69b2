import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG_CAMPANHAS } from "@crm/domain/campaigns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { consentirMarketing } from "../../test/consent.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { chamarApi, criarChaveApi } from "./test-helpers.js";

/** Opt-in campaigns by API key (decision 1930): /campanhas' services, the key as the change log's author. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
let chaveB: TChaveApiCriada;
let etiqueta: string;
let campanhaId: string | null = null;

/** Four tagged leads of A: two with marketing consent, one that revoked it, one never asked. */
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
  chaveB = await criarChaveApi(await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" }));
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const { rows } = await tx.query(
      "INSERT INTO etiquetas (id_empresa_fk, nome, cor) VALUES ($1, 'Campanha API', '#2563eb') RETURNING id",
      [a.empresa.id],
    );
    etiqueta = rows[0].id;
    const perfis = ["concedido", "concedido", "revogado", null] as const;
    for (const [i, p] of perfis.entries()) {
      const lead = await criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        nome: `Ana ${i} Campanha`,
        telefone: `5511961${String(200_000 + i).padStart(6, "0")}`,
      });
      await tx.query("INSERT INTO leads_etiquetas (id_empresa_fk, id_lead_fk, id_etiqueta_fk) VALUES ($1, $2, $3)", [
        a.empresa.id,
        lead.id,
        etiqueta,
      ]);
      if (p) await consentirMarketing(tx, { empresaId: a.empresa.id, leadId: lead.id, adminId: a.usuarios.admin.id }, p);
    }
  });
});
// a campaign left running would keep sending in the background of later files' databases: cancel it
afterAll(async () => {
  if (campanhaId) await api("POST", `/campanhas/${campanhaId}/estado`, { acao: "cancelar" });
});

const api = (method: "GET" | "POST", url: string, payload?: object, k?: string, headers?: Record<string, string>) =>
  chamarApi(t, k ?? chave.chave, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
const novaCampanha = () => ({
  nome: "Campanha pela API",
  filtros: { etiquetas: [etiqueta] },
  tipo_mensagem: "texto",
  texto: "Olá, {{nome}}! Temos uma condição especial para revisar o seu contrato.",
  // a start far ahead: the sender finds nothing due while the test reads the plan
  inicio_em: "2031-01-06T09:00:00-03:00",
});

describe("campaigns through /api/v1", () => {
  it("counts the audience with its exclusions, saving nothing", async () => {
    const res = await api("POST", "/campanhas/publico", { filtros: { etiquetas: [etiqueta] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 4, elegiveis: 2, exclusoes: { descadastrado: 1, sem_consentimento: 1 } });
    const { rows } = await t.dono.query("SELECT count(*)::int AS n FROM campanhas_whatsapp WHERE id_empresa_fk = $1", [
      a.empresa.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("creates and plans a campaign for the consenting leads, lists it, pauses and resumes it; logged with the key", async () => {
    const cab = { "idempotency-key": "campanha-1" };
    const res = await api("POST", "/campanhas", novaCampanha(), undefined, cab);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    campanhaId = c.id;
    expect(c).toMatchObject({ estado: "ativa", total_destinatarios: 2, funil: { destinatarios: 2, pendentes: 2 } });
    const replay = await api("POST", "/campanhas", novaCampanha(), undefined, cab);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().id).toBe(c.id);
    // one campaign at a time (the daily cap is per number)
    const outra = await api("POST", "/campanhas", { ...novaCampanha(), nome: "Outra" });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().detail).toBe(MSG_CAMPANHAS.outraEmCurso);
    const lista = await api("GET", "/campanhas?limit=100");
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().itens.map((x: { id: string }) => x.id)).toEqual([c.id]);
    const pausada = await api("POST", `/campanhas/${c.id}/estado`, { acao: "pausar" });
    expect(pausada.json()).toMatchObject({ id: c.id, estado: "pausada" });
    expect((await api("GET", `/campanhas/${c.id}`)).json().estado).toBe("pausada");
    expect((await api("POST", `/campanhas/${c.id}/estado`, { acao: "retomar" })).json().estado).toBe("ativa");
    const { rows } = await t.dono.query(
      "SELECT tipo, origem, id_chave_api, id_usuario_fk FROM mudancas WHERE id_entidade = $1 ORDER BY id",
      [c.id],
    );
    expect(rows.map((r) => r.tipo)).toEqual(["campanha.criada", "campanha.pausada", "campanha.retomada"]);
    expect(rows.every((r) => r.origem === "api" && r.id_chave_api === chave.id && r.id_usuario_fk === null)).toBe(true);
  });

  it("refuses bad input in pt-BR and another company's campaign is 404", async () => {
    const ruim = await api("POST", "/campanhas", { ...novaCampanha(), nome: "", janela_inicio: 20, janela_fim: 8 });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json()).toMatchObject({ code: "dados_invalidos" });
    expect(ruim.json().campos.nome).toBe(MSG_CAMPANHAS.nomeObrigatorio);
    if (!campanhaId) throw new Error("a campanha do teste anterior não existe");
    expect((await api("GET", `/campanhas/${campanhaId}`, undefined, chaveB.chave)).statusCode).toBe(404);
    const estado = await api("POST", `/campanhas/${campanhaId}/estado`, { acao: "cancelar" }, chaveB.chave);
    expect(estado.statusCode).toBe(404);
    expect((await api("GET", `/campanhas/${campanhaId}`)).json().estado).toBe("ativa");
    expect((await api("GET", "/campanhas", undefined, chaveB.chave)).json().itens).toEqual([]);
  });

  it("a key with campaigns:read counts and reads but cannot create (403)", async () => {
    const soLer = await criarChaveApi(a, { escopos: ["campaigns:read"] });
    expect((await api("GET", "/campanhas", undefined, soLer.chave)).statusCode).toBe(200);
    const res = await api("POST", "/campanhas", { ...novaCampanha(), nome: "Sem escopo" }, soLer.chave);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
  });
});

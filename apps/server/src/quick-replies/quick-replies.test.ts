import { RESPOSTAS_PADRAO } from "@crm/domain/quick-replies";
import { PAPEL } from "@crm/domain/roles";
import type { TRespostaPreenchida, TRespostaRapida } from "@crm/domain/schemas/quick-replies";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, criarUsuario, entrar, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";

/** Decision 1838: quick replies, the company's and each person's own, and the composer's '/' list filled from the lead. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

type TNav = TEmpresaComUsuarios["navegadores"]["admin"];
const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
const criar = async (nav: TNav, corpo: Record<string, unknown>, status = 201) => {
  const res = await nav.req({ method: "POST", url: "/api/respostas-rapidas", payload: corpo });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as TRespostaRapida;
};
const atalhos = async (nav: TNav) =>
  ((await nav.req({ url: "/api/respostas-rapidas" })).json() as TRespostaRapida[]).map((r) => r.atalho);
const lista = async (nav: TNav, leadId: string, q: string) => {
  const res = await nav.req({ url: `/api/chat/${leadId}/respostas-rapidas?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TRespostaPreenchida[];
};
const lead = (e: TEmpresaComUsuarios, p: Record<string, unknown>) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, { id_empresa_fk: e.empresa.id, status_lead: "Em Atendimento", ...p } as never),
  );
const tipos = async (id: string) =>
  (await sql("SELECT tipo FROM mudancas WHERE id_entidade = $1 ORDER BY id", [id])).map((r) => r.tipo);

describe("quick replies", () => {
  it("start with the six built-in templates as the company's, for every new company", async () => {
    const res = await a.navegadores.consultor.req({ url: "/api/respostas-rapidas" });
    const padrao = (res.json() as TRespostaRapida[]).filter((r) => r.escopo === "empresa");
    expect(padrao.map(({ atalho, titulo, conteudo }) => ({ atalho, titulo, conteudo }))).toEqual(
      [...RESPOSTAS_PADRAO].sort((x, y) => (x.atalho < y.atalho ? -1 : 1)),
    );
  });

  it("are created, edited and deleted with a change-log row each; the company's only by the admin", async () => {
    const empresa = await criar(a.navegadores.admin, {
      atalho: "Pix",
      titulo: "Chave Pix",
      conteudo: "Nossa chave é X.",
      escopo: "empresa",
    });
    expect(empresa).toMatchObject({ atalho: "pix", escopo: "empresa", midia: null });
    await criar(a.navegadores.consultor, { atalho: "pix2", titulo: "x", conteudo: "y", escopo: "empresa" }, 403);
    const minha = await criar(a.navegadores.consultor, { atalho: "pix", titulo: "Meu Pix", conteudo: "Oi {{primeiro_nome}}" });
    expect(minha.escopo).toBe("pessoal");
    let res = await a.navegadores.consultor.req({
      method: "POST",
      url: "/api/respostas-rapidas",
      payload: { atalho: "pix", titulo: "outra", conteudo: "z" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().campos).toEqual({ atalho: "Já existe uma resposta rápida com este atalho." });
    res = await a.navegadores.consultor.req({
      method: "POST",
      url: "/api/respostas-rapidas",
      payload: { atalho: "com espaço", titulo: "t", conteudo: "c" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Use até 30 letras minúsculas");

    res = await a.navegadores.consultor.req({
      method: "PUT",
      url: `/api/respostas-rapidas/${empresa.id}`,
      payload: { atalho: "pix", titulo: "Mudado", conteudo: "Mudado" },
    });
    expect(res.statusCode).toBe(403);
    res = await a.navegadores.admin.req({
      method: "PUT",
      url: `/api/respostas-rapidas/${empresa.id}`,
      payload: { atalho: "pix", titulo: "Chave Pix da empresa", conteudo: "Nossa chave é Y." },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ titulo: "Chave Pix da empresa", conteudo: "Nossa chave é Y." });
    res = await a.navegadores.admin.req({ method: "DELETE", url: `/api/respostas-rapidas/${empresa.id}` });
    expect(res.statusCode).toBe(204);
    expect(await atalhos(a.navegadores.admin)).not.toContain("pix");
    expect(await tipos(empresa.id)).toEqual(["resposta.criada", "resposta.alterada", "resposta.excluida"]);
    const [linha] = await sql("SELECT antes, depois, id_usuario_fk FROM mudancas WHERE id_entidade = $1 AND tipo = $2", [
      empresa.id,
      "resposta.alterada",
    ]);
    expect(linha).toEqual({
      antes: { atalho: "pix", escopo: "empresa" },
      depois: { atalho: "pix", escopo: "empresa" },
      id_usuario_fk: a.usuarios.admin.id,
    });
  });

  it("personal ones are invisible to everybody else, the admin included, and to other companies", async () => {
    const minha = await criar(a.navegadores.consultor, { atalho: "segredo", titulo: "Só minha", conteudo: "texto" });
    const outro = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarUsuario(tx, { id_empresa_fk: a.empresa.id, papel: PAPEL.consultor }),
    );
    const nav = t.navegador();
    await entrar(nav, outro.email);
    expect(await atalhos(nav)).not.toContain("segredo");
    expect(await atalhos(a.navegadores.admin)).not.toContain("segredo");
    expect(await atalhos(b.navegadores.admin)).not.toContain("segredo");
    for (const quem of [nav, a.navegadores.admin, b.navegadores.admin]) {
      const editar = await quem.req({
        method: "PUT",
        url: `/api/respostas-rapidas/${minha.id}`,
        payload: { atalho: "roubada", titulo: "t", conteudo: "c" },
      });
      expect(editar.statusCode).toBe(404);
      expect((await quem.req({ method: "DELETE", url: `/api/respostas-rapidas/${minha.id}` })).statusCode).toBe(404);
    }
    // the same shortcut is free for another person: scopes do not collide
    await criar(nav, { atalho: "segredo", titulo: "A dele", conteudo: "outro" });
    const [{ n }] = await sql("SELECT count(*)::int AS n FROM respostas_rapidas WHERE atalho = 'segredo'");
    expect(n).toBe(2);
    // the list of a lead of another company is not reachable
    const deA = await lead(a, { nome: "Lead de A" });
    expect((await b.navegadores.consultor.req({ url: `/api/chat/${deA.id}/respostas-rapidas?q=` })).statusCode).toBe(404);
  });

  it("the '/' list filters by shortcut then title, and fills the variables from the lead, naming the missing ones", async () => {
    await criar(a.navegadores.consultor, {
      atalho: "parcela",
      titulo: "Valor da parcela",
      conteudo: "Oi {{primeiro_nome}} ({{nome}}), sua parcela de {{valor_parcela}} com {{consultor}}. {{outra}}",
    });
    const completo = await lead(a, {
      nome: "Maria Souza Lima",
      valor_parcela: "1234.50",
      consultor_atribuido_id: a.consultor.id,
    });
    const [r] = await lista(a.navegadores.consultor, completo.id, "parc");
    expect(r.atalho).toBe("parcela");
    expect(r.texto).toBe(
      `Oi Maria (Maria Souza Lima), sua parcela de R$\u00a01.234,50 com ${a.consultor.nome.split(" ")[0]}. {{outra}}`,
    );
    expect(r.faltando).toEqual([]);

    const semDados = await lead(a, { nome: "João" });
    const [s] = await lista(a.navegadores.consultor, semDados.id, "parcela");
    expect(s.faltando).toEqual(["valor_parcela", "consultor"]);
    expect(s.texto).toBe("Oi João (João), sua parcela de com . {{outra}}");

    // by title ('contrato' is in 'Dados do contrato'), shortcut matches first; '_' and '%' are literal
    expect((await lista(a.navegadores.consultor, completo.id, "contrato")).map((x) => x.atalho)).toEqual(["dados_do_contrato"]);
    expect((await lista(a.navegadores.consultor, completo.id, "%")).length).toBe(0);
    expect((await lista(a.navegadores.consultor, completo.id, "")).length).toBeGreaterThanOrEqual(7);
  });
});

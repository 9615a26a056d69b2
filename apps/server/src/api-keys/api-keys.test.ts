import { createHash } from "node:crypto";
import { LIMITE_API_POR_MINUTO, type TChaveApiCriada, TEXTO_CHAVES_API, type TListaChavesApi } from "@crm/domain/api-keys";
import { MSG } from "@crm/domain/messages";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";

/** 'API personalizada' (Enterprise, decision 1310): company API keys and POST /api/v1/leads. */
const t = useTestApp();
let ent: TEmpresaComUsuarios;
let outra: TEmpresaComUsuarios;
beforeAll(async () => {
  ent = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  outra = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
});

const lead = (telefone: string) => ({
  nome: "Lead da API",
  email: "api@exemplo.com",
  telefone,
  tipo_financiamento: "Casa",
  valor_total_financiado: "R$ 250.000,00",
  valor_parcela: "2.345,67",
  objetivo_cliente: "Reduzir juros",
  origem_lead: "Indicação",
});
const criar = (e: TEmpresaComUsuarios, nome = "Site") =>
  e.navegadores.admin.req({ method: "POST", url: "/api/empresa/chaves-api", payload: { nome } });
const enviar = (chave: string | null, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/leads",
    headers: chave ? { authorization: `Bearer ${chave}` } : {},
    payload: payload as Record<string, unknown>,
  });

describe("company API keys", () => {
  it("Enterprise creates a key shown once, stored only as its SHA-256, listed by name and prefix", async () => {
    const res = await criar(ent);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json() as TChaveApiCriada;
    expect(c.chave).toMatch(/^crm_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    const { rows } = await t.dono.query("SELECT hash, prefixo FROM chaves_api WHERE id = $1", [c.id]);
    expect(rows[0].hash).toBe(createHash("sha256").update(c.chave).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(c.chave.slice(-43));
    const lista = (await ent.navegadores.admin.req({ url: "/api/empresa/chaves-api" })).json() as TListaChavesApi;
    expect(lista.chaves.map((k) => k.id)).toContain(c.id);
    expect(JSON.stringify(lista)).not.toContain(c.chave);
  });

  it("refuses Básico, Premium and a Básico trial (403 naming plan and feature); Consultor and Jurídico are denied", async () => {
    for (const plano of ["Básico", "Premium"] as const) {
      const e = await criarEmpresaComUsuarios(t, { plano_assinatura: plano });
      if (plano === "Básico")
        await t.dono.query("UPDATE empresas SET teste_ate = current_date + 7 WHERE id = $1", [e.empresa.id]);
      const res = await criar(e);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ codigo: "limite_plano" });
      expect(res.json().erro).toContain(`API personalizada faz parte do plano Enterprise; o plano ${plano} não inclui`);
    }
    for (const nav of [ent.navegadores.consultor, ent.navegadores.juridico]) {
      expect((await nav.req({ method: "POST", url: "/api/empresa/chaves-api", payload: { nome: "x" } })).statusCode).toBe(403);
      expect((await nav.req({ url: "/api/empresa/chaves-api" })).statusCode).toBe(403);
    }
    expect(
      (await ent.navegadores.admin.req({ method: "POST", url: "/api/empresa/chaves-api", payload: { nome: " " } })).statusCode,
    ).toBe(400);
  });
});

describe("POST /api/v1/leads", () => {
  let chave: string;
  beforeAll(async () => {
    chave = ((await criar(ent, "Formulário do site")).json() as TChaveApiCriada).chave;
  });

  it("creates a lead in the key's company, the phone normalized once, duplicates refused", async () => {
    const res = await enviar(chave, lead("+55 (11) 97777-1234"));
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await t.dono.query("SELECT id_empresa_fk, telefone, status_lead FROM leads_juros_check WHERE id = $1", [
      res.json().id,
    ]);
    expect(rows[0]).toMatchObject({ id_empresa_fk: ent.empresa.id, status_lead: "Novo Lead" });
    const local = await enviar(chave, lead("11 97777-1234"));
    expect(local.statusCode).toBe(409);
    expect(local.json().erro).toBe(MSG.leadTelefoneDuplicado);
    const usada = await t.dono.query("SELECT ultimo_uso_em FROM chaves_api WHERE id_empresa_fk = $1 AND hash = $2", [
      ent.empresa.id,
      createHash("sha256").update(chave).digest("hex"),
    ]);
    expect(usada.rows[0].ultimo_uso_em).not.toBeNull();
  });

  it("refuses no key, a malformed or unknown key, and a key moved to another company's id (401), and bad input (400)", async () => {
    const antes = (await t.dono.query("SELECT count(*)::int AS n FROM leads_juros_check")).rows[0].n;
    expect((await enviar(null, lead("11 96666-0001"))).json().erro).toBe(TEXTO_CHAVES_API.semChave);
    for (const k of ["abc", `${chave}x`, chave.replace(/_[^_]+$/, `_${"A".repeat(43)}`)]) {
      const r = await enviar(k, lead("11 96666-0002"));
      expect(r.statusCode, k).toBe(401);
      expect(r.json().erro).toBe(TEXTO_CHAVES_API.chaveInvalida);
    }
    const trocada = chave.replace(/^crm_[0-9a-f]{32}/, `crm_${outra.empresa.id.replaceAll("-", "")}`);
    expect((await enviar(trocada, lead("11 96666-0003"))).statusCode).toBe(401);
    const invalido = await enviar(chave, { ...lead("123"), nome: "" });
    expect(invalido.statusCode).toBe(400);
    expect((await t.dono.query("SELECT count(*)::int AS n FROM leads_juros_check")).rows[0].n).toBe(antes);
  });

  it("stops a revoked key, and every key of a company that leaves Enterprise or is suspended", async () => {
    const k2 = (await criar(ent, "Parceiro")).json() as TChaveApiCriada as TChaveApiCriada;
    const revogar = await ent.navegadores.admin.req({ method: "DELETE", url: `/api/empresa/chaves-api/${k2.id}` });
    expect(revogar.statusCode).toBe(200);
    expect(revogar.json().revogada_em).not.toBeNull();
    expect((await enviar(k2.chave, lead("11 95555-0001"))).statusCode).toBe(401);
    // another company cannot revoke it (its tenant does not see the row)
    const k3 = (await criar(outra, "Outra")).json() as TChaveApiCriada;
    expect((await ent.navegadores.admin.req({ method: "DELETE", url: `/api/empresa/chaves-api/${k3.id}` })).statusCode).toBe(404);

    await t.dono.query("UPDATE empresas SET plano_assinatura = 'Premium' WHERE id = $1", [ent.empresa.id]);
    const rebaixada = await enviar(chave, lead("11 95555-0002"));
    expect(rebaixada.statusCode).toBe(403);
    expect(rebaixada.json()).toMatchObject({ codigo: "limite_plano" });
    await t.dono.query("UPDATE empresas SET plano_assinatura = 'Enterprise', status_assinatura = 'Suspenso' WHERE id = $1", [
      ent.empresa.id,
    ]);
    expect((await enviar(chave, lead("11 95555-0003"))).statusCode).toBe(403);
    await t.dono.query("UPDATE empresas SET status_assinatura = 'Ativo' WHERE id = $1", [ent.empresa.id]);
    expect((await enviar(chave, lead("11 95555-0004"))).statusCode).toBe(201);
  });

  it(`limits a key to ${LIMITE_API_POR_MINUTO} requests a minute (429)`, async () => {
    const k = ((await criar(outra, "Carga")).json() as TChaveApiCriada).chave;
    const respostas = [];
    for (let i = 0; i <= LIMITE_API_POR_MINUTO; i++) respostas.push((await enviar(k, { nome: "" })).statusCode);
    expect(respostas.slice(0, LIMITE_API_POR_MINUTO).every((s) => s === 400)).toBe(true);
    const ultima = await enviar(k, { nome: "" });
    expect(ultima.statusCode).toBe(429);
    expect(ultima.json().erro).toBe(TEXTO_CHAVES_API.limiteRequisicoes);
  });
});

import { createHash } from "node:crypto";
import type { TChaveApiCriada, TListaChavesApi } from "@crm/domain/api-keys";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";

/** 'API personalizada' (Enterprise, decision 1310): the company's API keys on /configuracoes (their use: api-v1/). */
const t = useTestApp();
let ent: TEmpresaComUsuarios;
beforeAll(async () => {
  ent = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
});

const criar = (e: TEmpresaComUsuarios, nome = "Site") =>
  e.navegadores.admin.req({ method: "POST", url: "/api/empresa/chaves-api", payload: { nome } });
describe("company API keys", () => {
  it("Enterprise creates a key shown once, stored only as its SHA-256, listed by name and prefix", async () => {
    const res = await criar(ent);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json() as TChaveApiCriada;
    expect(c.chave).toMatch(/^crm_live_[0-9a-f]{32}_[A-Za-z0-9_-]{54}$/);
    const { rows } = await t.dono.query("SELECT hash, prefixo FROM chaves_api WHERE id = $1", [c.id]);
    expect(rows[0].hash).toBe(createHash("sha256").update(c.chave).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(c.chave.slice(-54));
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

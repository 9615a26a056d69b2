import { RECURSOS_DO_PLANO } from "@crm/domain/plan-limits";
import type { TPlano } from "@crm/domain/plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iniciarOpenAIFalsa } from "../../../../test-support/fake-openai-models.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";

/**
 * Decision 1310: the plan-only features of PLANO_INFO (the table /planos shows) are enforced on the server, each
 * refusal a 403 with code 'limite_plano' naming the plan and the feature and pointing at /planos; a company on trial
 * has its plan's features. Every gate, every plan.
 */
let ia: Awaited<ReturnType<typeof iniciarOpenAIFalsa>>;
beforeAll(async () => {
  ia = await iniciarOpenAIFalsa();
});
afterAll(async () => {
  await ia?.fechar();
});
const t = useTestApp();
const empresas = {} as Record<TPlano | "teste", TEmpresaComUsuarios>;
beforeAll(async () => {
  for (const plano of ["Básico", "Premium", "Enterprise"] as const)
    empresas[plano] = await criarEmpresaComUsuarios(t, { plano_assinatura: plano });
  // a Básico company in its 14-day trial
  empresas.teste = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
  await t.dono.query("UPDATE empresas SET teste_ate = current_date + 10 WHERE id = $1", [empresas.teste.empresa.id]);
});

function recusa(res: { statusCode: number; json: () => { erro: string; codigo?: string } }, plano: string, recurso: string) {
  expect(res.statusCode).toBe(403);
  const b = res.json();
  expect(b.codigo).toBe("limite_plano");
  expect(b.erro).toContain(recurso);
  expect(b.erro).toContain(`o plano ${plano} não inclui`);
  expect(b.erro).toContain("/planos");
}

describe("'Relatórios avançados' (Premium and Enterprise): the /financeiro CSV export", () => {
  const url = "/api/financeiro/exportacao?periodo=custom&inicio=2025-03-01&fim=2025-03-31";
  it("refuses Básico, and Básico on trial, naming the plan and the feature", async () => {
    for (const k of ["Básico", "teste"] as const)
      recusa(await empresas[k].navegadores.admin.req({ url }), "Básico", RECURSOS_DO_PLANO.relatoriosAvancados);
  });
  it("lets Premium and Enterprise export", async () => {
    for (const k of ["Premium", "Enterprise"] as const) {
      const res = await empresas[k].navegadores.admin.req({ url });
      expect(res.statusCode, `${k} ${res.body}`).toBe(200);
      expect(res.headers["content-type"]).toContain("text/csv");
    }
  });
  it("applies the company's plan when the platform admin names it", async () => {
    const b = empresas.Básico;
    recusa(
      await b.navegadores.plataforma.req({ url: `${url}&empresaId=${b.empresa.id}` }),
      "Básico",
      RECURSOS_DO_PLANO.relatoriosAvancados,
    );
    const p = empresas.Premium;
    expect((await p.navegadores.plataforma.req({ url: `${url}&empresaId=${p.empresa.id}` })).statusCode).toBe(200);
  });
  it("leaves the figures themselves to every plan", async () => {
    const res = await empresas.Básico.navegadores.admin.req({
      url: "/api/financeiro?periodo=custom&inicio=2025-03-01&fim=2025-03-31",
    });
    expect(res.statusCode).toBe(200);
  });
});

const OFICIAL = {
  provedor: "official",
  access_token: "EAAG-teste-token",
  phone_number_id: "106540352242922",
  app_id: "1",
  app_secret: "segredo-do-app",
};

describe("'IA avançada' (Enterprise): choosing GPT-4 or GPT-4 Turbo for the screening", () => {
  const salvar = (e: TEmpresaComUsuarios, modelo: string, temperature = 0.7) =>
    e.navegadores.admin.req({
      method: "PUT",
      url: "/api/empresa/configuracoes",
      payload: { whatsapp: OFICIAL, ia: { api_key: "sk-teste", modelo, temperature, base_url: ia.url } },
    });
  const modeloGuardado = async (e: TEmpresaComUsuarios) =>
    (await t.dono.query("SELECT config_chatgpt_api->>'model' AS m FROM empresas WHERE id = $1", [e.empresa.id])).rows[0].m;

  it("refuses Básico, Premium and Básico on trial, and stores nothing", async () => {
    for (const [k, plano] of [
      ["Básico", "Básico"],
      ["Premium", "Premium"],
      ["teste", "Básico"],
    ] as const) {
      for (const modelo of ["gpt-4", "gpt-4-turbo"]) {
        const antes = await modeloGuardado(empresas[k]);
        recusa(await salvar(empresas[k], modelo), plano, RECURSOS_DO_PLANO.iaAvancada);
        expect(await modeloGuardado(empresas[k])).toBe(antes);
      }
      // the recommended model stays open to every plan
      const ok = await salvar(empresas[k], "gpt-3.5-turbo");
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });

  it("lets Enterprise choose it; after a downgrade the stored choice is kept, other fields still save, screening uses the recommended model", async () => {
    const e = empresas.Enterprise;
    const res = await salvar(e, "gpt-4");
    expect(res.statusCode, res.body).toBe(200);
    expect(await modeloGuardado(e)).toBe("gpt-4");
    expect((await e.navegadores.admin.req({ url: "/api/ia-triagem" })).json()).toMatchObject({ modelo: "gpt-4" });

    await t.dono.query("UPDATE empresas SET plano_assinatura = 'Premium' WHERE id = $1", [e.empresa.id]);
    const outra = await salvar(e, "gpt-4", 0.3);
    expect(outra.statusCode, outra.body).toBe(200);
    expect((await e.navegadores.admin.req({ url: "/api/ia-triagem" })).json()).toMatchObject({ modelo: "gpt-3.5-turbo" });
    recusa(await salvar(e, "gpt-4-turbo"), "Premium", RECURSOS_DO_PLANO.iaAvancada);
    await t.dono.query("UPDATE empresas SET plano_assinatura = 'Enterprise' WHERE id = $1", [e.empresa.id]);
  });
});

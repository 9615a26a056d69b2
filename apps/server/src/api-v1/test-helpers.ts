import type { TChaveApiCriada, TEscopoApi } from "@crm/domain/api-keys";
import type { InjectOptions } from "fastify";
import type { TTestApp } from "../../test/app.js";
import type { TEmpresaComUsuarios } from "../../test/factories.js";

/** A key of the company, created by its admin on /configuracoes with the given scopes (all by default). */
export async function criarChaveApi(
  e: TEmpresaComUsuarios,
  o: { escopos?: TEscopoApi[]; ips_permitidos?: string[]; expira_em?: string | null; nome?: string } = {},
): Promise<TChaveApiCriada> {
  const res = await e.navegadores.admin.req({
    method: "POST",
    url: "/api/empresa/chaves-api",
    payload: { nome: "Integração", ...o },
  });
  if (res.statusCode !== 201) throw new Error(`chave não criada: ${res.statusCode} ${res.body}`);
  return res.json() as TChaveApiCriada;
}

/** A call to /api/v1 with a key (or none). */
export const chamarApi = (t: TTestApp, chave: string | null, opts: InjectOptions & { url: string }) =>
  t.app.inject({
    ...opts,
    headers: { ...(chave ? { authorization: `Bearer ${chave}` } : {}), ...(opts.headers as Record<string, string>) },
  });

export const novoLeadApi = (telefone: string, nome = "Lead da API") => ({
  nome,
  email: "api@exemplo.com",
  telefone,
  tipo_financiamento: "Casa",
  valor_total_financiado: "R$ 250.000,00",
  valor_parcela: "2.345,67",
  objetivo_cliente: "Reduzir juros",
  origem_lead: "Indicação",
});

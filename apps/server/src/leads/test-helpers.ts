import type { TImportacaoLeads } from "@crm/domain/schemas/leads";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TNavegador, TTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function formularioArquivo(nome: string, dados: Buffer | string, mime = "text/csv"): Pick<InjectOptions, "payload" | "headers"> {
  const fronteira = `----crmteste${Math.random().toString(16).slice(2)}`;
  const corpo = Buffer.concat([
    Buffer.from(
      `--${fronteira}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    typeof dados === "string" ? Buffer.from(dados) : dados,
    Buffer.from(`\r\n--${fronteira}--\r\n`),
  ]);
  return { payload: corpo, headers: { "content-type": `multipart/form-data; boundary=${fronteira}` } };
}

/** `?empresaId=` for the platform admin working on a company (decision 1641); nothing for a company's own people. */
const naEmpresa = (empresaId?: string) => (empresaId ? `?empresaId=${empresaId}` : "");

/** POST of a CSV to /api/leads/importacao, of the caller's company or the one named by `empresaId`. */
export function importarCsv(nav: TNavegador, csv: Buffer | string, nome = "leads.csv", empresaId?: string, mime = "text/csv") {
  return nav.req({ method: "POST", url: `/api/leads/importacao${naEmpresa(empresaId)}`, ...formularioArquivo(nome, csv, mime) });
}

export const CABECALHO_CSV =
  "nome,telefone,tipo_financiamento,valor_total_financiado,valor_parcela,quantidade_parcelas_pagas,objetivo_cliente";

/** GET of an import until its job is done ('concluida' or 'falhou'), as the page falls back to when events are missed. */
export async function esperarImportacao(nav: TNavegador, id: string, empresaId?: string, ms = 20_000): Promise<TImportacaoLeads> {
  const fim = Date.now() + ms;
  for (;;) {
    const res = await nav.req({ url: `/api/leads/importacoes/${id}${naEmpresa(empresaId)}` });
    if (res.statusCode !== 200) throw new Error(`GET da importação ${id}: ${res.statusCode} ${res.body}`);
    const importacao = res.json() as TImportacaoLeads;
    if (importacao.status === "concluida" || importacao.status === "falhou") return importacao;
    if (Date.now() > fim) throw new Error(`a importação ${id} não terminou em ${ms} ms: ${res.body.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A CSV import as the page does it: POST, then, when accepted (202), the import followed until its job is done. */
export async function importarCsvAteOFim(
  nav: TNavegador,
  csv: Buffer | string,
  nome = "leads.csv",
  empresaId?: string,
  mime = "text/csv",
): Promise<{ res: LightMyRequestResponse; importacao: TImportacaoLeads | null }> {
  const res = await importarCsv(nav, csv, nome, empresaId, mime);
  return { res, importacao: res.statusCode === 202 ? await esperarImportacao(nav, res.json().id, empresaId) : null };
}

/** A Básico company (100 new leads a month, 001 §9) that already has `n` leads this month; `mais` adds others. */
export async function empresaBasicaComLeads(
  t: TTestApp,
  n: number,
  mais?: (tx: TTx, empresaId: string) => Promise<void>,
): Promise<TEmpresaComUsuarios> {
  const basico = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    for (let i = 0; i < n; i++) await criarLead(tx, { id_empresa_fk: basico.empresa.id });
    await mais?.(tx, basico.empresa.id);
  });
  return basico;
}

/** Rows of a query run across companies (what the tests check behind the API's back). */
export function lerComoSistema(t: TTestApp, texto: string, valores: unknown[] = []): Promise<Record<string, unknown>[]> {
  return unsafeWithSystem(t.deps.db.app, "teste", async (tx) => (await tx.query(texto, valores)).rows);
}

/** How many leads a company has. */
export async function contarLeads(t: TTestApp, empresaId: string): Promise<number> {
  const [r] = await lerComoSistema(t, "SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1", [empresaId]);
  return r.n as number;
}

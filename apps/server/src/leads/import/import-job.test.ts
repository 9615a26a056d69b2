import { randomUUID } from "node:crypto";
import { analisarCsv } from "@crm/domain/leads-csv";
import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { TImportacaoLeads, TImportacaoResumo } from "@crm/domain/schemas/leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { ouvirTempoReal } from "../../../test/realtime.js";
import { unsafeWithSystem } from "../../db/tenant.js";
import { travarCriacaoDeLeads } from "../plan-limit.js";
import {
  CABECALHO_CSV,
  contarLeads,
  empresaBasicaComLeads,
  esperarImportacao,
  importarCsv,
  importarCsvAteOFim,
  lerComoSistema,
} from "../test-helpers.js";
import { chaveLinhasImportacao, linhasDaImportacao } from "./import-file.js";
import type { TTrabalhoImportacao } from "./import-queue.js";
import { encerrarImportacaoPerdida, processarImportacao } from "./run-import.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
});

const sql = (texto: string, valores: unknown[] = []) => lerComoSistema(t, texto, valores);
const contar = (empresaId: string) => contarLeads(t, empresaId);
const lerImportacao = async (empresaId: string, id: string) =>
  (await sql("SELECT * FROM importacoes_leads WHERE id_empresa_fk = $1 AND id = $2", [empresaId, id]))[0];

let seq = 0;
const csvDe = (n: number) =>
  [CABECALHO_CSV, ...Array.from({ length: n }, () => `Pessoa Job ${++seq},(41) 9${String(60_000_000 + seq)},Carro,1,1,,`)].join(
    "\n",
  );

/** An accepted import whose job has not run: the row and the stored lines, as POST leaves them (no job enqueued). */
async function importacaoPendente(e: TEmpresaComUsuarios, csv: string): Promise<TTrabalhoImportacao> {
  const id = randomUUID();
  const chave = chaveLinhasImportacao(e.empresa.id, id);
  await t.deps.storage.gravar(chave, linhasDaImportacao(analisarCsv(csv)));
  await sql(
    `INSERT INTO importacoes_leads (id, id_empresa_fk, id_usuario_fk, nome_arquivo, chave_arquivo, total_linhas)
     VALUES ($1, $2, $3, 'leads.csv', $4, $5)`,
    [id, e.empresa.id, e.usuarios.admin.id, chave, csv.split("\n").length - 1],
  );
  return { importacaoId: id, empresaId: e.empresa.id, usuarioId: e.usuarios.admin.id, papel: PAPEL.admin };
}
/** Import rows and import jobs of every company (the owner sees pg-boss's tables). */
const filaEImportacoes = async () =>
  (
    await t.dono.query(
      "SELECT (SELECT count(*)::int FROM importacoes_leads) AS i, (SELECT count(*)::int FROM pgboss.job WHERE name = 'leads.importacao') AS j",
    )
  ).rows[0];
const trabalho = (dados: TTrabalhoImportacao, ultimaTentativa = false) => ({
  id: randomUUID(),
  dados,
  tentativa: 0,
  ultimaTentativa,
});

describe("the import job (decision 0306)", () => {
  it("inserts once when it runs twice at the same time, and once more does nothing", async () => {
    const antes = await contar(a.empresa.id);
    const d = await importacaoPendente(a, csvDe(3));
    await Promise.all([processarImportacao(t.deps, trabalho(d)), processarImportacao(t.deps, trabalho(d))]);
    expect(await contar(a.empresa.id)).toBe(antes + 3);
    const feita = await lerImportacao(a.empresa.id, d.importacaoId);
    expect(feita).toMatchObject({ status: "concluida", inseridos: 3, processadas: 3, erro: null, duplicadas: [] });
    // a job retried after its commit (pg-boss lost the completion)
    await processarImportacao(t.deps, trabalho(d, true));
    expect(await contar(a.empresa.id)).toBe(antes + 3);
    expect(await lerImportacao(a.empresa.id, d.importacaoId)).toEqual(feita);
    expect(await t.deps.storage.existe(chaveLinhasImportacao(a.empresa.id, d.importacaoId))).toBe(false);
  });

  it("marks the import failed with the plan's message when the limit was reached after the upload, inserting nothing", async () => {
    const basico = await empresaBasicaComLeads(t, 97);
    const ouvinte = ouvirTempoReal(t.deps, {
      usuarioId: basico.usuarios.admin.id,
      empresaId: basico.empresa.id,
      papel: PAPEL.admin,
    });
    let id = "";
    try {
      // a manual lead is being created while the file goes up: the job waits for it, then counts it
      await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
        await travarCriacaoDeLeads(tx, basico.empresa.id);
        await criarLead(tx, { id_empresa_fk: basico.empresa.id });
        const res = await importarCsv(basico.navegadores.admin, csvDe(3));
        expect(res.statusCode, res.body).toBe(202); // 97 + 3 fit when the file was checked
        id = res.json().id;
        const agora = await esperarAte(async () => (await lerImportacao(basico.empresa.id, id)).status === "processando");
        expect(agora).toBe(true);
      });
      const falhou = await esperarImportacao(basico.navegadores.admin, id);
      const erro =
        "Limite do plano Básico atingido: 100 novos leads por mês. Este mês já foram cadastrados 98 e esta operação traria mais 3. Faça upgrade do plano em Assinatura para cadastrar mais leads.";
      expect(falhou).toMatchObject({ status: "falhou", erro, inseridos: null, processadas: 0, resultado: null });
      expect(falhou.concluidaEm).not.toBeNull();
      expect(await contar(basico.empresa.id)).toBe(98);
      await esperarAte(async () => ouvinte.recebidos.some((e) => e.tipo === "leads.importacao.falhou"));
      expect(ouvinte.recebidos.filter((e) => e.tipo === "leads.importacao.falhou")).toEqual([
        { tipo: "leads.importacao.falhou", dados: { importacaoId: id, erro } },
      ]);
      expect(ouvinte.recebidos.some((e) => e.tipo === "leads.importacao.concluida")).toBe(false);
      expect(await t.deps.storage.existe(chaveLinhasImportacao(basico.empresa.id, id))).toBe(false);
    } finally {
      ouvinte.sair();
    }
  });

  it("throws on an unexpected error so pg-boss retries, and marks the import failed on the last try", async () => {
    const antes = await contar(a.empresa.id);
    const d = await importacaoPendente(a, csvDe(2));
    await t.deps.storage.remover(chaveLinhasImportacao(a.empresa.id, d.importacaoId)); // the file is gone
    const ouvinte = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.admin.id, empresaId: a.empresa.id, papel: PAPEL.admin });
    try {
      await expect(processarImportacao(t.deps, trabalho(d))).rejects.toThrow();
      expect(await lerImportacao(a.empresa.id, d.importacaoId)).toMatchObject({ status: "processando", erro: null });
      await expect(processarImportacao(t.deps, trabalho(d, true))).rejects.toThrow();
      expect(await lerImportacao(a.empresa.id, d.importacaoId)).toMatchObject({
        status: "falhou",
        erro: "Não foi possível concluir a importação. Nenhum lead foi importado; tente novamente.",
      });
      await esperarAte(async () => ouvinte.recebidos.some((e) => e.tipo === "leads.importacao.falhou"));
      expect(ouvinte.recebidos.find((e) => e.tipo === "leads.importacao.falhou")).toEqual({
        tipo: "leads.importacao.falhou",
        dados: { importacaoId: d.importacaoId, erro: MSG.importacaoFalhou },
      });
    } finally {
      ouvinte.sair();
    }
    expect(await contar(a.empresa.id)).toBe(antes);
  });

  it("marks an import failed when its job failed for good without doing it (a dead process): the dead-letter queue", async () => {
    const d = await importacaoPendente(a, csvDe(1));
    await sql("UPDATE importacoes_leads SET status = 'processando' WHERE id = $1", [d.importacaoId]);
    const { rows } = await t.dono.query("SELECT dead_letter FROM pgboss.queue WHERE name = 'leads.importacao'");
    expect(rows).toEqual([{ dead_letter: "leads.importacao.falhas" }]);
    await encerrarImportacaoPerdida(t.deps, d);
    expect(await lerImportacao(a.empresa.id, d.importacaoId)).toMatchObject({ status: "falhou", erro: MSG.importacaoFalhou });
    expect(await t.deps.storage.existe(chaveLinhasImportacao(a.empresa.id, d.importacaoId))).toBe(false);
    // a finished import stays as it is
    const feita = await importacaoPendente(a, csvDe(1));
    await processarImportacao(t.deps, trabalho(feita));
    await encerrarImportacaoPerdida(t.deps, feita);
    expect(await lerImportacao(a.empresa.id, feita.importacaoId)).toMatchObject({ status: "concluida", erro: null });
  });

  it("enqueues nothing when the file cannot be stored", async () => {
    const gravar = t.deps.storage.gravar;
    t.deps.storage.gravar = async () => {
      throw new Error("disco cheio");
    };
    try {
      const antes = await filaEImportacoes();
      const res = await importarCsv(a.navegadores.admin, csvDe(2));
      expect(res.statusCode).toBe(500);
      expect(await filaEImportacoes()).toEqual(antes);
    } finally {
      t.deps.storage.gravar = gravar;
    }
  });

  it("keeps the file while the import waits and removes it once done", async () => {
    const antes = await contar(a.empresa.id);
    const d = await importacaoPendente(a, csvDe(1));
    expect(await t.deps.storage.existe(chaveLinhasImportacao(a.empresa.id, d.importacaoId))).toBe(true);
    await processarImportacao(t.deps, trabalho(d));
    expect(await t.deps.storage.existe(chaveLinhasImportacao(a.empresa.id, d.importacaoId))).toBe(false);
    expect(await contar(a.empresa.id)).toBe(antes + 1);
  });
});

describe("the plan's limit checked up front (001 §9)", () => {
  it("counts only the phones that are new to the company, as the insert will", async () => {
    const basico = await empresaBasicaComLeads(t, 97, async (tx, empresaId) => {
      await criarLead(tx, { id_empresa_fk: empresaId, telefone: "(11) 95555-7001" });
      await criarLead(tx, { id_empresa_fk: empresaId, telefone: "(11) 95555-7002" });
    });
    // 99 this month: 3 lines would pass the limit, but 2 of them are already leads
    const csv = [
      CABECALHO_CSV,
      "A,(11) 95555-7001,Carro,1,1,,",
      "B,(11) 95555-7002,Carro,1,1,,",
      "C,(11) 95555-7003,Carro,1,1,,",
    ].join("\n");
    const { res, importacao } = await importarCsvAteOFim(basico.navegadores.admin, csv);
    expect(res.statusCode, res.body).toBe(202);
    expect(importacao).toMatchObject({ status: "concluida", inseridos: 1 });
    expect(await contar(basico.empresa.id)).toBe(100);
  });
});

describe("GET /api/leads/importacoes[/:id]", () => {
  it("shows the company's own imports only: another company's id is a 404", async () => {
    const { res, importacao } = await importarCsvAteOFim(a.navegadores.admin, csvDe(2), "minha.csv");
    expect(importacao?.status).toBe("concluida");
    const id = res.json().id;
    const deB = await b.navegadores.admin.req({ url: `/api/leads/importacoes/${id}` });
    expect(deB.statusCode).toBe(404);
    expect(deB.json().erro).toBe("Importação não encontrada.");
    // the platform admin crosses companies, but only within the company of the route
    const plataforma = a.navegadores.plataforma;
    expect((await plataforma.req({ url: `/api/leads/importacoes/${id}?empresaId=${b.empresa.id}` })).statusCode).toBe(404);
    const certo = await plataforma.req({ url: `/api/leads/importacoes/${id}?empresaId=${a.empresa.id}` });
    expect((certo.json() as TImportacaoLeads).resultado?.inseridos).toBe(2);
    expect((await a.navegadores.admin.req({ url: `/api/leads/importacoes/${randomUUID()}` })).statusCode).toBe(404);

    const lista = (await a.navegadores.admin.req({ url: "/api/leads/importacoes" })).json() as TImportacaoResumo[];
    expect(lista[0]).toMatchObject({ id, nomeArquivo: "minha.csv", status: "concluida", inseridos: 2 });
    expect(lista[0]).not.toHaveProperty("resultado");
    const listaB = (await b.navegadores.admin.req({ url: "/api/leads/importacoes" })).json() as TImportacaoResumo[];
    expect(listaB.some((i) => i.id === id)).toBe(false);
  });

  it("is for administrators: a Consultor gets the spec's message", async () => {
    const { res } = await importarCsvAteOFim(a.navegadores.admin, csvDe(1));
    for (const url of [`/api/leads/importacoes/${res.json().id}`, "/api/leads/importacoes"]) {
      const r = await a.navegadores.consultor.req({ url });
      expect(r.statusCode, url).toBe(403);
      expect(r.json().erro).toBe("Acesso negado. Apenas administradores podem importar leads.");
      expect((await a.navegadores.juridico.req({ url })).statusCode, url).toBe(403);
    }
  });
});

async function esperarAte(ok: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const fim = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > fim) throw new Error("condição não aconteceu");
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

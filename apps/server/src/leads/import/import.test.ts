import type { TEventoTempoReal } from "@crm/domain/realtime";
import { PAPEL } from "@crm/domain/roles";
import type { TImportacaoRecusada, TResultadoImportacao } from "@crm/domain/schemas/leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { ouvirTempoReal } from "../../../test/realtime.js";
import { unsafeWithSystem } from "../../db/tenant.js";
import {
  CABECALHO_CSV,
  contarLeads,
  empresaBasicaComLeads,
  esperarImportacao,
  importarCsv,
  importarCsvAteOFim,
  lerComoSistema,
} from "../test-helpers.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
});

const contar = (empresaId: string) => contarLeads(t, empresaId);
const lerPorTelefone = (empresaId: string, tn: string) =>
  lerComoSistema(t, "SELECT * FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = $2", [empresaId, tn]);
/** Import rows of a company: a refused file leaves none behind. */
const contarImportacoes = async (empresaId: string) =>
  (await lerComoSistema(t, "SELECT count(*)::int AS n FROM importacoes_leads WHERE id_empresa_fk = $1", [empresaId]))[0]
    .n as number;
let seq = 0;
/** A valid line with a fresh phone of the 11 area. */
const linha = (nome = `Pessoa ${++seq}`, extra = 'Carro,"45.000,00","1.200,50",12,Reduzir parcelas') =>
  `${nome},(11) 9${String(70_000_000 + ++seq)},${extra}`;

describe("POST /api/leads/importacao (001 §5): checked at once, imported by a job", () => {
  it("keeps the file's name without control or bidi characters (decision 1654)", async () => {
    const res = await importarCsv(a.navegadores.admin, `${CABECALHO_CSV}\r\n${linha()}\r\n`, "base\u202E\u2066 abril\u0007.csv");
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().nomeArquivo).toBe("base abril.csv");
    await esperarImportacao(a.navegadores.admin, res.json().id);
  });

  it("imports every column of valid lines: origin 'Importação CSV', status Novo Lead", async () => {
    const csv = `${CABECALHO_CSV}\r\n"Silva, Ana",(11) 91234-5678,credito pessoal,"R$ 45.000,00","1.200,50",12,"Reduzir\r\nparcelas"\r\nBeto,21 3333-4444,Casa,1000,100,,\r\n`;
    const { res, importacao } = await importarCsvAteOFim(a.navegadores.admin, csv, "clientes março.csv");
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      status: "pendente",
      nomeArquivo: "clientes março.csv",
      totalLinhas: 2,
      processadas: 0,
      inseridos: null,
      erro: null,
    });
    expect(importacao).toMatchObject({ id: res.json().id, status: "concluida", inseridos: 2, processadas: 2, erro: null });
    expect(importacao?.resultado).toEqual({
      inseridos: 2,
      duplicadas: [],
      erros: [],
      totalErros: 0,
      totalLinhas: 2,
    } satisfies TResultadoImportacao);
    const [ana] = await lerPorTelefone(a.empresa.id, "5511912345678");
    expect(ana).toMatchObject({
      nome: "Silva, Ana",
      // one phone identity (decision 1501): stored canonical, whatever was typed
      telefone: "5511912345678",
      tipo_financiamento: "Crédito Pessoal",
      valor_contrato: "45000.00",
      valor_parcela: "1200.50",
      quantidade_parcelas_pagas: 12,
      objetivo_cliente: "Reduzir\r\nparcelas",
      origem_lead: "Importação CSV",
      status_lead: "Novo Lead",
      consultor_atribuido_id: null,
    });
    expect((await lerPorTelefone(a.empresa.id, "552133334444"))[0].quantidade_parcelas_pagas).toBeNull();
  });

  it("reads ';' files saved by Excel in Windows-1252, with a BOM-less header in other words", async () => {
    const texto = `Nome;Telefone;Tipo Financiamento;Valor Total Financiado;Valor Parcela\r\nJoão Conceição;(11) 95555-0001;Moto;12.500,00;300,00\r\n`;
    const latin1 = Buffer.from(texto, "latin1");
    const { res, importacao } = await importarCsvAteOFim(
      a.navegadores.admin,
      latin1,
      "excel.csv",
      undefined,
      "application/vnd.ms-excel",
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(importacao?.resultado?.inseridos).toBe(1);
    expect((await lerPorTelefone(a.empresa.id, "5511955550001"))[0]).toMatchObject({
      nome: "João Conceição",
      valor_contrato: "12500.00",
    });
  });

  it("cancels the whole import on a bad line, listing every 'Linha N' and inserting nothing", async () => {
    const antes = await contar(a.empresa.id);
    const importacoesAntes = await contarImportacoes(a.empresa.id);
    const csv = [CABECALHO_CSV, linha(), ",(11) 90000-0001,Carro,1,1,,", linha(), linha("Zeca", "Barco,1,1,,")].join("\n");
    const res = await importarCsv(a.navegadores.admin, csv);
    expect(res.statusCode).toBe(422);
    const r = res.json() as TImportacaoRecusada;
    expect(r.erro).toBe(
      "Importação cancelada: 2 linhas com erro. Nenhum lead foi importado; corrija o arquivo e tente novamente.",
    );
    expect(r.erros).toEqual([
      { linha: 3, mensagem: "Linha 3: Campos obrigatórios ausentes (nome, telefone)" },
      { linha: 5, mensagem: "Linha 5: Tipo de financiamento inválido (Barco); use Carro, Casa, Moto, Crédito Pessoal ou Outros" },
    ]);
    expect(r.inseridos).toBe(0);
    expect(await contar(a.empresa.id)).toBe(antes);
    expect(await contarImportacoes(a.empresa.id)).toBe(importacoesAntes);
  });

  it("names the missing headers", async () => {
    const antes = await contar(a.empresa.id);
    const res = await importarCsv(a.navegadores.admin, "nome,telefone\nAna,11987654321");
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toBe("Cabeçalhos obrigatórios ausentes: tipo_financiamento, valor_total_financiado, valor_parcela");
    expect(await contar(a.empresa.id)).toBe(antes);
  });

  it("reports phones already in the company or repeated in the file, and inserts each phone once", async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Já Existe", telefone: "11 96666-0001" }),
    );
    // the same phone in another company is not a duplicate here
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "Em B", telefone: "11 96666-0002" }),
    );
    const csv = [
      CABECALHO_CSV,
      "Repetido,+55 (11) 96666-0001,Carro,1,1,,",
      "Novo,11966660002,Carro,1,1,,",
      "De Novo,11 6666-0002,Carro,1,1,,",
    ].join("\n");
    const { res, importacao } = await importarCsvAteOFim(a.navegadores.admin, csv);
    expect(res.statusCode).toBe(202);
    expect(importacao?.resultado).toMatchObject({
      inseridos: 1,
      duplicadas: [
        { linha: 2, telefone: "+55 (11) 96666-0001", motivo: "cadastrado" },
        { linha: 4, telefone: "11 6666-0002", motivo: "arquivo", linhaOriginal: 3 },
      ],
    });
    expect(await lerPorTelefone(a.empresa.id, "5511966660001")).toHaveLength(1);
    expect(await lerPorTelefone(a.empresa.id, "5511966660002")).toHaveLength(1);
    // importing the same file again inserts nothing twice
    const de_novo = await importarCsvAteOFim(a.navegadores.admin, csv);
    expect(de_novo.importacao).toMatchObject({ status: "concluida", inseridos: 0 });
    expect(de_novo.importacao?.resultado?.duplicadas.map((d) => d.motivo)).toEqual(["cadastrado", "cadastrado", "arquivo"]);
    expect(await lerPorTelefone(a.empresa.id, "5511966660002")).toHaveLength(1);
  });

  it("checks the file by its content, not just its name", async () => {
    const antes = await contar(a.empresa.id);
    const importacoesAntes = await contarImportacoes(a.empresa.id);
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, ...Buffer.from("[Content_Types].xml")]);
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    for (const [nome, dados] of [
      ["planilha.csv", zip],
      ["foto.csv", png],
    ] as const) {
      const res = await importarCsv(a.navegadores.admin, dados, nome);
      expect(res.statusCode, nome).toBe(400);
      expect(res.json().erro).toBe("Por favor, selecione um arquivo CSV válido.");
    }
    const pdf = await importarCsv(a.navegadores.admin, `${CABECALHO_CSV}\n${linha()}`, "leads.pdf", undefined, "application/pdf");
    expect(pdf.json().erro).toBe("Por favor, selecione um arquivo CSV válido.");
    const vazio = await importarCsv(a.navegadores.admin, "");
    expect(vazio.json().erro).toBe("O arquivo CSV está vazio.");
    const naoMultipart = await a.navegadores.admin.req({ method: "POST", url: "/api/leads/importacao", payload: { a: 1 } });
    expect(naoMultipart.statusCode).toBe(400);
    expect(await contar(a.empresa.id)).toBe(antes);
    expect(await contarImportacoes(a.empresa.id)).toBe(importacoesAntes);
  });

  it("refuses files above 16MB with the spec's message", async () => {
    const antes = await contar(a.empresa.id);
    const grande = Buffer.alloc(16 * 1024 * 1024 + 10, "a");
    const res = await importarCsv(a.navegadores.admin, grande);
    expect(res.statusCode).toBe(413);
    expect(res.json().erro).toBe("O arquivo é muito grande. O tamanho máximo permitido é 16MB.");
    expect(await contar(a.empresa.id)).toBe(antes);
  });

  // 25,000 leads and their search rows: on a loaded 2-core machine, more than the default 20 s
  it("takes a large file (25,000 lines, ~2MB) in one go, telling the importing admin how far the insert is", async () => {
    const linhas = Array.from(
      { length: 25_000 },
      (_, i) => `Lote ${i},(31) 9${String(80_000_000 + i)},Outros,"1.000,00",10,1,objetivo ${"x".repeat(40)}`,
    );
    const ouvinte = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.admin.id, empresaId: a.empresa.id, papel: PAPEL.admin });
    // the company's other people are not told (a Consultor's tab)
    const outro = ouvirTempoReal(t.deps, {
      usuarioId: a.usuarios.consultor.id,
      empresaId: a.empresa.id,
      papel: PAPEL.consultor,
    });
    try {
      const { res, importacao } = await importarCsvAteOFim(a.navegadores.admin, [CABECALHO_CSV, ...linhas].join("\r\n"));
      expect(res.statusCode, res.body).toBe(202);
      expect(importacao).toMatchObject({ status: "concluida", inseridos: 25_000, aInserir: 25_000, processadas: 25_000 });
      const id = res.json().id;
      const meus = (tipo: string) =>
        ouvinte.recebidos.filter(
          (e) => e.tipo === tipo && (e as { dados: { importacaoId: string } }).dados.importacaoId === id,
        ) as Extract<TEventoTempoReal, { dados: object }>[];
      await esperar(() => meus("leads.importacao.concluida").length === 1);
      expect(meus("leads.importacao.progresso").map((e) => e.dados)).toEqual(
        [0, 10_000, 20_000, 25_000].map((processadas) => ({ importacaoId: id, processadas, total: 25_000 })),
      );
      expect(meus("leads.importacao.concluida")[0].dados).toEqual({ importacaoId: id, inseridos: 25_000, duplicadas: 0 });
      expect(outro.recebidos.filter((e) => e.tipo.startsWith("leads.importacao"))).toEqual([]);
    } finally {
      ouvinte.sair();
      outro.sair();
    }
    const busca = await a.navegadores.admin.req({ url: "/api/leads?busca=lote&tamanho=1" });
    expect(busca.json().itens).toHaveLength(1);
  }, 60_000);

  it("is for administrators: a Consultor gets the spec's message", async () => {
    const res = await importarCsv(a.navegadores.consultor, `${CABECALHO_CSV}\n${linha()}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().erro).toBe("Acesso negado. Apenas administradores podem importar leads.");
    expect((await importarCsv(a.navegadores.juridico, `${CABECALHO_CSV}\n${linha()}`)).statusCode).toBe(403);
  });

  it("lets the platform admin import into a chosen company, and tells them (their tab belongs to no company)", async () => {
    const antes = await contar(b.empresa.id);
    const ouvinte = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.plataforma.id, empresaId: null, papel: PAPEL.plataforma });
    try {
      const { res, importacao } = await importarCsvAteOFim(
        a.navegadores.plataforma,
        `${CABECALHO_CSV}\n${linha()}`,
        "x.csv",
        b.empresa.id,
      );
      expect(res.statusCode, res.body).toBe(202);
      expect(importacao).toMatchObject({ status: "concluida", inseridos: 1 });
      await esperar(() => ouvinte.recebidos.some((e) => e.tipo === "leads.importacao.concluida"));
    } finally {
      ouvinte.sair();
    }
    expect(await contar(b.empresa.id)).toBe(antes + 1);
  });
});

describe("plan limits on imports (001 §9)", () => {
  it("refuses at once an import that would pass the month's limit, naming the plan, and inserts nothing", async () => {
    // last month's leads do not count
    const basico = await empresaBasicaComLeads(t, 98, (tx, empresaId) =>
      criarLead(tx, { id_empresa_fk: empresaId, created_at: new Date(Date.now() - 40 * 86_400_000) }).then(() => {}),
    );
    const tres = [CABECALHO_CSV, linha(), linha(), linha()].join("\n");
    const res = await importarCsv(basico.navegadores.admin, tres);
    expect(res.statusCode).toBe(403);
    expect(res.json().erro).toBe(
      "Limite do plano Básico atingido: 100 novos leads por mês. Este mês já foram cadastrados 98 e esta operação traria mais 3. Faça upgrade do plano em Assinatura para cadastrar mais leads.",
    );
    expect(await contar(basico.empresa.id)).toBe(99);
    expect(await contarImportacoes(basico.empresa.id)).toBe(0);
    const dois = await importarCsvAteOFim(basico.navegadores.admin, [CABECALHO_CSV, linha(), linha()].join("\n"));
    expect(dois.res.statusCode).toBe(202);
    expect(dois.importacao).toMatchObject({ status: "concluida", inseridos: 2 });
    expect(await contar(basico.empresa.id)).toBe(101);
  });
});

/** Polls until `ok` (events arrive through PostgreSQL NOTIFY, a moment after the commit). */
async function esperar(ok: () => boolean, ms = 5_000): Promise<void> {
  const fim = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > fim) throw new Error("condição não aconteceu");
    await new Promise((r) => setTimeout(r, 20));
  }
}

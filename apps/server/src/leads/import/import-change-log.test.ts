import { randomUUID } from "node:crypto";
import { analisarCsv } from "@crm/domain/leads-csv";
import { PAPEL } from "@crm/domain/roles";
import type { TResultadoBusca } from "@crm/domain/schemas/search";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { unsafeWithSystem } from "../../db/tenant.js";
import { CABECALHO_CSV, empresaBasicaComLeads, importarCsvAteOFim, lerComoSistema } from "../test-helpers.js";
import { chaveLinhasImportacao, linhasDaImportacao } from "./import-file.js";
import { processarImportacao } from "./run-import.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Já Cadastrada", telefone: "(31) 97000-0003" }),
  );
});

const sql = (texto: string, valores: unknown[] = []) => lerComoSistema(t, texto, valores);
/** The change log's rows of a company, with what each says of its lead now (mudancas_lead over the lead's row). */
const registro = (empresaId: string) =>
  sql(
    `SELECT m.id_entidade, m.entidade, m.tipo, m.origem, m.id_usuario_fk, m.antes, m.depois,
            m.depois = mudancas_lead(l) AS depois_confere, l.nome
       FROM mudancas m LEFT JOIN leads_juros_check l ON l.id_empresa_fk = m.id_empresa_fk AND l.id = m.id_entidade
      WHERE m.id_empresa_fk = $1 ORDER BY m.id`,
    [empresaId],
  );

describe("a CSV import writes the change log (decisions 1701, 1711)", () => {
  it("writes one 'lead.criado' row per imported lead, by the importer, and none for the lines left out", async () => {
    const antes = await registro(a.empresa.id);
    const csv = [
      CABECALHO_CSV,
      "Ana Registro,(31) 97000-0001,Carro,1.000,10,,",
      "Bruno Registro,(31) 97000-0002,Casa,2.000,20,,",
      "Repetida no Arquivo,(31) 97000-0001,Moto,3.000,30,,",
      "Já Cadastrada de Novo,(31) 97000-0003,Moto,3.000,30,,",
      "Carla Registro,(31) 97000-0004,,4.000,40,,",
    ].join("\n");
    const { res, importacao } = await importarCsvAteOFim(a.navegadores.admin, csv);
    expect(res.statusCode, res.body).toBe(202);
    expect(importacao?.resultado).toMatchObject({
      inseridos: 3,
      duplicadas: [
        { linha: 4, telefone: "(31) 97000-0001", motivo: "arquivo", linhaOriginal: 2 },
        { linha: 5, telefone: "(31) 97000-0003", motivo: "cadastrado" },
      ],
    });
    const novas = (await registro(a.empresa.id)).slice(antes.length);
    expect(novas.map((m) => m.nome)).toEqual(["Ana Registro", "Bruno Registro", "Carla Registro"]);
    for (const m of novas)
      expect(m).toMatchObject({
        entidade: "lead",
        tipo: "lead.criado",
        origem: "importacao",
        id_usuario_fk: a.usuarios.admin.id,
        antes: null,
        depois_confere: true,
      });
    expect(novas[0].depois).toMatchObject({ status_lead: "Novo Lead", origem_lead: "Importação CSV" });
    // exactly one row per lead
    expect(new Set(novas.map((m) => m.id_entidade)).size).toBe(3);
  });

  it("writes nothing when the job refuses the import (the plan's limit reached since the upload)", async () => {
    const basico = await empresaBasicaComLeads(t, 99);
    const csv = [CABECALHO_CSV, "Um,(31) 97100-0001,Carro,1,1,,", "Dois,(31) 97100-0002,Carro,1,1,,"].join("\n");
    const id = randomUUID();
    const chave = chaveLinhasImportacao(basico.empresa.id, id);
    await t.deps.storage.gravar(chave, linhasDaImportacao(analisarCsv(csv)));
    await sql(
      `INSERT INTO importacoes_leads (id, id_empresa_fk, id_usuario_fk, nome_arquivo, chave_arquivo, total_linhas)
       VALUES ($1, $2, $3, 'leads.csv', $4, 2)`,
      [id, basico.empresa.id, basico.usuarios.admin.id, chave],
    );
    const d = { importacaoId: id, empresaId: basico.empresa.id, usuarioId: basico.usuarios.admin.id, papel: PAPEL.admin };
    await processarImportacao(t.deps, { id: randomUUID(), dados: d, tentativa: 0, ultimaTentativa: false });
    const [imp] = await sql("SELECT status FROM importacoes_leads WHERE id = $1", [id]);
    expect(imp.status).toBe("falhou");
    // the company's 99 leads were logged when the factory wrote them (decision 1771); the refused import logged none
    expect((await registro(basico.empresa.id)).filter((r) => r.origem !== "sistema")).toEqual([]);
    expect(await registro(basico.empresa.id)).toHaveLength(99);
    expect(
      (await sql("SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1", [basico.empresa.id]))[0].n,
    ).toBe(99);
  });

  it("keeps texts with backslashes, tabs and line breaks as typed (COPY's escapes)", async () => {
    const objetivo = "Reduzir\\parcelas\tjá\nlinha nova\r\nfim \\N";
    const csv = `${CABECALHO_CSV}\n"Dona \\ Barra\tTab",(31) 97200-0001,Carro,1,1,,"${objetivo}"\n`;
    const { importacao } = await importarCsvAteOFim(a.navegadores.admin, csv);
    expect(importacao?.status).toBe("concluida");
    const [lead] = await sql(
      "SELECT nome, objetivo_cliente, modalidade_credito FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = $2",
      [a.empresa.id, "5531972000001"],
    );
    expect(lead).toEqual({ nome: "Dona \\ Barra\tTab", objetivo_cliente: objetivo, modalidade_credito: "financiamento_veiculo" });
  });

  it("makes the imported leads findable by name and phone as soon as the import says 'concluida'", async () => {
    const csv = [CABECALHO_CSV, "Zuleica Encontrável,(47) 98123-4567,Carro,1,1,,"].join("\n");
    const { importacao } = await importarCsvAteOFim(a.navegadores.admin, csv);
    expect(importacao?.status).toBe("concluida");
    const lista = async (busca: string) =>
      (await a.navegadores.admin.req({ url: `/api/leads?${new URLSearchParams({ busca })}` }))
        .json()
        .itens.map((l: { nome: string }) => l.nome);
    const barra = async (q: string) =>
      ((await a.navegadores.admin.req({ url: `/api/busca?${new URLSearchParams({ q })}` })).json() as TResultadoBusca).leads.map(
        (l) => l.nome,
      );
    for (const termo of ["zuleica", "Encontravel", "(47) 98123-4567", "81234", "4567"]) {
      expect(await lista(termo), termo).toEqual(["Zuleica Encontrável"]);
      expect(await barra(termo), termo).toEqual(["Zuleica Encontrável"]);
    }
  });
});

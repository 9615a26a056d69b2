// CSV import of a 16 MB file end to end (upload → parse → checks → 202 → job: COPY, dedupe, insert, search rows, change
// log → import 'concluida', read by polling GET /importacoes/{id} every 50 ms as a browser that missed the events
// would), the time until the 202, and the floor decision 1712 compares it with: a COPY FROM STDIN of the same rows into a
// copy of leads_juros_check with its indexes and foreign keys but no triggers. Goal: ≤ 12 s and ≤ 1.3× the floor.
//
//   npx tsx bench/leads-import.ts                      (after `npm run build`)
// Settings: LEADS_BENCH_CSV_MB (16), LEADS_BENCH_BASE (leads already in the database, 0), LEADS_BENCH_DATABASE_URL.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { analisarCsv, COLUNAS_MODELO_CSV, TAMANHO_MAXIMO_CSV, type TLeadCsv } from "@crm/domain/leads-csv";
import { from as copyFrom } from "pg-copy-streams";
import { linhaCopy } from "../apps/server/src/db/copy-text.js";
import { uuidsv7 } from "../apps/server/src/leads/import/uuid7.js";
import { esperarRecalculo, fmt, iniciarBancada, numeroEnv, type TBancada } from "./leads-harness.js";

const NOMES = ["Maria", "João", "Ana", "José", "Paula", "Carlos", "Fernanda", "Ricardo", "Luíza", "Conceição"];
const SOBRENOMES = ["Silva", "Souza", "Oliveira", "Santos", "Pereira", "Lima", "Costa", "Rocha", "Alves"];
const TIPOS = ["Carro", "Casa", "Moto", "Crédito Pessoal", "Outros"];

/** A pt-BR CSV of about `bytes` (never above the 16MB limit), `;`-separated as Excel pt-BR saves it. */
function gerarCsv(bytes: number): { csv: string; linhas: number } {
  const partes = [COLUNAS_MODELO_CSV.join(";")];
  let tamanho = partes[0].length + 2;
  let i = 0;
  for (;;) {
    const reais = 5_000 + ((i * 7919) % 200_000);
    const linha = [
      `${NOMES[i % 10]} ${SOBRENOMES[(i >> 3) % 9]} ${i}`,
      `(21) 9${String(i).padStart(8, "0")}`,
      TIPOS[i % 5],
      `"${reais.toLocaleString("pt-BR")},${String(i % 100).padStart(2, "0")}"`,
      `${(reais / 48).toFixed(2).replace(".", ",")}`,
      String(i % 60),
      "Reduzir o valor das parcelas do contrato",
    ].join(";");
    if (tamanho + Buffer.byteLength(linha) + 2 > bytes) break;
    partes.push(linha);
    tamanho += Buffer.byteLength(linha) + 2;
    i++;
  }
  return { csv: `${partes.join("\r\n")}\r\n`, linhas: i };
}

/**
 * The floor of any import into the lead table (decision 1712's goal): the same rows, as the import writes them, sent with
 * COPY FROM STDIN into a copy of `leads_juros_check` that has its indexes, checks and foreign keys but none of its
 * triggers (no search rows, no revisional queue, no summaries), for another company. Only the COPY is timed.
 */
async function copiaSemGatilhos(b: TBancada, leads: TLeadCsv[]): Promise<number> {
  const outra = await b.dono.query(
    "INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Copia', $1, 'Enterprise') RETURNING id",
    [`copia.${Date.now()}@bench.local`],
  );
  await b.dono.query("DROP TABLE IF EXISTS bench_leads_copia");
  await b.dono.query("CREATE TABLE bench_leads_copia (LIKE leads_juros_check INCLUDING ALL)");
  const { rows: fks } = await b.dono.query(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'leads_juros_check'::regclass AND contype = 'f'`,
  );
  for (const fk of fks) await b.dono.query(`ALTER TABLE bench_leads_copia ADD CONSTRAINT "${fk.conname}" ${fk.def}`);
  const ids = uuidsv7(leads.length);
  const texto = leads
    .map((l, i) =>
      linhaCopy([
        ids[i],
        outra.rows[0].id,
        l.nome,
        l.email,
        l.telefone_normalizado,
        l.telefone_normalizado,
        l.tipo_financiamento,
        l.valor_contrato,
        l.valor_parcela,
        l.quantidade_parcelas_pagas,
        l.objetivo_cliente,
        "Importação CSV",
        "Importação CSV",
        "Novo Lead",
        l.quantidade_parcelas,
        l.data_contrato,
        l.banco,
        l.taxa_informada_mensal,
      ]),
    )
    .join("");
  const cliente = await b.dono.connect();
  try {
    await cliente.query("VACUUM ANALYZE bench_leads_copia");
    const t0 = performance.now();
    await pipeline(
      Readable.from([texto]),
      cliente.query(
        copyFrom(`COPY bench_leads_copia (id, id_empresa_fk, nome, email, telefone, telefone_normalizado, tipo_financiamento,
           valor_contrato, valor_parcela, quantidade_parcelas_pagas, objetivo_cliente, origem_lead, fonte, status_lead,
           quantidade_parcelas, data_contrato, banco, taxa_informada_mensal) FROM STDIN`),
      ),
    );
    return performance.now() - t0;
  } finally {
    cliente.release();
    await b.dono.query("DROP TABLE IF EXISTS bench_leads_copia");
  }
}

export async function leadsImportBench(): Promise<string> {
  const mb = Math.min(16, numeroEnv("LEADS_BENCH_CSV_MB", 16));
  const baseLeads = numeroEnv("LEADS_BENCH_BASE", 0);
  const { csv, linhas } = gerarCsv(Math.min(TAMANHO_MAXIMO_CSV - 1024, mb * 1024 * 1024));
  const b = await iniciarBancada("importacao");
  // an idle connection of the owner's pool hears PostgreSQL stop at the end: not a failure of the measurement
  b.dono.on("error", () => {});
  try {
    if (baseLeads) {
      await b.dono.query(
        `WITH e AS (INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Base', 'base.' || $2 || '@bench.local', 'Enterprise') RETURNING id)
         INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, created_at)
         SELECT e.id, 'Base ' || g, '(11) 9' || lpad(g::text, 8, '0'), '55119' || lpad(g::text, 8, '0'), now() - (g % 365) * interval '1 day'
           FROM e, generate_series(1, $1::int) g`,
        [baseLeads, Date.now()],
      );
      await b.dono.query("VACUUM ANALYZE leads_juros_check");
    }
    const corpo = new FormData();
    corpo.append("arquivo", new Blob([csv], { type: "text/csv" }), "bench.csv");
    const t0 = performance.now();
    const res = await fetch(`${b.base}/api/leads/importacao`, {
      method: "POST",
      headers: { cookie: b.cookie, "x-csrf-token": b.csrf },
      body: corpo,
    });
    const aceita = (await res.json()) as { id?: string; erro?: string };
    const aceitaMs = performance.now() - t0;
    if (res.status !== 202 || !aceita.id)
      throw new Error(`importação recusada: ${res.status} ${JSON.stringify(aceita).slice(0, 300)}`);
    let resultado: { status: string; inseridos: number | null; erro: string | null };
    for (;;) {
      const r = await b.obter(`/api/leads/importacoes/${aceita.id}`);
      if (r.status !== 200) throw new Error(`GET da importação: ${r.status} ${r.corpo.slice(0, 300)}`);
      resultado = JSON.parse(r.corpo);
      if (resultado.status === "concluida" || resultado.status === "falhou") break;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    const importacaoMs = performance.now() - t0;
    if (resultado.status !== "concluida" || resultado.inseridos !== linhas)
      throw new Error(`importação falhou: ${JSON.stringify(resultado).slice(0, 300)}`);

    // where the time goes: the same parsing and checks, in this process
    const t1 = performance.now();
    const analise = analisarCsv(csv);
    const analiseMs = performance.now() - t1;

    // the revisional sweep of the imported leads runs after the import: not while the floor is measured
    await esperarRecalculo(b);
    const copyMs = await copiaSemGatilhos(b, analise.leads);

    return [
      `leads CSV import: ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB, ${linhas.toLocaleString("pt-BR")} lines, ${baseLeads.toLocaleString("pt-BR")} leads already in the database`,
      `  end to end (upload, checks, 202, job: duplicates, plan limit, insert, search rows, change log; until 'concluida'): ${fmt(importacaoMs)} ms`,
      `  until the 202 (upload, parse, checks, plan limit, store the rows, enqueue): ${fmt(aceitaMs)} ms`,
      `  of which parsing and checking the file (measured alone): ${fmt(analiseMs)} ms`,
      `  baseline: COPY of the same rows into a copy of leads_juros_check (its indexes and foreign keys, no triggers): ${fmt(copyMs)} ms`,
      `  ratio import / baseline: ${(importacaoMs / copyMs).toFixed(2)}x`,
    ].join("\n");
  } finally {
    await b.fechar();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await leadsImportBench());
}

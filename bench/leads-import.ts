// CSV import of a 16 MB file end to end (upload → parse → checks → 202 → job inserts → import 'concluida', read by
// polling GET /importacoes/{id} every 50 ms as a browser that missed the events would), the time until the 202, and a
// raw COPY of the same rows into the same table (same indexes and search trigger) for comparison.
//
//   npx tsx bench/leads-import.ts                      (after `npm run build`)
// Settings: LEADS_BENCH_CSV_MB (16), LEADS_BENCH_BASE (leads already in the database, 0), LEADS_BENCH_DATABASE_URL
// (the raw COPY reads a server-side file, so it needs the database on this machine).
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { analisarCsv, COLUNAS_MODELO_CSV, TAMANHO_MAXIMO_CSV } from "@crm/domain/leads-csv";
import { fmt, iniciarBancada, numeroEnv } from "./leads-harness.js";

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

const csvCampo = (v: unknown) => (v === null || v === undefined ? "" : `"${String(v).replace(/"/g, '""')}"`);

export async function leadsImportBench(): Promise<string> {
  const mb = Math.min(16, numeroEnv("LEADS_BENCH_CSV_MB", 16));
  const baseLeads = numeroEnv("LEADS_BENCH_BASE", 0);
  const { csv, linhas } = gerarCsv(Math.min(TAMANHO_MAXIMO_CSV - 1024, mb * 1024 * 1024));
  const b = await iniciarBancada("importacao");
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

    // a raw COPY of the same rows into another company: the floor any import into this table has
    const outra = await b.dono.query(
      "INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Copia', $1, 'Enterprise') RETURNING id",
      [`copia.${Date.now()}@bench.local`],
    );
    const arquivo = path.join(process.env.LEADS_BENCH_COPY_DIR ?? tmpdir(), `crm-bench-copy-${Date.now()}.csv`);
    writeFileSync(
      arquivo,
      analise.leads
        .map((l) =>
          [
            outra.rows[0].id,
            l.nome,
            l.telefone,
            l.telefone_normalizado,
            l.tipo_financiamento,
            l.valor_contrato,
            l.valor_parcela,
            l.quantidade_parcelas_pagas,
            l.objetivo_cliente,
          ]
            .map(csvCampo)
            .join(","),
        )
        .join("\n"),
    );
    chmodSync(arquivo, 0o644);
    const t2 = performance.now();
    await b.dono.query(
      `COPY leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, tipo_financiamento, valor_contrato, valor_parcela,
         quantidade_parcelas_pagas, objetivo_cliente) FROM '${arquivo.replace(/'/g, "''")}' WITH (FORMAT csv)`,
    );
    const copyMs = performance.now() - t2;
    rmSync(arquivo, { force: true });

    return [
      `leads CSV import: ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB, ${linhas.toLocaleString("pt-BR")} lines, ${baseLeads.toLocaleString("pt-BR")} leads already in the database`,
      `  end to end (upload, checks, 202, job: duplicates, plan limit, insert; until 'concluida'): ${fmt(importacaoMs)} ms`,
      `  until the 202 (upload, parse, checks, plan limit, store the file, enqueue): ${fmt(aceitaMs)} ms`,
      `  of which parsing and checking the file (measured alone): ${fmt(analiseMs)} ms`,
      `  raw COPY of the same rows into the same table: ${fmt(copyMs)} ms`,
      `  ratio import / COPY: ${(importacaoMs / copyMs).toFixed(2)}x`,
    ].join("\n");
  } finally {
    await b.fechar();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await leadsImportBench());
}

// The goal (decision 1722): the whole summary rebuild for a company of 200k leads ≤ 30 s.
// DERIVADOS_BENCH_LEADS (default 200000) leads in one company, with campaigns, consultants, closed values, contracts,
// phones and e-mails, some converted into processes with documents and deadlines, plus costs and screenings; then
// `reconstruirDerivados` for that company (every item with a SQL definition, in the registry's order) is timed twice:
// once with nothing to correct, once after corrupting every summary and the search rows. Prints each item's time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Pg from "pg";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.js";
import { migrate } from "../apps/server/src/db/migrate.js";
import { reconstruirDerivados } from "../apps/server/src/derived/rebuild.js";
import { DERIVADOS } from "../apps/server/src/derived/registry.js";
import { numeroEnv } from "./leads-harness.js";

export async function derivedRebuildBench(): Promise<string[]> {
  const total = numeroEnv("DERIVADOS_BENCH_LEADS", 200_000);
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-derivados-"));
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), password: "bench", persistent: false });
  const dono = new Pg.Pool({ connectionString: pg.url, max: 2 });
  const saida: string[] = [];
  try {
    await migrate(dono);
    const { rows } = await dono.query(
      "INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Bench Derivados', 'bench@derivados.local', 'Enterprise') RETURNING id",
    );
    const e = rows[0].id as string;
    const t0 = performance.now();
    await dono.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, email, telefone, telefone_normalizado, status_lead, status_juridico_lead,
              origem_lead, campanha_origem, anuncio_id, plataforma_anuncio, valor_contrato, valor_contrato_fechado,
              quantidade_parcelas, quantidade_parcelas_pagas, revisional_faixa, revisional_sobrepago_centavos,
              data_processamento_ia, created_at, convertido_em, ultima_mensagem_em)
       SELECT $1, (ARRAY['Ana','Bruno','Carla','Diego','Elisa'])[1 + g % 5] || ' Silva ' || g, 'lead' || g || '@exemplo.com.br',
              '119' || lpad(g::text, 8, '0'), '119' || lpad(g::text, 8, '0'),
              (ARRAY['Novo Lead','Qualificado para Atendente','Em Negociação','Convertido (Ganho)','Perdido','Aguardando Retorno'])[1 + g % 6],
              CASE WHEN g % 6 = 3 THEN (ARRAY['Aguardando Contato Jurídico','Documentação Solicitada','Finalizado Jurídico'])[1 + g % 3] END,
              (ARRAY['Manual','Facebook Ads','Google Ads','WhatsApp'])[1 + g % 4], (ARRAY['Camp A','Camp B',NULL])[1 + g % 3],
              (ARRAY['ad-1','ad-2',NULL])[1 + g % 3], (ARRAY['Facebook','Instagram',NULL])[1 + g % 3], 10000,
              CASE WHEN g % 4 = 0 THEN 1500 + g % 1000 END, 24, g % 24, (ARRAY['abaixo','de_2_a_3',NULL])[1 + g % 3],
              CASE WHEN g % 3 <> 0 THEN g % 90000 END, CASE WHEN g % 2 = 0 THEN now() END,
              timestamptz '2024-01-01 03:00Z' + (g % 730) * interval '1 day' + (g % 24) * interval '1 hour',
              CASE WHEN g % 6 = 3 THEN timestamptz '2024-06-01' + (g % 500) * interval '1 day' END,
              CASE WHEN g % 5 = 0 THEN timestamptz '2025-01-01' + g * interval '1 minute' END
         FROM generate_series(1, $2) g`,
      [e, total],
    );
    await dono.query(
      `INSERT INTO documentos (id_empresa_fk, id_lead_fk, nome_arquivo, tipo_arquivo, tamanho_arquivo, url_storage)
       SELECT id_empresa_fk, id, 'a.pdf', 'application/pdf', 10, 'k' FROM leads_juros_check WHERE status_lead = 'Convertido (Ganho)' AND random() < 0.3;
       INSERT INTO prazos_processo (id_empresa_fk, id_lead_fk, titulo, data_fatal, data_seguranca)
       SELECT id_empresa_fk, id, 'Prazo', current_date + 10, current_date + 5 FROM leads_juros_check
        WHERE status_lead = 'Convertido (Ganho)' AND random() < 0.5;
       INSERT INTO custos_marketing (id_empresa_fk, data_custo, plataforma, valor_gasto, campanha, anuncio_id)
       SELECT '${e}', date '2024-01-01' + g % 730, (ARRAY['Google','Facebook','Instagram'])[1 + g % 3], g % 500,
              (ARRAY['Camp A','Camp B',NULL])[1 + g % 3], (ARRAY['ad-1',NULL])[1 + g % 2] FROM generate_series(1, ${Math.round(total / 10)}) g;
       INSERT INTO triagens_ia (id_empresa_fk, id_lead_fk, decisao, motor, created_at)
       SELECT id_empresa_fk, id, (ARRAY['qualificado','rejeitado','duvidas','erro'])[1 + (hashtext(id::text) & 3)], 'regras', created_at
         FROM leads_juros_check WHERE random() < 0.5;`,
    );
    await dono.query("VACUUM ANALYZE");
    saida.push(
      `derivados: ${total.toLocaleString("pt-BR")} leads na empresa, gerados com os gatilhos em ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const medir = async (rotulo: string) => {
      const tempos: string[] = [];
      let antes = performance.now();
      const inicio = antes;
      const feitos = await reconstruirDerivados(dono, {
        empresaId: e,
        aoReparar: (r) => {
          const agora = performance.now();
          tempos.push(`${r.nome} ${((agora - antes) / 1000).toFixed(2)} s`);
          antes = agora;
        },
      });
      const corrigidas = feitos.reduce((s, f) => s + f.corrigidas + f.inseridas + f.apagadas + f.atualizadas, 0);
      saida.push(
        `  reconstrução inteira (${rotulo}): ${((performance.now() - inicio) / 1000).toFixed(1)} s, ${corrigidas} correções (meta ≤ 30 s)`,
        `    ${tempos.join("; ")}`,
      );
    };
    await medir("nada a corrigir");
    for (const d of DERIVADOS)
      if (d.tipo === "soma")
        await dono.query(`UPDATE ${d.tabela} SET ${d.medidas[0]} = ${d.medidas[0]} + 1 WHERE id_empresa_fk = $1`, [e]);
    await dono.query("DELETE FROM leads_busca WHERE id_empresa_fk = $1 AND termo = 'ana'", [e]);
    await dono.query("DELETE FROM leads_telefone_busca WHERE id_empresa_fk = $1 AND sufixo LIKE '%7'", [e]);
    await medir("todos os resumos corrompidos");
    const load = (await import("node:os")).loadavg().map((x) => x.toFixed(1));
    saida.push(`  carga da máquina (2 núcleos, compartilhada): ${load.join(" / ")}`);
    return saida;
  } finally {
    await dono.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

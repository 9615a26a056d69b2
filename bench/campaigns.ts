// Opt-in campaigns (decisions 1891–1894): plans a campaign of 50,000 opted-in leads (the audience among leads without
// consent and leads who opted out, the exclusions counted by reason, one INSERT … SELECT of the recipients with their
// planned times) and checks that the plan never exceeds the configured rate: every planned time inside the São Paulo
// window, two at least the minimum gap apart, no São Paulo day over the cap. Goal: planning ≤ 10 s.
//
//   npm run bench -- campaigns
// Settings: CAMPANHAS_BENCH_N (opted-in leads, 50000).

import { contarPublico, planejarDestinatarios } from "../apps/server/src/campaigns/audience.js";
import { withCompanyJob } from "../apps/server/src/db/tenant.js";
import { type TRitmo, violacoesDoRitmo } from "../packages/domain/src/campaigns";
import type { TFiltrosCampanha } from "../packages/domain/src/schemas/campaigns";
import { fmt, numeroEnv } from "./leads-harness.js";
import { bancoDeBancada } from "./scratch-db.js";

const RITMO: TRitmo = { janelaInicio: 9, janelaFim: 18, limiteDiario: 2000, espacoMinS: 10, espacoMaxS: 20 };

export async function campaignsBench(): Promise<string[]> {
  const n = numeroEnv("CAMPANHAS_BENCH_N", 50_000);
  const semConsentimento = Math.floor(n / 5);
  const descadastrados = Math.floor(n / 20);
  const b = await bancoDeBancada("campanhas");
  try {
    const { rows: empresa } = await b.dono.query(
      "INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Bancada Campanhas', 'campanhas@bench.local', 'Premium') RETURNING id",
    );
    const empresaId = empresa[0].id as string;
    const total = n + semConsentimento + descadastrados;
    await b.dono.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, valor_contrato, status_lead, origem_lead)
       SELECT $1, 'Lead ' || g, '55119' || lpad(g::text, 8, '0'), '55119' || lpad(g::text, 8, '0'), 10000, 'Em Atendimento', 'Manual'
         FROM generate_series(1, $2::int) g`,
      [empresaId, total],
    );
    // the first n opted in, the next ones opted in then out, the rest never recorded
    const consentir = (situacao: string, de: number, ate: number) =>
      b.dono.query(
        `INSERT INTO consentimentos (id_empresa_fk, id_lead_fk, finalidade, situacao, texto, versao_texto, canal, origem, ocorrido_em)
         SELECT $1, l.id, 'marketing', $2, 'Aceito receber ofertas.', 'marketing-v1', 'formulario', 'lead', now()
           FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM leads_juros_check WHERE id_empresa_fk = $1) l
          WHERE l.i BETWEEN $3 AND $4`,
        [empresaId, situacao, de, ate],
      );
    await consentir("concedido", 1, n + descadastrados);
    await consentir("revogado", n + 1, n + descadastrados);
    await b.dono.query("VACUUM ANALYZE leads_juros_check, consentimentos");

    const filtros: TFiltrosCampanha = { status: [], etiquetas: [], origens: [], consultores: [], faixas: [] };
    const t0 = performance.now();
    const contagem = await withCompanyJob(b.db.app, empresaId, "bench", (tx) => contarPublico(tx, empresaId, filtros));
    const tContagem = performance.now() - t0;

    const { rows: campanha } = await b.dono.query(
      `INSERT INTO campanhas_whatsapp (id_empresa_fk, nome, estado, filtros, tipo_mensagem, texto, janela_inicio, janela_fim,
              limite_diario, espaco_min_s, espaco_max_s, inicio_em)
       VALUES ($1, 'Bancada', 'ativa', '{}', 'texto', 'Olá, {{nome}}!', $2, $3, $4, $5, $6, now()) RETURNING id`,
      [empresaId, RITMO.janelaInicio, RITMO.janelaFim, RITMO.limiteDiario, RITMO.espacoMinS, RITMO.espacoMaxS],
    );
    const t1 = performance.now();
    const plano = await withCompanyJob(b.db.app, empresaId, "bench", (tx) =>
      planejarDestinatarios(tx, { empresaId, campanhaId: campanha[0].id, filtros, inicio: new Date(), ritmo: RITMO }),
    );
    const tPlano = performance.now() - t1;

    const { rows: tempos } = await b.dono.query<{ t: Date }>(
      "SELECT planejado_em AS t FROM campanhas_whatsapp_destinatarios WHERE id_campanha_fk = $1",
      [campanha[0].id],
    );
    const violacoes = violacoesDoRitmo(
      tempos.map((r) => r.t),
      RITMO,
    );
    const dias = new Set(tempos.map((r) => r.t.toLocaleDateString("en-CA", { timeZone: "America/Sao_Paulo" }))).size;
    if (plano.elegiveis !== n || tempos.length !== n) throw new Error(`plano com ${tempos.length} de ${n} destinatários`);
    return [
      `Campanhas — ${total.toLocaleString("pt-BR")} leads (${n.toLocaleString("pt-BR")} com opt-in, ${semConsentimento.toLocaleString("pt-BR")} sem consentimento, ${descadastrados.toLocaleString("pt-BR")} descadastrados), máquina compartilhada (números ruidosos)`,
      `  contagem ao vivo do público: ${fmt(tContagem)} ms — exclusões ${JSON.stringify(contagem.exclusoes)}`,
      `  planejamento (público, exclusões, ritmo; um INSERT … SELECT): ${fmt(tPlano / 1000)} s para ${n.toLocaleString("pt-BR")} destinatários — meta ≤ 10 s`,
      `  ritmo planejado: janela ${RITMO.janelaInicio}h–${RITMO.janelaFim}h, até ${RITMO.limiteDiario}/dia, intervalo ${RITMO.espacoMinS}–${RITMO.espacoMaxS} s → ${dias} dias; violações do ritmo: ${violacoes.length}${violacoes.length ? ` (ex.: ${JSON.stringify(violacoes.slice(0, 3))})` : " (nunca excede a taxa configurada)"}`,
    ];
  } finally {
    await b.fechar();
  }
}

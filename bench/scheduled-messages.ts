// Scheduled messages (decisions 1885–1887, 1911): 10,000 schedules due in the same minute across companies, fired by
// the server's own sweep (every 5 s per instance, one job per company claiming due rows) and sent as one paced batch
// per number. Goal: each fires within ±60 s of its time. Prints the claim's lateness (the schedule's commit to
// 'enviada' minus its due time) and the figure the goal is about: due time to the provider's acceptance (the commit
// of the message's first 'sent' status, its change-log row), p50/p95/max and how many fall outside ±60 s, with the
// send rate per provider. The companies use the built-in sandbox provider (the fake every test uses; it paces like
// the official API, 80/s per number).
//
//   npm run build && npm run bench -- scheduled
// Settings: AGENDADAS_BENCH_N (schedules, 10000), AGENDADAS_BENCH_EMPRESAS (companies, 100),
//           AGENDADAS_BENCH_ESPERA_S (how long to wait for every send, 900).

import { fmt, iniciarBancada, numeroEnv, percentis } from "./leads-harness.js";

export async function scheduledMessagesBench(): Promise<string[]> {
  const n = numeroEnv("AGENDADAS_BENCH_N", 10_000);
  const empresas = numeroEnv("AGENDADAS_BENCH_EMPRESAS", 100);
  const esperaS = numeroEnv("AGENDADAS_BENCH_ESPERA_S", 900);
  const b = await iniciarBancada("agendadas");
  try {
    const marca = Date.now();
    // companies, each with a consultant who schedules, and one lead per schedule who wrote an hour ago (window open)
    const { rows: criadas } = await b.dono.query(
      `WITH e AS (
         INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura)
         SELECT 'Agendadas ' || $1 || '-' || g, 'agendadas' || $1 || '-' || g || '@bench.local', 'Enterprise'
           FROM generate_series(1, $2::int) g RETURNING id)
       INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash)
       SELECT e.id, 'consultor.' || e.id || '@bench.local', 'Consultor Bench', 'Consultor', 'x' FROM e
       RETURNING id, id_empresa_fk`,
      [marca, empresas],
    );
    const porEmpresa = Math.ceil(n / empresas);
    await b.dono.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, status_lead, origem_lead,
              ultima_mensagem_lead_em, ultima_mensagem_em)
       SELECT c.empresa, 'Lead ' || g, '55119' || lpad((70000000 + i * $2 + g)::text, 8, '0'),
              '55119' || lpad((70000000 + i * $2 + g)::text, 8, '0'), 'Em Atendimento', 'WhatsApp',
              now() - interval '1 hour', now() - interval '1 hour'
         FROM unnest($1::uuid[]) WITH ORDINALITY AS c (empresa, i), generate_series(1, $2::int) g`,
      [criadas.map((c) => c.id_empresa_fk), porEmpresa],
    );
    // all due in the same minute: the start of the minute after next (so every row exists before it), spread over it
    const agora = Date.now();
    const minuto = Math.ceil(agora / 60_000) * 60_000 + 60_000;
    await b.dono.query(
      `INSERT INTO mensagens_agendadas (id_empresa_fk, id_lead_fk, id_autor_fk, tipo, texto, agendada_para, created_at)
       SELECT l.id_empresa_fk, l.id, u.id, 'text', 'Mensagem agendada ' || l.nome,
              to_timestamp($2::double precision / 1000) + (random() * interval '59 seconds'), now() - interval '1 minute'
         FROM leads_juros_check l JOIN usuarios_plataforma u ON u.id_empresa_fk = l.id_empresa_fk
        WHERE l.id_empresa_fk = ANY ($1::uuid[])
        LIMIT $3`,
      [criadas.map((c) => c.id_empresa_fk), minuto, n],
    );
    await b.dono.query("VACUUM ANALYZE mensagens_agendadas");
    const filtro = "a.id_empresa_fk = ANY ($1::uuid[])";
    const params = [criadas.map((c) => c.id_empresa_fk)];

    // wait for every schedule to be decided, then for every message to leave the queue
    const limite = Date.now() + esperaS * 1000;
    const contar = async (sql: string) => (await b.dono.query(sql, params)).rows[0].n as number;
    while (
      Date.now() < limite &&
      (await contar(`SELECT count(*)::int AS n FROM mensagens_agendadas a WHERE ${filtro} AND a.status = 'agendada'`)) > 0
    )
      await new Promise((r) => setTimeout(r, 2000));
    while (
      Date.now() < limite &&
      (await contar(
        `SELECT count(*)::int AS n FROM mensagens_agendadas a JOIN mensagens_whatsapp m
            ON m.id_empresa_fk = a.id_empresa_fk AND m.id = a.id_mensagem_fk WHERE ${filtro} AND m.status = 'pending'`,
      )) > 0
    )
      await new Promise((r) => setTimeout(r, 2000));

    const { rows: estados } = await b.dono.query(
      `SELECT a.status, count(*)::int AS n FROM mensagens_agendadas a WHERE ${filtro} GROUP BY 1 ORDER BY 1`,
      params,
    );
    const { rows: disparo } = await b.dono.query(
      `SELECT extract(epoch FROM a.concluida_em - a.agendada_para) * 1000 AS ms FROM mensagens_agendadas a
        WHERE ${filtro} AND a.status <> 'agendada'`,
      params,
    );
    // the provider's acceptance: the commit of the message's first 'sent' (or later) status, its change-log row
    // (decision 1911) — not status_em, which the delivered and read reports move on
    const aceite = `SELECT a.agendada_para, c.em, e.whatsapp_provedor AS provedor, e.id AS empresa
         FROM mensagens_agendadas a JOIN empresas e ON e.id = a.id_empresa_fk
         CROSS JOIN LATERAL (
           SELECT min(c.ocorrido_em) AS em FROM mudancas c
            WHERE c.id_empresa_fk = a.id_empresa_fk AND c.entidade = 'mensagem' AND c.id_entidade = a.id_mensagem_fk
              AND c.tipo = 'mensagem.status' AND c.depois->>'status' IN ('sent', 'delivered', 'read')) c
        WHERE ${filtro} AND a.status = 'enviada' AND c.em IS NOT NULL`;
    const { rows: envio } = await b.dono.query(
      `SELECT extract(epoch FROM em - agendada_para) * 1000 AS ms FROM (${aceite}) x`,
      params,
    );
    const { rows: provedores } = await b.dono.query(
      `SELECT provedor, count(*)::int AS n, count(DISTINCT empresa)::int AS empresas, extract(epoch FROM max(em) - min(em)) AS s
         FROM (${aceite}) x GROUP BY 1 ORDER BY 1`,
      params,
    );
    const d = percentis(disparo.map((r) => Number(r.ms)));
    const s = percentis(envio.map((r) => Number(r.ms)));
    const maximo = (xs: { ms: unknown }[]) => Math.max(...xs.map((r) => Number(r.ms)));
    const minimo = (xs: { ms: unknown }[]) => Math.min(...xs.map((r) => Number(r.ms)));
    const fora = disparo.filter((r) => Math.abs(Number(r.ms)) > 60_000).length;
    const foraAceite = envio.filter((r) => Math.abs(Number(r.ms)) > 60_000).length;
    return [
      `Mensagens agendadas — ${n} agendamentos no mesmo minuto em ${empresas} empresas (varredura do servidor, um trabalho por empresa), máquina compartilhada (números ruidosos)`,
      `  estados: ${estados.map((e) => `${e.status} ${e.n}`).join(", ")}`,
      `  atraso do disparo (agendada → enviada à fila): p50 ${fmt(d.p50 / 1000)} s, p95 ${fmt(d.p95 / 1000)} s, máx ${fmt(maximo(disparo) / 1000)} s, mín ${fmt(minimo(disparo) / 1000)} s; fora de ±60 s: ${fora} — meta ±60 s`,
      `  atraso até o provedor aceitar (agendada → aceite gravado, com o ritmo do provedor): p50 ${fmt(s.p50 / 1000)} s, p95 ${fmt(s.p95 / 1000)} s, máx ${envio.length ? fmt(maximo(envio) / 1000) : "—"} s, mín ${envio.length ? fmt(minimo(envio) / 1000) : "—"} s (${s.n} aceitas); fora de ±60 s: ${foraAceite + (n - s.n)} (${n - s.n} não aceitas) — meta ±60 s`,
      ...provedores.map(
        (p) =>
          `  taxa de envio ${p.provedor}: ${fmt(p.n / Math.max(Number(p.s), 0.001))} msg/s (${p.n} mensagens de ${p.empresas} empresas em ${fmt(Number(p.s))} s)`,
      ),
    ];
  } finally {
    await b.fechar();
  }
}

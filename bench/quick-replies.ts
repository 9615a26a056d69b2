// Quick replies (decision 1838): the composer's '/' list, GET /api/chat/{lead}/respostas-rapidas?q=…, filtered on the
// server and filled from the lead, with 2,000 quick replies in the company (half the company's, half the person's own)
// among other companies' and other people's. Goal: p95 ≤ 50 ms, end to end over HTTP, as a person types.
//
//   npm run build && npm run bench -- quick-replies
// Settings: RESPOSTAS_BENCH_N (quick replies of the company, 2000), RESPOSTAS_BENCH_PEDIDOS (600).

import { readFileSync } from "node:fs";
import { fmt, iniciarBancada, numeroEnv, percentis } from "./leads-harness.js";

const OUTRAS_EMPRESAS = 10;

/** CPU time (ms, user + system) these processes have used so far, from /proc (Linux); 0 for a pid that is gone. */
function cpuMs(pids: Iterable<number>): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const campos = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(campos[11]) + Number(campos[12]); // utime, stime (fields 14 and 15), in 1/100 s
    } catch {}
  }
  return ticks * 10;
}

export async function quickRepliesBench(): Promise<string[]> {
  const n = numeroEnv("RESPOSTAS_BENCH_N", 2000);
  const pedidos = numeroEnv("RESPOSTAS_BENCH_PEDIDOS", 600);
  const b = await iniciarBancada("respostas-rapidas");
  try {
    // shortcuts from a small vocabulary and a number, so prefixes match a few, many or none
    const inserir = (empresa: string, usuario: string | null, quantos: number, marca: string) =>
      b.dono.query(
        `INSERT INTO respostas_rapidas (id_empresa_fk, id_usuario_fk, atalho, titulo, conteudo)
         SELECT $1, $2, (ARRAY['pix','parcela','boleto','contrato','documentos','ligar','retorno','juros'])[1 + g % 8] || '-' || $4 || g,
                'Resposta ' || g || ' sobre ' || (ARRAY['pagamento','financiamento','análise','revisão'])[1 + g % 4],
                'Olá {{primeiro_nome}}, sua parcela de {{valor_parcela}} — texto ' || g
           FROM generate_series(1, $3::int) g`,
        [empresa, usuario, quantos, marca],
      );
    await inserir(b.empresaId, null, Math.floor(n / 2), "e");
    await inserir(b.empresaId, b.usuarioId, n - Math.floor(n / 2), "p");
    // another person of the company with as many of their own, which the list must skip
    const { rows: outro } = await b.dono.query(
      `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash) VALUES ($1, $2, 'Outro', 'Consultor', 'x') RETURNING id`,
      [b.empresaId, `outro.${Date.now()}@bench.local`],
    );
    await inserir(b.empresaId, outro[0].id, n, "o");
    for (let i = 0; i < OUTRAS_EMPRESAS; i++) {
      const { rows } = await b.dono.query(
        `INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ($1, $2, 'Premium') RETURNING id`,
        [`Outra ${i} ${Date.now()}`, `outra${i}.${Date.now()}@bench.local`],
      );
      await inserir(rows[0].id, null, n, "x");
    }
    const { rows: lead } = await b.dono.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, valor_contrato, valor_parcela, status_lead, origem_lead)
       VALUES ($1, 'Maria Souza', '5511999990000', '5511999990000', 30000, 899.9, 'Em Atendimento', 'Manual') RETURNING id`,
      [b.empresaId],
    );
    await b.dono.query("VACUUM ANALYZE respostas_rapidas");
    const { rows: conta } = await b.dono.query(
      "SELECT count(*)::int AS n FROM respostas_rapidas WHERE id_empresa_fk = $1 AND (id_usuario_fk IS NULL OR id_usuario_fk = $2)",
      [b.empresaId, b.usuarioId],
    );

    // what a person types after '/': nothing, one letter, a longer prefix, a word of the title, a miss
    const buscas = ["", "p", "pa", "par", "parcela-p1", "ju", "contrato", "revisão", "zzz", "l", "lig", "retorno-e"];
    const pedir = async (q: string) => {
      const r = await b.obter(`/api/chat/${lead[0].id}/respostas-rapidas?q=${encodeURIComponent(q)}`);
      if (r.status !== 200) throw new Error(`GET respostas-rapidas: ${r.status} ${r.corpo.slice(0, 200)}`);
      return JSON.parse(r.corpo) as { texto: string }[];
    };
    const primeira = await pedir("par");
    if (!primeira.length || !primeira[0].texto.includes("Maria")) throw new Error("a lista não veio preenchida");
    for (let i = 0; i < 30; i++) await pedir(buscas[i % buscas.length]);
    // CPU per request (server + PostgreSQL's backends): unlike the percentiles, hardly moved by the machine's load
    const backends = async () =>
      (await b.dono.query("SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend'")).rows.map(
        (r) => r.pid as number,
      );
    const bancoAntes = new Map((await backends()).map((pid) => [pid, cpuMs([pid])]));
    const servidorAntes = cpuMs([b.servidorPid]);
    const tempos: number[] = [];
    for (let i = 0; i < pedidos; i++) {
      const t0 = performance.now();
      await pedir(buscas[i % buscas.length]);
      tempos.push(performance.now() - t0);
    }
    const p = percentis(tempos);
    const servidorCpu = (cpuMs([b.servidorPid]) - servidorAntes) / pedidos;
    let bancoCpu = 0;
    for (const pid of await backends()) bancoCpu += cpuMs([pid]) - (bancoAntes.get(pid) ?? 0);
    bancoCpu /= pedidos;
    // the shortcut's part of the list, as the server runs it (a prepared statement: the prefix is a parameter)
    const { rows: plano } = await b.dono.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT * FROM (
         (SELECT id, atalho, id_usuario_fk FROM respostas_rapidas WHERE id_empresa_fk = $1 AND id_usuario_fk IS NULL
             AND atalho >= $3 AND atalho < $3 || '~' ORDER BY atalho LIMIT 20)
         UNION ALL
         (SELECT id, atalho, id_usuario_fk FROM respostas_rapidas WHERE id_empresa_fk = $1 AND id_usuario_fk = $2
             AND atalho >= $3 AND atalho < $3 || '~' ORDER BY atalho LIMIT 20)) r ORDER BY atalho LIMIT 20`,
      [b.empresaId, b.usuarioId, "par"],
    );
    const raiz = plano[0]["QUERY PLAN"][0];
    const indices = [...JSON.stringify(raiz).matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
    return [
      `Respostas rápidas — lista do '/' com ${conta[0].n} respostas visíveis à pessoa (${n} de outra pessoa da empresa e ${OUTRAS_EMPRESAS}×${n} de outras empresas na tabela), máquina compartilhada (números ruidosos)`,
      `  GET /api/chat/{lead}/respostas-rapidas?q=… um pedido por vez, ${buscas.length} buscas: p50 ${fmt(p.p50)} ms, p95 ${fmt(p.p95)} ms, p99 ${fmt(p.p99)} ms (${p.n} pedidos) — meta p95 ≤ 50 ms`,
      `  CPU por pedido: servidor ${fmt(servidorCpu)} ms + PostgreSQL ${fmt(bancoCpu)} ms (o que um núcleo livre levaria; ticks de 10 ms somados em ${pedidos} pedidos)`,
      `  a consulta no banco ('par'): ${fmt(raiz["Execution Time"])} ms, índice ${indices.length ? [...new Set(indices)].join(", ") : "nenhum"}`,
    ];
  } finally {
    await b.fechar();
  }
}

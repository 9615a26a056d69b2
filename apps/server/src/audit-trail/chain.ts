import { createHash, randomBytes } from "node:crypto";
import { CADEIA_PLATAFORMA, separarPessoais } from "@crm/domain/audit-trail";
import type pg from "pg";
import { aindaNaoLidas } from "../change-log/follow.js";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";

/** The follower's positions in mudancas_leitores: the change log's, and the intake's (decision 1821). */
const LEITOR_MUDANCAS = "auditoria";
export const LEITOR_ENTRADA = "auditoria.entrada";

/** One event about to be chained, as the SQL below reads it (`us`: microseconds since the epoch, exact). */
type TEvento = {
  ordem: number;
  cadeia: string;
  id_empresa_fk: string | null;
  fonte: "mudanca" | "auditoria";
  fonte_id: string;
  us: string;
  id_usuario_fk: string | null;
  origem: string;
  acao: string;
  entidade: string;
  entidade_id: string | null;
  dados: Record<string, unknown>;
  ip: string | null;
  pessoais: Record<string, unknown> | null;
  seq?: string;
  sal?: string;
};

// The rows of a source that the follower has not read yet, in reading order (decision 1701): only transactions older
// than every running one, so a late commit is never skipped. Ordered by the table's columns (f.), not by the text the
// rows are handed in: a bare `ORDER BY transacao, id` names the output columns and sorted '10' before '9', so the
// position was set behind rows already chained and they were chained again (as change-log/follow.ts found).
const naoLidas = (tabela: string, colunas: string) =>
  `SELECT f.transacao::text AS transacao, f.id::text AS id, ${colunas} FROM ${tabela} f
    WHERE (f.transacao, f.id) > ($1::xid8, $2::bigint) AND f.transacao < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY f.transacao, f.id LIMIT $3`;

const SQL_MUDANCAS = naoLidas(
  "mudancas",
  `id_empresa_fk, entidade, id_entidade::text, tipo, origem, id_usuario_fk, id_chave_api, antes, depois,
   (extract(epoch FROM ocorrido_em) * 1000000)::bigint::text AS us`,
);
const SQL_ENTRADA = naoLidas(
  "auditoria",
  `id_empresa_fk, id_usuario_fk, acao, entidade, entidade_id, dados, ip_address,
   (extract(epoch FROM created_at) * 1000000)::bigint::text AS us`,
);

type TPosicao = { leitor: string; ate: string; ate_id: string };
type TLinha = { transacao: string; id: string; us: string } & Record<string, unknown>;

/**
 * The audit trail's one follower (decision 1821): moves the change log's and the intake's unread rows, at most `lote`
 * of each, into auditoria_eventos, each company's chained to its previous event (hash = sha256(previous hash ‖ the
 * row's content, `auditoria_conteudo`)), and moves both positions, all in one system transaction. Product writers
 * never wait on it: they append where they always did. One runner at a time (the positions' row locks; a second
 * returns -1 at once). Returns how many events it chained.
 */
export async function encadearAuditoria(pool: pg.Pool, lote = 2000): Promise<number> {
  return unsafeWithSystem(pool, "trilha de auditoria", async (tx) => {
    await tx.query("INSERT INTO mudancas_leitores (leitor) VALUES ($1), ($2) ON CONFLICT (leitor) DO NOTHING", [
      LEITOR_MUDANCAS,
      LEITOR_ENTRADA,
    ]);
    const { rows: pos } = await tx.query<TPosicao>(
      `SELECT leitor, ate::text, ate_id::text FROM mudancas_leitores WHERE leitor IN ($1, $2)
        ORDER BY leitor FOR UPDATE SKIP LOCKED`,
      [LEITOR_MUDANCAS, LEITOR_ENTRADA],
    );
    // another instance's follower holds the positions: it is chaining right now (-1: "busy", not "nothing left")
    if (pos.length < 2) return -1;
    const posicao = (leitor: string) => pos.find((p) => p.leitor === leitor) as TPosicao;
    const ler = (sql: string, p: TPosicao) => tx.query<TLinha>(sql, [p.ate, p.ate_id, lote]).then((r) => r.rows);
    const mudancas = await ler(SQL_MUDANCAS, posicao(LEITOR_MUDANCAS));
    const entrada = await ler(SQL_ENTRADA, posicao(LEITOR_ENTRADA));
    const eventos = [...mudancas.map(daMudanca), ...entrada.map(daEntrada)].sort(
      (a, b) => Number(BigInt(a.us) - BigInt(b.us)) || a.fonte.localeCompare(b.fonte) || Number(a.fonte_id) - Number(b.fonte_id),
    );
    if (!eventos.length) return 0;
    eventos.forEach((e, i) => {
      e.ordem = i;
    });
    await anexar(tx, eventos);
    for (const [leitor, linhas] of [
      [LEITOR_MUDANCAS, mudancas],
      [LEITOR_ENTRADA, entrada],
    ] as const) {
      const ultima = linhas.at(-1);
      if (ultima)
        await tx.query("UPDATE mudancas_leitores SET ate = $2::xid8, ate_id = $3::bigint WHERE leitor = $1", [
          leitor,
          ultima.transacao,
          ultima.id,
        ]);
    }
    return eventos.length;
  });
}

/** Chains until nothing is left to read (the worker's tick, the demo seed, tests). Returns how many it chained. */
export async function encadearTudo(pool: pg.Pool): Promise<number> {
  let total = 0;
  for (let pausas = 0; ; ) {
    const n = await encadearAuditoria(pool);
    if (n > 0) {
      total += n;
      continue;
    }
    // nothing read: done, unless rows committed before now are still unread — another follower holds the positions
    // (n < 0), or a transaction older than them still runs, so the follower may not pass them yet (decision 1701)
    if (!(await restamNaoLidas(pool)) || ++pausas > 400) return total;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Rows of the change log or the intake this snapshot sees that the trail has not read yet. */
function restamNaoLidas(pool: pg.Pool): Promise<boolean> {
  return unsafeWithSystem(pool, "trilha de auditoria: restam", async (tx) => {
    const { rows } = await tx.query<{ resta: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM mudancas m WHERE ${aindaNaoLidas("$1")})
           OR EXISTS (SELECT 1 FROM auditoria m WHERE ${aindaNaoLidas("$2")}) AS resta`,
      [LEITOR_MUDANCAS, LEITOR_ENTRADA],
    );
    return rows[0]?.resta ?? false;
  });
}

function daMudanca(m: TLinha): TEvento {
  const dados: Record<string, unknown> = {};
  if (m.antes) dados.antes = m.antes;
  if (m.depois) dados.depois = m.depois;
  if (m.id_chave_api) dados.chaveApiId = m.id_chave_api;
  return {
    ordem: 0,
    cadeia: m.id_empresa_fk as string,
    id_empresa_fk: m.id_empresa_fk as string,
    fonte: "mudanca",
    fonte_id: m.id,
    us: m.us,
    id_usuario_fk: (m.id_usuario_fk as string | null) ?? null,
    origem: m.origem as string,
    acao: m.tipo as string,
    entidade: m.entidade as string,
    entidade_id: m.id_entidade as string,
    dados,
    ip: null,
    pessoais: null,
  };
}

function daEntrada(a: TLinha): TEvento {
  const { publicos, pessoais } = separarPessoais((a.dados as Record<string, unknown>) ?? {});
  const empresa = (a.id_empresa_fk as string | null) ?? null;
  return {
    ordem: 0,
    cadeia: empresa ?? CADEIA_PLATAFORMA,
    id_empresa_fk: empresa,
    fonte: "auditoria",
    fonte_id: a.id,
    us: a.us,
    id_usuario_fk: (a.id_usuario_fk as string | null) ?? null,
    origem: a.id_usuario_fk ? "usuario" : "sistema",
    acao: a.acao as string,
    entidade: a.entidade as string,
    entidade_id: (a.entidade_id as string | null) ?? null,
    dados: publicos,
    ip: (a.ip_address as string | null) ?? null,
    pessoais,
  };
}

// the events as SQL rows, with their time back from exact microseconds
const EVENTOS = `jsonb_to_recordset($1::jsonb) AS e (ordem int, cadeia uuid, id_empresa_fk uuid, fonte text,
  fonte_id bigint, us bigint, id_usuario_fk uuid, origem text, acao text, entidade text, entidade_id text, dados jsonb,
  ip text, pessoais jsonb, seq bigint, sal text)`;
const OCORRIDO = `'epoch'::timestamptz + e.us * interval '1 microsecond'`;

/**
 * Appends `eventos` (in `ordem`) to their chains: locks the heads in chain order, numbers the events, has PostgreSQL
 * give each one's content (the one definition, `auditoria_conteudo`), chains the hashes and writes rows and heads.
 */
async function anexar(tx: TTx, eventos: TEvento[]): Promise<void> {
  const cadeias = [...new Set(eventos.map((e) => e.cadeia))].sort();
  await tx.query(
    `INSERT INTO auditoria_cadeias (cadeia, id_empresa_fk)
     SELECT c, nullif(c, $2::uuid) FROM unnest($1::uuid[]) c ON CONFLICT (cadeia) DO NOTHING`,
    [cadeias, CADEIA_PLATAFORMA],
  );
  const { rows: cabecas } = await tx.query<{ cadeia: string; ultimo_seq: string; ultimo_hash: Buffer }>(
    `SELECT cadeia, ultimo_seq::text, ultimo_hash FROM auditoria_cadeias WHERE cadeia = ANY($1::uuid[])
      ORDER BY cadeia FOR UPDATE`,
    [cadeias],
  );
  const cabeca = new Map(cabecas.map((c) => [c.cadeia, { seq: BigInt(c.ultimo_seq), hash: c.ultimo_hash }]));
  for (const e of eventos) {
    const c = cabeca.get(e.cadeia) as { seq: bigint; hash: Buffer };
    c.seq += 1n;
    e.seq = c.seq.toString();
    // the salt keeps a low-entropy personal value (an IP) from being guessed from its commitment
    e.sal = randomBytes(32).toString("hex");
  }
  const json = JSON.stringify(eventos);
  const { rows: conteudos } = await tx.query<{ conteudo: Buffer }>(
    `SELECT auditoria_conteudo(e.cadeia, e.seq, e.id_empresa_fk, e.fonte, e.fonte_id, ${OCORRIDO}, e.id_usuario_fk,
              e.origem, e.acao, e.entidade, e.entidade_id, e.dados,
              auditoria_compromisso(decode(e.sal, 'hex'), e.ip, e.pessoais)) AS conteudo
       FROM ${EVENTOS} ORDER BY e.ordem`,
    [json],
  );
  const hashes: { ordem: number; anterior: string; hash: string }[] = [];
  const anterior = new Map(cabecas.map((c) => [c.cadeia, c.ultimo_hash]));
  eventos.forEach((e, i) => {
    const prev = anterior.get(e.cadeia) as Buffer;
    const hash = createHash("sha256").update(prev).update(conteudos[i].conteudo).digest();
    hashes.push({ ordem: e.ordem, anterior: prev.toString("hex"), hash: hash.toString("hex") });
    anterior.set(e.cadeia, hash);
  });
  await tx.query(
    `INSERT INTO auditoria_eventos (cadeia, seq, id_empresa_fk, fonte, fonte_id, ocorrido_em, id_usuario_fk, origem, acao,
                                    entidade, entidade_id, dados, ip, pessoais, sal, compromisso, hash_anterior, hash)
     SELECT e.cadeia, e.seq, e.id_empresa_fk, e.fonte, e.fonte_id, ${OCORRIDO}, e.id_usuario_fk, e.origem, e.acao,
            e.entidade, e.entidade_id, e.dados, e.ip, e.pessoais, decode(e.sal, 'hex'),
            auditoria_compromisso(decode(e.sal, 'hex'), e.ip, e.pessoais), decode(h.anterior, 'hex'), decode(h.hash, 'hex')
       FROM ${EVENTOS} JOIN jsonb_to_recordset($2::jsonb) AS h (ordem int, anterior text, hash text) ON h.ordem = e.ordem`,
    [json, JSON.stringify(hashes)],
  );
  await tx.query(
    `UPDATE auditoria_cadeias c SET ultimo_seq = x.seq, ultimo_hash = decode(x.hash, 'hex')
       FROM jsonb_to_recordset($1::jsonb) AS x (cadeia uuid, seq bigint, hash text) WHERE c.cadeia = x.cadeia`,
    [
      JSON.stringify(
        [...anterior]
          .filter(([c]) => cabeca.has(c))
          .map(([c, h]) => ({ cadeia: c, seq: cabeca.get(c)?.seq.toString(), hash: h.toString("hex") })),
      ),
    ],
  );
}

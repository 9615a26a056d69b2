import { STATUS_CONVERTIDOS_DASHBOARD, STATUS_QUALIFICADOS } from "@crm/domain/dashboard";
import { isoDiaSP } from "@crm/domain/period";
import { PAPEL } from "@crm/domain/roles";
import type { TPaginaEmpresas } from "@crm/domain/schemas/companies";
import type { TIndicadoresPlataforma } from "@crm/domain/schemas/platform";
import { STATUS_LEAD } from "@crm/domain/status";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";

/**
 * Migration 0031 (decision 1307): empresas_resumo and empresas_resumo_mensal stay equal to a recount of the leads and
 * accounts after many random changes made the way the product makes them — through the application's role, under
 * each company's tenant context (or the platform's, for moves between companies) — in random batches.
 */
const t = useTestApp();

/** A small seeded generator: a failure names its seed and replays the same changes. */
function gerador(semente: number) {
  let s = semente >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function diferencas(): Promise<unknown[]> {
  const mensal = await t.dono.query(
    `SELECT coalesce(r.id_empresa_fk, l.id_empresa_fk) AS e, coalesce(r.mes, l.mes) AS mes,
            coalesce(r.leads, 0) AS leads_resumo, coalesce(l.leads, 0) AS leads,
            coalesce(r.qualificados, 0) AS q_resumo, coalesce(l.q, 0) AS q,
            coalesce(r.convertidos, 0) AS c_resumo, coalesce(l.c, 0) AS c
       FROM empresas_resumo_mensal r
       FULL JOIN (SELECT id_empresa_fk, date_trunc('month', leads_dia_sp(created_at))::date AS mes, count(*)::int AS leads,
                         count(*) FILTER (WHERE status_lead = ANY ($1))::int AS q,
                         count(*) FILTER (WHERE status_lead = ANY ($2))::int AS c
                    FROM leads_juros_check GROUP BY 1, 2) l USING (id_empresa_fk, mes)
      WHERE (coalesce(r.leads, 0), coalesce(r.qualificados, 0), coalesce(r.convertidos, 0))
            IS DISTINCT FROM (coalesce(l.leads, 0), coalesce(l.q, 0), coalesce(l.c, 0))`,
    [STATUS_QUALIFICADOS, STATUS_CONVERTIDOS_DASHBOARD],
  );
  const empresa = await t.dono.query(
    `SELECT e.id, to_jsonb(r) - 'id_empresa_fk' AS resumo, jsonb_build_object(
              'leads', (SELECT count(*) FROM leads_juros_check l WHERE l.id_empresa_fk = e.id),
              'qualificados', (SELECT count(*) FROM leads_juros_check l WHERE l.id_empresa_fk = e.id AND status_lead = ANY ($1)),
              'convertidos', (SELECT count(*) FROM leads_juros_check l WHERE l.id_empresa_fk = e.id AND status_lead = ANY ($2)),
              'usuarios_ativos', (SELECT count(*) FROM usuarios_plataforma u WHERE u.id_empresa_fk = e.id AND ativo),
              'usuarios_inativos', (SELECT count(*) FROM usuarios_plataforma u WHERE u.id_empresa_fk = e.id AND NOT ativo),
              'admins_ativos', (SELECT count(*) FROM usuarios_plataforma u WHERE u.id_empresa_fk = e.id AND ativo AND papel = $3),
              'consultores_ativos', (SELECT count(*) FROM usuarios_plataforma u WHERE u.id_empresa_fk = e.id AND ativo AND papel = $4),
              'juridicos_ativos', (SELECT count(*) FROM usuarios_plataforma u WHERE u.id_empresa_fk = e.id AND ativo AND papel = $5)
            ) AS contado
       FROM empresas e LEFT JOIN empresas_resumo r ON r.id_empresa_fk = e.id`,
    [STATUS_QUALIFICADOS, STATUS_CONVERTIDOS_DASHBOARD, PAPEL.admin, PAPEL.consultor, PAPEL.juridico],
  );
  const zeros = Object.fromEntries(Object.keys(empresa.rows[0]?.contado ?? {}).map((k) => [k, 0]));
  const norm = (o: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(o)
        .sort()
        .map((k) => [k, Number(o[k])]),
    );
  const erradas = empresa.rows.filter((r) => norm({ ...zeros, ...(r.resumo ?? {}) }) !== norm(r.contado));
  return [...mensal.rows, ...erradas];
}

describe("the per-company summaries of migration 0031", () => {
  it("count a status as qualified and converted exactly as the domain's sets do", async () => {
    const { rows } = await t.dono.query(
      "SELECT s, crm_status_qualificado(s) AS q, crm_status_convertido(s) AS c FROM unnest($1::text[]) s",
      [[...STATUS_LEAD, "Status desconhecido"]],
    );
    for (const r of rows) {
      expect([r.s, r.q]).toEqual([r.s, STATUS_QUALIFICADOS.includes(r.s) ? 1 : 0]);
      expect([r.s, r.c]).toEqual([r.s, STATUS_CONVERTIDOS_DASHBOARD.includes(r.s) ? 1 : 0]);
    }
  });

  it("equal a recount of leads and accounts after random inserts, status and date moves, deletes and account changes", async () => {
    const empresas: TEmpresaComUsuarios[] = [];
    for (let i = 0; i < 3; i++) empresas.push(await criarEmpresaComUsuarios(t, { nome_empresa: `Resumo ${i}` }));
    const plataforma: TTenantCtx = { empresaId: null, usuarioId: empresas[0].usuarios.plataforma.id, papel: PAPEL.plataforma };
    const ctxDe = (e: TEmpresaComUsuarios): TTenantCtx => ({
      empresaId: e.empresa.id,
      usuarioId: e.usuarios.admin.id,
      papel: PAPEL.admin,
    });
    const semente = Number(process.env.RESUMO_SEMENTE ?? Date.now() % 100_000);
    const r = gerador(semente);
    const um = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
    const status = [...STATUS_LEAD];
    const dataAleatoria = () => new Date(Date.UTC(2025, Math.floor(r() * 5), 1 + Math.floor(r() * 28), Math.floor(r() * 24)));
    let contas = 0;

    for (let passo = 0; passo < 60; passo++) {
      const e = um(empresas);
      const acao = r();
      await withTenant(t.deps.db.app, acao < 0.9 ? ctxDe(e) : plataforma, async (tx) => {
        if (acao < 0.3) {
          // a batch of leads (an import: one statement, several months and statuses)
          const n = 1 + Math.floor(r() * 12);
          const linhas = Array.from({ length: n }, () => [um(status), dataAleatoria().toISOString()]);
          await tx.query(
            `INSERT INTO leads_juros_check (id_empresa_fk, nome, status_lead, created_at)
             SELECT $1, 'Lead ' || i, s, c::timestamptz FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS x(s, c, i)`,
            [e.empresa.id, linhas.map((l) => l[0]), linhas.map((l) => l[1])],
          );
        } else if (acao < 0.55) {
          // a few leads move to one status (the board, a bulk action)
          await tx.query(
            `UPDATE leads_juros_check SET status_lead = $2
              WHERE id IN (SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 ORDER BY random() LIMIT $3)`,
            [e.empresa.id, um(status), 1 + Math.floor(r() * 5)],
          );
        } else if (acao < 0.62) {
          // a lead's creation date moves to another month
          await tx.query(
            `UPDATE leads_juros_check SET created_at = $2
              WHERE id = (SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 ORDER BY random() LIMIT 1)`,
            [e.empresa.id, dataAleatoria()],
          );
        } else if (acao < 0.72) {
          await tx.query(
            `DELETE FROM leads_juros_check
              WHERE id IN (SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 ORDER BY random() LIMIT $2)`,
            [e.empresa.id, 1 + Math.floor(r() * 4)],
          );
        } else if (acao < 0.8) {
          await tx.query(
            `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash, ativo)
             VALUES ($1, $2, 'Conta', $3, 'x', $4)`,
            [
              e.empresa.id,
              `conta${contas++}.${semente}@resumo.test`,
              um([PAPEL.admin, PAPEL.consultor, PAPEL.juridico]),
              r() < 0.8,
            ],
          );
        } else if (acao < 0.9) {
          // deactivate, reactivate, change role or delete one of the accounts added here
          const { rows } = await tx.query(
            "SELECT id FROM usuarios_plataforma WHERE id_empresa_fk = $1 AND email LIKE '%@resumo.test' ORDER BY random() LIMIT 1",
            [e.empresa.id],
          );
          if (!rows.length) return;
          const q = r();
          if (q < 0.35) await tx.query("UPDATE usuarios_plataforma SET ativo = NOT ativo WHERE id = $1", [rows[0].id]);
          else if (q < 0.7)
            await tx.query("UPDATE usuarios_plataforma SET papel = $2 WHERE id = $1", [
              rows[0].id,
              um([PAPEL.admin, PAPEL.consultor, PAPEL.juridico]),
            ]);
          else if (q < 0.85) await tx.query("UPDATE usuarios_plataforma SET nome = nome || '.' WHERE id = $1", [rows[0].id]);
          else await tx.query("DELETE FROM usuarios_plataforma WHERE id = $1", [rows[0].id]);
        } else {
          // the platform moves an account to another company
          const outra = um(empresas.filter((x) => x !== e));
          await tx.query(
            `UPDATE usuarios_plataforma SET id_empresa_fk = $2
              WHERE id = (SELECT id FROM usuarios_plataforma WHERE id_empresa_fk = $1 AND email LIKE '%@resumo.test' LIMIT 1)`,
            [e.empresa.id, outra.empresa.id],
          );
        }
      });
    }
    const { rows: total } = await t.dono.query("SELECT count(*)::int AS n FROM leads_juros_check");
    expect(total[0].n, `semente ${semente}`).toBeGreaterThan(20);
    expect(await diferencas(), `semente ${semente}`).toEqual([]);
  });

  it("is written under each company's row-level security, and a company reads only its own rows", async () => {
    const [a, b] = [await criarEmpresaComUsuarios(t), await criarEmpresaComUsuarios(t)];
    const lidos = await withTenant(
      t.deps.db.app,
      { empresaId: a.empresa.id, usuarioId: a.usuarios.admin.id, papel: PAPEL.admin },
      async (tx) => {
        await tx.query("INSERT INTO leads_juros_check (id_empresa_fk, nome) VALUES ($1, 'Só de A')", [a.empresa.id]);
        const { rows } = await tx.query("SELECT DISTINCT id_empresa_fk FROM empresas_resumo_mensal");
        const { rows: r2 } = await tx.query("SELECT id_empresa_fk FROM empresas_resumo");
        return [...rows, ...r2].map((x) => x.id_empresa_fk);
      },
    );
    expect(new Set(lidos)).toEqual(new Set([a.empresa.id]));
    expect(b.empresa.id).not.toBe(a.empresa.id);
  });

  it("give the platform figures of a period to today exactly, leads dated later in the month left out", async () => {
    const x = await criarEmpresaComUsuarios(t, { nome_empresa: "Hoje e Amanhã" });
    const agora = Date.now();
    const hoje = isoDiaSP(new Date(agora));
    const inicioMes = `${hoje.slice(0, 8)}01`;
    // today, earlier this month, and (unless today is the month's last day) a lead dated after today
    const datas = [new Date(agora), new Date(`${inicioMes}T12:00:00-03:00`), new Date(agora + 86_400_000)];
    await withTenant(t.deps.db.app, { empresaId: x.empresa.id, usuarioId: x.usuarios.admin.id, papel: PAPEL.admin }, (tx) =>
      tx.query(
        `INSERT INTO leads_juros_check (id_empresa_fk, nome, status_lead, created_at)
         SELECT $1, 'L' || i, s, c FROM unnest($2::text[], $3::timestamptz[]) WITH ORDINALITY AS v(s, c, i)`,
        [x.empresa.id, ["Convertido", "Em Atendimento", "Convertido"], datas],
      ),
    );
    for (const de of [inicioMes, isoDiaSP(new Date(agora - 45 * 86_400_000))]) {
      const res = await x.navegadores.plataforma.req({ url: `/api/plataforma/indicadores?de=${de}&ate=${hoje}&porEmpresa=1` });
      expect(res.statusCode, res.body).toBe(200);
      const f = res.json() as TIndicadoresPlataforma;
      const { rows } = await t.dono.query(
        `SELECT id_empresa_fk AS id, count(*)::int AS leads, count(*) FILTER (WHERE status_lead = ANY ($3))::int AS qualificados,
                count(*) FILTER (WHERE status_lead = ANY ($4))::int AS convertidos
           FROM leads_juros_check WHERE leads_dia_sp(created_at) BETWEEN $1 AND $2 GROUP BY 1`,
        [de, hoje, STATUS_QUALIFICADOS, STATUS_CONVERTIDOS_DASHBOARD],
      );
      const esperado = new Map(rows.map((r) => [r.id, r]));
      expect(f.empresas?.find((e) => e.id === x.empresa.id)).toMatchObject({ leads: 2, qualificados: 2, convertidos: 1 });
      for (const e of f.empresas ?? []) {
        const r = esperado.get(e.id) ?? { leads: 0, qualificados: 0, convertidos: 0 };
        expect(e, `${e.nome} ${de}`).toMatchObject({ leads: r.leads, qualificados: r.qualificados, convertidos: r.convertidos });
      }
    }
  });

  it("serve /empresas search through the suffix index under the platform admin's row-level security", async () => {
    const x = await criarEmpresaComUsuarios(t, {
      nome_empresa: "Revisão Ágil de Contratos Bancários e Financiamentos do Brasil Central",
      email_contato: "atendimento.financeiro@agilrevisao.com.br",
    });
    const nav = x.navegadores.plataforma;
    const ids = async (busca: string) =>
      ((await nav.req({ url: `/api/empresas?busca=${encodeURIComponent(busca)}` })).json() as TPaginaEmpresas).empresas.map(
        (e) => e.id,
      );
    for (const termo of ["agil de", "ÁGIL", "bancarios e financiamentos do brasil central", "financeiro@agil", "CENTRAL"]) {
      expect(await ids(termo), termo).toContain(x.empresa.id);
    }
    // a term longer than a suffix row (40 characters) still has to match as a whole
    expect(await ids("bancarios e financiamentos do brasil centro")).not.toContain(x.empresa.id);
    await withTenant(t.deps.db.app, { empresaId: null, usuarioId: x.usuarios.plataforma.id, papel: PAPEL.plataforma }, (tx) =>
      tx.query("UPDATE empresas SET nome_empresa = 'Outro Nome Qualquer' WHERE id = $1", [x.empresa.id]),
    );
    expect(await ids("agil de")).not.toContain(x.empresa.id);
    expect(await ids("qualquer")).toContain(x.empresa.id);
    expect(await ids("financeiro@agil")).toContain(x.empresa.id);

    const plano = await withTenant(
      t.deps.db.app,
      { empresaId: null, usuarioId: x.usuarios.plataforma.id, papel: PAPEL.plataforma },
      async (tx) => {
        await tx.query("SET LOCAL enable_seqscan = off");
        const { rows } = await tx.query(
          `EXPLAIN SELECT id_empresa_fk FROM empresas_busca b
            WHERE b.sufixo >= left(crm_sem_acento($1), 40) COLLATE "C" AND b.sufixo < (left(crm_sem_acento($1), 40) || chr(1114111)) COLLATE "C"`,
          ["justa"],
        );
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      },
    );
    expect(plano).toContain("empresas_busca_sufixo_idx");
    expect(plano).toMatch(/Index Cond: \(\(sufixo >=/);
  });
});

import { intervaloDoPeriodo } from "@crm/domain/period";
import type { TPaginaLeads } from "@crm/domain/schemas/leads";
import { beforeAll, describe, expect, it } from "vitest";
import { type TNavegador, useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { TELEFONE_RARO } from "./list-leads.js";
import { contagensLembradas, lembrarContagens } from "./search-counts.js";

// A /leads page of a phone search takes one of two ways by how many suffixes match (list-leads.ts paginaPorTelefone):
// a rare fragment's matches are read and sorted, a common one's (TELEFONE_RARO suffixes or more) by walking the order.
// Either must give exactly the page SQL gives over the raw rows: every lead whose phone contains the digits.

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const COMUNS = TELEFONE_RARO + 200;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  // company A: COMUNS leads whose phone has '4242' (5511942420000 + g), 40 with '8181' (5521981810000 + g), 300 with
  // neither; days and seconds spread so that the period matters, with ties on created_at; a third assigned to A's
  // consultant, statuses alternating. Company B has the same phones: never found from A.
  for (const e of [a, b])
    await t.dono.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, status_lead, origem_lead,
         consultor_atribuido_id, valor_contrato, created_at)
       SELECT $1, 'Lead ' || g, f, f, CASE WHEN g % 2 = 0 THEN 'Novo Lead' ELSE 'Em Atendimento' END, 'Manual',
              CASE WHEN g % 3 = 0 THEN $2::uuid END, (g % 97) * 10,
              date_trunc('second', now()) - (g % 90) * interval '1 day' - (g % 7) * interval '1 second'
         FROM generate_series(1, $3::int + 340) g
        CROSS JOIN LATERAL (SELECT CASE WHEN g <= $3 THEN '5511942420000'::numeric + g
                                        WHEN g <= $3 + 40 THEN '5521981810000'::numeric + g
                                        ELSE '5531970000000'::numeric + g * 7 END::text AS f) x`,
      [e.empresa.id, e.consultor.id, COMUNS],
    );
});

/** The ids SQL gives over the raw rows: phones containing `digitos`, filtered and sorted as the API is asked. */
async function esperado(o: {
  digitos: string;
  ordem: string;
  periodo?: boolean;
  status?: string;
  limite: number;
  pular: number;
}): Promise<string[]> {
  const trinta = intervaloDoPeriodo("last30days", new Date());
  if (!trinta) throw new Error("sem intervalo");
  const { rows } = await t.dono.query(
    `SELECT l.id FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND strpos(l.telefone_normalizado, $2) > 0
        AND ($3::timestamptz IS NULL OR (l.created_at >= $3 AND l.created_at < $7))
        AND ($4::text IS NULL OR l.status_lead = $4)
      ORDER BY ${o.ordem} LIMIT $5 OFFSET $6`,
    [a.empresa.id, o.digitos, o.periodo ? trinta.inicio : null, o.status ?? null, o.limite, o.pular, trinta.fim],
  );
  return rows.map((r) => r.id as string);
}

async function pagina(nav: TNavegador, qs: string): Promise<TPaginaLeads> {
  const res = await nav.req({ url: `/api/leads?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPaginaLeads;
}

describe("a phone search's /leads pages, common and rare fragments (decision 1501)", () => {
  it("the data has both kinds: '4242' reaches the walk, '8181' stays below it", async () => {
    const n = async (d: string) =>
      (
        await t.dono.query(
          "SELECT count(*)::int AS n FROM leads_telefone_busca WHERE id_empresa_fk = $1 AND sufixo >= $2 AND sufixo < $2 || 'z'",
          [a.empresa.id, d],
        )
      ).rows[0].n;
    expect(await n("4242")).toBeGreaterThanOrEqual(TELEFONE_RARO);
    expect(await n("8181")).toBeLessThan(TELEFONE_RARO);
  });

  const casos: { nome: string; qs: string; ordem: string; periodo?: boolean; status?: string }[] = [
    { nome: "newest first, Total", qs: "periodo=all", ordem: "l.created_at DESC, l.id ASC" },
    { nome: "newest first, last 30 days", qs: "periodo=last30days", ordem: "l.created_at DESC, l.id ASC", periodo: true },
    { nome: "oldest first", qs: "periodo=all&ordem=created_at&direcao=asc", ordem: "l.created_at ASC, l.id DESC" },
    { nome: "by value", qs: "periodo=all&ordem=valor_contrato&direcao=desc", ordem: "l.valor_contrato DESC, l.id DESC" },
    {
      nome: "one status",
      qs: "periodo=all&status=Novo%20Lead",
      ordem: "l.created_at DESC, l.id ASC",
      status: "Novo Lead",
    },
  ];
  for (const digitos of ["4242", "8181", "1942420", "98181"])
    for (const c of casos)
      it(`'${digitos}', ${c.nome}: pages 1 and 2, and a deep page, as SQL gives them`, async () => {
        for (const [tamanho, numero] of [
          [25, 1],
          [25, 2],
          [100, 3],
        ]) {
          const p = await pagina(a.navegadores.admin, `${c.qs}&busca=${digitos}&tamanho=${tamanho}&pagina=${numero}`);
          const sql = await esperado({ digitos, ...c, limite: tamanho + 1, pular: (numero - 1) * tamanho });
          expect(
            p.itens.map((l) => l.id),
            `${digitos} ${c.qs} page ${numero}`,
          ).toEqual(sql.slice(0, tamanho));
          expect(p.temMais).toBe(sql.length > tamanho);
        }
      });

  it("remembers each fragment's count, and a count gone stale still gives the page SQL gives (it only picks the way)", async () => {
    await pagina(a.navegadores.admin, "periodo=all&busca=4242");
    await pagina(a.navegadores.admin, "periodo=all&busca=8181");
    expect(contagensLembradas(a.empresa.id, "telefone", ["4242", "8181"])).toEqual([TELEFONE_RARO, 40]);
    expect(contagensLembradas(b.empresa.id, "telefone", ["4242"])).toEqual([null]);
    // stale both ways: the common fragment taken for rare, the rare one for common
    lembrarContagens(a.empresa.id, "telefone", ["4242", "8181"], [0, TELEFONE_RARO]);
    for (const digitos of ["4242", "8181"]) {
      const p = await pagina(a.navegadores.admin, `periodo=all&busca=${digitos}&tamanho=25`);
      const sql = await esperado({ digitos, ordem: "l.created_at DESC, l.id ASC", limite: 26, pular: 0 });
      expect(
        p.itens.map((l) => l.id),
        digitos,
      ).toEqual(sql.slice(0, 25));
      expect(Object.keys(p.itens[0])).not.toContain("trechos_n");
    }
  });

  it("a lead whose creation time or phone changes moves in the search's order (the suffixes follow, 0043)", async () => {
    const ultimo = (await esperado({ digitos: "8181", ordem: "l.created_at ASC, l.id DESC", limite: 1, pular: 0 }))[0];
    await t.dono.query("UPDATE leads_juros_check SET created_at = now() + interval '1 minute' WHERE id = $1", [ultimo]);
    let p = await pagina(a.navegadores.admin, "periodo=all&busca=8181&tamanho=25");
    expect(p.itens[0].id).toBe(ultimo);
    // a new phone with the digits, created long ago: found, and last
    const outro = (await esperado({ digitos: "9700", ordem: "l.created_at DESC, l.id ASC", limite: 1, pular: 0 }))[0];
    await t.dono.query(
      "UPDATE leads_juros_check SET telefone_normalizado = '5521981819999', created_at = now() - interval '5 years' WHERE id = $1",
      [outro],
    );
    p = await pagina(a.navegadores.admin, "periodo=all&busca=8181&tamanho=100");
    expect(p.itens.at(-1)?.id).toBe(outro);
    expect(p.itens.map((l) => l.id)).toEqual(
      await esperado({ digitos: "8181", ordem: "l.created_at DESC, l.id ASC", limite: 100, pular: 0 }),
    );
  });

  it("the counters' total is every lead with the digits", async () => {
    for (const digitos of ["4242", "8181"]) {
      const res = await a.navegadores.admin.req({ url: `/api/leads/resumo?periodo=all&busca=${digitos}` });
      expect(res.statusCode, res.body).toBe(200);
      const sql = await esperado({ digitos, ordem: "l.id", limite: 100_000, pular: 0 });
      expect(res.json().total).toBe(sql.length);
      expect(sql.length).toBeGreaterThanOrEqual(digitos === "4242" ? COMUNS : 40);
    }
  });
});

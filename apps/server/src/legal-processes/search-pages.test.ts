import type { TPaginaProcessos } from "@crm/domain/schemas/processes";
import { beforeAll, describe, expect, it } from "vitest";
import { type TNavegador, useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { contagensLembradas, lembrarContagens } from "../leads/list/search-counts.js";
import { PALAVRA_RARA } from "./list-processes.js";

// A /processos page of a search by words takes one of two ways by how many terms its rarest word starts
// (list-processes.ts paginaPorPalavras): a rare word's leads are read and sorted, a common one's (PALAVRA_RARA terms
// or more) by walking the list's order. Either must give exactly the page SQL gives over the raw rows: every process
// whose name has a word starting with each word typed.

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const COMUNS = PALAVRA_RARA + 300;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  // company A: COMUNS leads named 'Silva …', every fifth a process; among them 'Rarissimo' every 40th and 'Maria'
  // every 3rd; 200 other processes without any of the words. Updates, values and conversions spread, with ties.
  // Company B has the same names: never found from A.
  for (const e of [a, b])
    await t.dono.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, email, telefone, telefone_normalizado, status_lead, origem_lead,
         status_juridico_lead, valor_contrato, valor_contrato_fechado, convertido_em, updated_at)
       SELECT $1, n, 'p' || g || '@mail.com', f, f, CASE WHEN g % 5 = 0 OR g > $2 THEN 'Convertido (Ganho)' ELSE 'Em Atendimento' END,
              'Manual', CASE WHEN g % 5 = 0 OR g > $2 THEN
                CASE WHEN g % 2 = 0 THEN 'Em Contato Jurídico' ELSE 'Aguardando Contato Jurídico' END END,
              (g % 97) * 10, CASE WHEN g % 3 = 0 THEN (g % 31) * 10 END,
              date_trunc('second', now()) - (g % 50) * interval '1 day',
              date_trunc('second', now()) - (g % 90) * interval '1 hour' - (g % 7) * interval '1 second'
         FROM generate_series(1, $2::int + 200) g
        CROSS JOIN LATERAL (SELECT CASE WHEN g > $2 THEN 'Outro Nome ' || g
                                        ELSE concat_ws(' ', CASE WHEN g % 3 = 0 THEN 'Maria' END, 'Silva',
                                                       CASE WHEN g % 40 = 0 THEN 'Rarissimo' END, g) END AS n,
                                   ('5511930000000'::numeric + g)::text AS f) x`,
      [e.empresa.id, COMUNS],
    );
});

/** The ids SQL gives over the raw rows: A's processes whose name has a word starting with each of `palavras`. */
async function esperado(o: { palavras: string[]; ordem: string; status?: string; limite: number; pular: number }) {
  const { rows } = await t.dono.query(
    `SELECT l.id FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.status_lead = 'Convertido (Ganho)'
        AND ($2::text IS NULL OR l.status_juridico_lead = $2)
        AND (SELECT bool_and(EXISTS (SELECT 1 FROM regexp_split_to_table(lower(l.nome), ' ') x WHERE starts_with(x, w)))
               FROM unnest($3::text[]) w)
      ORDER BY ${o.ordem} LIMIT $4 OFFSET $5`,
    [a.empresa.id, o.status ?? null, o.palavras, o.limite, o.pular],
  );
  return rows.map((r) => r.id as string);
}

async function pagina(nav: TNavegador, qs: string): Promise<TPaginaProcessos> {
  const res = await nav.req({ url: `/api/processos?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPaginaProcessos;
}

describe("a search's /processos pages, common and rare words (decision 1104)", () => {
  it("the data has both kinds: 'silva' reaches the walk, 'rarissimo' stays below it", async () => {
    const n = async (w: string) =>
      (
        await t.dono.query(
          "SELECT count(*)::int AS n FROM leads_busca WHERE id_empresa_fk = $1 AND termo >= $2 AND termo < $2 || 'z'",
          [a.empresa.id, w],
        )
      ).rows[0].n;
    expect(await n("silva")).toBeGreaterThanOrEqual(PALAVRA_RARA);
    expect(await n("rarissimo")).toBeLessThan(PALAVRA_RARA);
  });

  const casos: { nome: string; qs: string; ordem: string; status?: string }[] = [
    { nome: "last update first", qs: "", ordem: "l.updated_at DESC, l.id DESC" },
    { nome: "by name", qs: "ordem=nome&direcao=asc", ordem: "lower(l.nome) ASC, l.id ASC" },
    {
      nome: "by closed value",
      qs: "ordem=valor_contrato_fechado&direcao=desc",
      ordem: "l.valor_contrato_fechado DESC NULLS LAST, l.id DESC",
    },
    {
      nome: "one legal status",
      qs: `statusJuridico=${encodeURIComponent("Em Contato Jurídico")}`,
      ordem: "l.updated_at DESC, l.id DESC",
      status: "Em Contato Jurídico",
    },
  ];
  const buscas: { texto: string; palavras: string[] }[] = [
    { texto: "Silva", palavras: ["silva"] },
    { texto: "silv", palavras: ["silv"] },
    { texto: "Rarissimo", palavras: ["rarissimo"] },
    { texto: "Maria Silva", palavras: ["maria", "silva"] },
    { texto: "silva rarissimo", palavras: ["silva", "rarissimo"] },
    { texto: "Maria Rarissimo", palavras: ["maria", "rarissimo"] },
    { texto: "Silva S", palavras: ["silva", "s"] }, // two common words: the walk checks both
  ];
  for (const busca of buscas)
    for (const c of casos)
      it(`'${busca.texto}', ${c.nome}: pages 1 and 2, and a deep page, as SQL gives them`, async () => {
        for (const [tamanho, numero] of [
          [25, 1],
          [25, 2],
          [100, 3],
        ]) {
          const p = await pagina(
            a.navegadores.juridico,
            `${c.qs}&busca=${encodeURIComponent(busca.texto)}&tamanho=${tamanho}&pagina=${numero}`,
          );
          const sql = await esperado({ ...c, palavras: busca.palavras, limite: tamanho + 1, pular: (numero - 1) * tamanho });
          expect(
            p.itens.map((l) => l.id),
            `${busca.texto} ${c.qs} page ${numero}`,
          ).toEqual(sql.slice(0, tamanho));
          expect(p.temMais).toBe(sql.length > tamanho);
        }
      });

  it("remembers each word's count, and a count gone stale still gives the page SQL gives (it only picks the way)", async () => {
    await pagina(a.navegadores.juridico, "busca=Silva%20Rarissimo");
    const [silva, rarissimo] = contagensLembradas(a.empresa.id, "palavra", ["silva", "rarissimo"]);
    expect(silva).toBe(PALAVRA_RARA); // counted up to the threshold
    expect(rarissimo).toBeGreaterThan(0);
    expect(rarissimo).toBeLessThan(PALAVRA_RARA);
    // B's counts are its own
    expect(contagensLembradas(b.empresa.id, "palavra", ["silva", "rarissimo"])).toEqual([null, null]);
    // stale both ways: the common word taken for rare (its ~3,300 leads read and sorted), the rare one for common
    lembrarContagens(a.empresa.id, "palavra", ["silva", "rarissimo"], [0, PALAVRA_RARA]);
    for (const busca of buscas) {
      const p = await pagina(a.navegadores.juridico, `busca=${encodeURIComponent(busca.texto)}&tamanho=25`);
      const sql = await esperado({ palavras: busca.palavras, ordem: "l.updated_at DESC, l.id DESC", limite: 26, pular: 0 });
      expect(
        p.itens.map((l) => l.id),
        busca.texto,
      ).toEqual(sql.slice(0, 25));
    }
    // and a remembered count ends: counted again after its validity
    expect(contagensLembradas(a.empresa.id, "palavra", ["silva"], Date.now() + 11 * 60_000)).toEqual([null]);
  });

  it("a process's mask of terms (0044) has every bit of each word its terms start with", async () => {
    const { rows } = await t.dono.query(
      `SELECT count(*)::int AS faltas FROM leads_juros_check l, unnest($2::text[]) w
        WHERE l.id_empresa_fk = $1 AND l.status_lead = 'Convertido (Ganho)'
          AND EXISTS (SELECT 1 FROM leads_busca b WHERE b.id_lead_fk = l.id AND starts_with(b.termo, w))
          AND (l.busca_mascara & leads_mascara_termos(ARRAY[w])) <> leads_mascara_termos(ARRAY[w])`,
      [a.empresa.id, ["s", "si", "sil", "silv", "silva", "maria", "rar", "rarissimo", "outro", "p1", "p12@", "mail"]],
    );
    expect(rows[0].faltas).toBe(0);
  });

  it("a lead converted or a process renamed is found by its words in a walk (its mask follows)", async () => {
    const [convertido, renomeado] = (
      await t.dono.query(
        `SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = $2 AND nome LIKE 'Silva %' ORDER BY id LIMIT 2`,
        [a.empresa.id, "Em Atendimento"],
      )
    ).rows.map((r) => r.id as string);
    await t.dono.query(
      `UPDATE leads_juros_check SET status_lead = 'Convertido (Ganho)', status_juridico_lead = 'Em Contato Jurídico',
              nome = CASE WHEN id = $2 THEN 'Silva Quixotesco' ELSE nome END, updated_at = now() + interval '1 minute'
        WHERE id = ANY ($1)`,
      [[convertido, renomeado], renomeado],
    );
    await t.dono.query("UPDATE leads_juros_check SET nome = 'Silva Quixotesco Segundo' WHERE id = $1", [renomeado]);
    // both words taken for common: the walk, where the mask is read
    lembrarContagens(a.empresa.id, "palavra", ["silva", "quixotesco"], [PALAVRA_RARA, PALAVRA_RARA]);
    expect((await pagina(a.navegadores.juridico, "busca=Silva%20Quixotesco")).itens.map((l) => l.id)).toEqual([renomeado]);
    const silva = (await pagina(a.navegadores.juridico, "busca=Silva")).itens.map((l) => l.id);
    expect(silva.slice(0, 2).sort()).toEqual([convertido, renomeado].sort());
  });

  it("a word no process has, and a text with no word, find nothing", async () => {
    expect((await pagina(a.navegadores.juridico, "busca=Zzzinexistente")).itens).toEqual([]);
    expect((await pagina(a.navegadores.juridico, "busca=Silva%20Zzzinexistente")).itens).toEqual([]);
    expect((await pagina(a.navegadores.juridico, `busca=${encodeURIComponent("?!")}`)).itens).toEqual([]);
  });

  it("the counters' total is every process with the words", async () => {
    for (const busca of buscas) {
      const res = await a.navegadores.juridico.req({ url: `/api/processos/resumo?busca=${encodeURIComponent(busca.texto)}` });
      expect(res.statusCode, res.body).toBe(200);
      const sql = await esperado({ palavras: busca.palavras, ordem: "l.id", limite: 100_000, pular: 0 });
      expect(res.json().total, busca.texto).toBe(sql.length);
    }
  });
});

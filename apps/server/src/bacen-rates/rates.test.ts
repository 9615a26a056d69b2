import { CODIGOS_SERIES } from "@crm/domain/revisional/series";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iniciarSgsFalso, mesesSgs, type TSgsFalso } from "../../../../test-support/fake-sgs.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { esperarFilasOciosas } from "../../test/queues.js";
import type { TConfig } from "../config/config.js";
import { atualizarTaxasBacen } from "./refresh.js";

const over: Partial<TConfig> = {};
let sgs: TSgsFalso;
beforeAll(async () => {
  sgs = await iniciarSgsFalso();
  over.bacenSgsUrl = sgs.url;
});
afterAll(() => sgs?.fechar());
const t = useTestApp(over);
let a: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
});

const rapido = { esperaMs: 1, timeoutMs: 2000 };
const taxa = async (codigo: number, competencia: string) =>
  (
    await t.dono.query("SELECT taxa::float8 AS t, origem FROM taxas_bacen WHERE codigo_serie = $1 AND competencia = $2", [
      codigo,
      competencia,
    ])
  ).rows[0];

describe("BACEN rates from SGS", () => {
  it("reads every series since 2011 in windows of at most 10 years and stores each month once", async () => {
    // each series at its own level, in its own unit: imobiliário's 20772 in % a.a.
    const nivel = (c: number) => (c === 25464 ? 5 : c === 20772 ? 11.2 : 1.9);
    for (const c of CODIGOS_SERIES)
      sgs.series.set(
        c,
        mesesSgs("2011-03", 189, (k) => nivel(c) + (k % 7) / 100),
      );
    expect(CODIGOS_SERIES).toContain(20772);
    sgs.pedidos.length = 0;
    const r = await atualizarTaxasBacen(t.deps, { hoje: "2026-11-24", sgs: rapido });
    expect(r.every((s) => s.ok && s.gravados === 189)).toBe(true);
    // 2011-03-01..2021-02-28 and 2021-03-01..2026-11-24: two windows per series, none refused
    expect(sgs.pedidos).toHaveLength(2 * CODIGOS_SERIES.length);
    expect(sgs.pedidos[0].consulta.get("dataInicial")).toBe("01/03/2011");
    expect(sgs.pedidos[0].consulta.get("dataFinal")).toBe("28/02/2021");
    expect(await taxa(25471, "2026-11-01")).toEqual({ t: 1.9 + (188 % 7) / 100, origem: "sgs" });
    // 20772 was read in the same two windows and stored as SGS publishes it, in % a.a.
    const imob = sgs.pedidos.filter((p) => p.caminho.includes("bcdata.sgs.20772/"));
    expect(imob.map((p) => [p.consulta.get("dataInicial"), p.consulta.get("dataFinal")])).toEqual([
      ["01/03/2011", "28/02/2021"],
      ["01/03/2021", "24/11/2026"],
    ]);
    expect(await taxa(20772, "2026-11-01")).toEqual({ t: 11.2 + (188 % 7) / 100, origem: "sgs" });
    expect(await taxa(20772, "2011-03-01")).toEqual({ t: 11.2, origem: "sgs" });
    const { rows } = await t.dono.query("SELECT count(*)::int AS n FROM taxas_bacen");
    expect(rows[0].n).toBe(189 * CODIGOS_SERIES.length);
  });

  it("a later refresh reads only the recent months again and stores a revision", async () => {
    const serie = sgs.series.get(25471) ?? [];
    serie[serie.length - 2] = { ...serie[serie.length - 2], valor: "2.05" };
    sgs.pedidos.length = 0;
    const r = await atualizarTaxasBacen(t.deps, { hoje: "2026-11-24", sgs: rapido });
    expect(sgs.pedidos[0].consulta.get("dataInicial")).toBe("01/08/2026");
    expect(r.find((s) => s.codigo === 25471)?.gravados).toBe(1);
    expect((await taxa(25471, "2026-10-01")).t).toBe(2.05);
  });

  it("retries 429, 5xx and the firewall's HTML page, then succeeds", async () => {
    sgs.falhas.push(
      { status: 429, json: {} },
      { status: 503, corpo: "indisponível" },
      { status: 200, corpo: "<html>Request Rejected</html>", tipo: "text/html" },
    );
    const r = await atualizarTaxasBacen(t.deps, { hoje: "2026-11-24", sgs: rapido });
    expect(r.every((s) => s.ok)).toBe(true);
    expect(sgs.falhas).toHaveLength(0);
  });

  it("a value outside the series' plausible range (a wrong series) is refused and logged, nothing stored", async () => {
    const antes = await taxa(25468, "2026-11-01");
    const serie = sgs.series.get(25468) ?? [];
    serie[serie.length - 1] = { ...serie[serie.length - 1], valor: "45.00" };
    await expect(atualizarTaxasBacen(t.deps, { hoje: "2026-11-24", sgs: rapido })).rejects.toThrow(/fora da faixa plausível/);
    expect(await taxa(25468, "2026-11-01")).toEqual(antes);
    const { rows } = await t.dono.query(
      "SELECT resultado, mensagem FROM taxas_bacen_atualizacoes WHERE codigo_serie = 25468 ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0].resultado).toBe("erro");
    expect(rows[0].mensagem).toContain("confira o código da série");
    serie[serie.length - 1] = { ...serie[serie.length - 1], valor: "1.80" };
  });

  it("imobiliário's range is checked in % a.a.: a monthly-looking value there is refused and logged, nothing stored", async () => {
    const antes = await taxa(20772, "2026-11-01");
    const serie = sgs.series.get(20772) ?? [];
    const certo = serie[serie.length - 1].valor;
    serie[serie.length - 1] = { ...serie[serie.length - 1], valor: "0.94" };
    await expect(atualizarTaxasBacen(t.deps, { hoje: "2026-11-24", sgs: rapido })).rejects.toThrow(
      "A série 20772 trouxe 0.94% a.a. em 01/11/2026, fora da faixa plausível (4–30% a.a.): confira o código da série.",
    );
    expect(await taxa(20772, "2026-11-01")).toEqual(antes);
    const { rows } = await t.dono.query(
      "SELECT resultado FROM taxas_bacen_atualizacoes WHERE codigo_serie = 20772 ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0].resultado).toBe("erro");
    serie[serie.length - 1] = { ...serie[serie.length - 1], valor: certo };
  });

  it("a refused 10-year window is an error named in pt-BR, not a crash", async () => {
    const { lerSerieSgs } = await import("./sgs-client.js");
    // the client never asks for more than 10 years; a server with a shorter window refuses and says so
    sgs.falhas.push({ status: 406, json: { error: "janela de consulta" } });
    await expect(lerSerieSgs(25471, "2020-01-01", "2020-12-31", { baseUrl: sgs.url, ...rapido })).rejects.toThrow(
      "O SGS recusou a janela de 01/01/2020 a 31/12/2020 (HTTP 406).",
    );
  });

  it("gives up after its tries, saying in pt-BR what the last one met; the next read starts afresh", async () => {
    const { lerSerieSgs } = await import("./sgs-client.js");
    sgs.falhas.push({ status: 503, corpo: "indisponível" }, { status: 429, json: {} }, { status: 502, corpo: "gateway" });
    await expect(lerSerieSgs(25471, "2020-01-01", "2020-12-31", { baseUrl: sgs.url, ...rapido, tentativas: 3 })).rejects.toThrow(
      "Não foi possível ler a série 25471 do SGS: SGS respondeu 502.",
    );
    expect(sgs.falhas).toHaveLength(0);
    await expect(lerSerieSgs(25471, "2020-01-01", "2020-12-31", { baseUrl: sgs.url, ...rapido, tentativas: 3 })).resolves.toEqual(
      expect.any(Array),
    );
  });
});

describe("/api/taxas-bacen", () => {
  it("only the platform admin reads, refreshes and imports", async () => {
    for (const papel of ["admin", "consultor", "juridico"] as const) {
      const nav = a.navegadores[papel];
      expect((await nav.req({ url: "/api/taxas-bacen" })).statusCode).toBe(403);
      expect((await nav.req({ method: "POST", url: "/api/taxas-bacen/atualizar" })).statusCode).toBe(403);
    }
  });

  it("shows each series with its months, last value and last refresh", async () => {
    const r = await a.navegadores.plataforma.req({ url: "/api/taxas-bacen" });
    expect(r.statusCode).toBe(200);
    const veiculos = r.json().series.find((s: { codigo: number }) => s.codigo === 25471);
    expect(veiculos).toMatchObject({ meses: 189, ultimaCompetencia: "2026-11-01", modalidade: "financiamento_veiculo" });
    expect(veiculos.ultimaAtualizacao.resultado).toBe("ok");
    expect(r.json().tetosInss.length).toBeGreaterThan(5);
    // imobiliário: its own unit, no '% a.a.' companion (it is one), its range in % a.a.
    expect(r.json().series.find((s: { codigo: number }) => s.codigo === 20772)).toMatchObject({
      modalidade: "imobiliario",
      unidade: "% a.a.",
      codigoAnual: null,
      faixaPlausivel: [4, 30],
      ultimaTaxa: 11.2 + (188 % 7) / 100,
    });
    expect(veiculos).toMatchObject({ unidade: "% a.m.", codigoAnual: 20749 });
    const meses = await a.navegadores.plataforma.req({ url: "/api/taxas-bacen/20772/valores" });
    expect(meses.json().valores[0]).toMatchObject({ competencia: "2026-11-01", taxa: 11.2 + (188 % 7) / 100, origem: "sgs" });
  });

  it("imports the SGS's own CSV export; a bad file is refused whole with its lines", async () => {
    const plat = a.navegadores.plataforma;
    const ok = await plat.req({
      method: "POST",
      url: "/api/taxas-bacen/importacao",
      payload: { codigo: 25464, csv: '"data";"valor"\n"01/12/2026";"4,31"\n' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ importados: 1 });
    expect(await taxa(25464, "2026-12-01")).toEqual({ t: 4.31, origem: "csv" });

    const ruim = await plat.req({
      method: "POST",
      url: "/api/taxas-bacen/importacao",
      payload: { codigo: 25464, csv: "data;valor\n01/01/2027;4,1\n01/02/2027;99\n" },
    });
    expect(ruim.statusCode).toBe(422);
    expect(ruim.json().erros).toEqual(["Linha 3: valor '99' fora da faixa plausível da série 25464 (1,5–10% a.m.)."]);
    expect(await taxa(25464, "2027-01-01")).toBeUndefined();

    // imobiliário's 20772 in % a.a., as published; its range is in % a.a.
    const imob = await plat.req({
      method: "POST",
      url: "/api/taxas-bacen/importacao",
      payload: { codigo: 20772, csv: '"data";"valor"\n"01/12/2026";"12,68"\n' },
    });
    expect(imob.json()).toEqual({ importados: 1 });
    expect(await taxa(20772, "2026-12-01")).toEqual({ t: 12.68, origem: "csv" });
    const imobRuim = await plat.req({
      method: "POST",
      url: "/api/taxas-bacen/importacao",
      payload: { codigo: 20772, csv: '"data";"valor"\n"01/01/2027";"1,05"\n' },
    });
    expect(imobRuim.statusCode).toBe(422);
    expect(imobRuim.json().erros).toEqual(["Linha 2: valor '1,05' fora da faixa plausível da série 20772 (4–30% a.a.)."]);
    expect(await taxa(20772, "2027-01-01")).toBeUndefined();
  });

  it("the refresh button queues one job that the worker runs, logged with who asked", async () => {
    const r = await a.navegadores.plataforma.req({ method: "POST", url: "/api/taxas-bacen/atualizar" });
    expect(r.statusCode).toBe(202);
    await esperarFilasOciosas(t.dono, { filas: ["bacen.taxas"] });
    const { rows } = await t.dono.query(
      "SELECT count(*)::int AS n FROM taxas_bacen_atualizacoes WHERE id_usuario_fk = $1 AND resultado = 'ok' AND origem = 'sgs'",
      [a.usuarios.plataforma.id],
    );
    expect(rows[0].n).toBe(CODIGOS_SERIES.length);
  });
});

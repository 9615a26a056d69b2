import { isoDiaSP } from "@crm/domain/period";
import { CODIGOS_SERIES, INICIO_SERIES } from "@crm/domain/revisional/series";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { CHAVE_RECALCULO_REVISIONAL, FILA_RECALCULO_REVISIONAL } from "../jobs/queues.js";
import { ErroSgs, lerSerieSgs, type TOpcoesSgs } from "./sgs-client.js";
import { gravarValores, registrarAtualizacao, ultimaCompetenciaReal } from "./store.js";

/** Public data of the Central Bank, the same for every company: no tenant to scope the writes to. */
const MOTIVO = "taxas BACEN: dados públicos, sem empresa";
/** Months read again before the last one stored: the Central Bank revises recent months. */
const MESES_REVISADOS = 3;

export type TResultadoSerie = { codigo: number; ok: boolean; gravados: number; mensagem: string | null };

/**
 * Reads every series from SGS from a few months before its last real month (or from the series' start) to today
 * and stores what changed; each series' outcome is logged (taxas_bacen_atualizacoes). Throws after trying them all
 * when one failed, so that the job is retried later; what was read is kept.
 */
export async function atualizarTaxasBacen(
  deps: TDeps,
  o: { hoje?: string; usuarioId?: string | null; sgs?: Partial<TOpcoesSgs> } = {},
): Promise<TResultadoSerie[]> {
  const hoje = o.hoje ?? isoDiaSP(relogio.agora());
  const resultados: TResultadoSerie[] = [];
  for (const codigo of CODIGOS_SERIES) {
    const ultima = await unsafeWithSystem(deps.db.app, MOTIVO, (tx) => ultimaCompetenciaReal(tx, codigo));
    const inicio = ultima ? mesesAntes(ultima, MESES_REVISADOS) : INICIO_SERIES;
    let r: TResultadoSerie;
    try {
      const valores = await lerSerieSgs(codigo, inicio, hoje, { baseUrl: deps.config.bacenSgsUrl, ...o.sgs });
      const gravados = await unsafeWithSystem(deps.db.app, MOTIVO, async (tx) => {
        const n = await gravarValores(tx, valores, "sgs");
        await registrarAtualizacao(tx, {
          codigo,
          origem: "sgs",
          ok: true,
          mensagem: null,
          valores: n,
          usuarioId: o.usuarioId ?? null,
        });
        return n;
      });
      r = { codigo, ok: true, gravados, mensagem: null };
    } catch (e) {
      if (!(e instanceof ErroSgs)) throw e;
      await unsafeWithSystem(deps.db.app, MOTIVO, (tx) =>
        registrarAtualizacao(tx, {
          codigo,
          origem: "sgs",
          ok: false,
          mensagem: e.message,
          valores: 0,
          usuarioId: o.usuarioId ?? null,
        }),
      );
      r = { codigo, ok: false, gravados: 0, mensagem: e.message };
    }
    resultados.push(r);
  }
  // the leads' stored pre-analysis follows the new rates (revisional/ works the job)
  if (resultados.some((r) => r.gravados > 0))
    await deps.jobs.enviar(FILA_RECALCULO_REVISIONAL, {}, { chave: CHAVE_RECALCULO_REVISIONAL });
  const falhas = resultados.filter((r) => !r.ok);
  if (falhas.length) throw new ErroSgs(falhas.map((f) => f.mensagem).join(" "));
  return resultados;
}

function mesesAntes(competencia: string, meses: number): string {
  const [a, m] = competencia.split("-").map(Number);
  const d = new Date(Date.UTC(a, m - 1 - meses, 1)).toISOString().slice(0, 10);
  // ISO dates compare as text
  if (d < INICIO_SERIES) return INICIO_SERIES;
  return d;
}

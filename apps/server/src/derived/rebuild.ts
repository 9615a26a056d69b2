import type pg from "pg";
import { unsafeWithSystem } from "../db/tenant.js";
import { DERIVADOS } from "./registry.js";
import { SQL_ENFILEIRAR_REVISIONAL, sqlApagarZeros, sqlComparar, sqlReparar } from "./statements.js";
import type { TDerivado } from "./types.js";

const MOTIVO = "reconstruir-derivados";

/** What one item's rebuild did for one company. */
export type TReparo = {
  nome: string;
  empresaId: string;
  /** `soma`: keys whose measures were corrected; `conjunto`/`coluna`: rows inserted, deleted, updated; `fila`: rows queued */
  corrigidas: number;
  inseridas: number;
  apagadas: number;
  atualizadas: number;
  enfileiradas: number;
  /** `soma`: rows whose measures were all zero, removed (not a correction: the triggers leave them) */
  zeradas: number;
};

/**
 * A deadlock victim, a serialization failure, or a search row whose lead was deleted meanwhile (foreign key): the
 * item's transaction was rolled back whole and computes everything again from its own snapshot, so it runs again.
 */
const REPETIR = new Set(["40P01", "40001", "23503"]);

async function repetindo<T>(fn: () => Promise<T>, tentativas = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= tentativas || !REPETIR.has((e as { code?: string }).code ?? "")) throw e;
    }
  }
}

/**
 * Rebuilds one item for one company, in its own transaction, safe while the product serves (decision 1722): the
 * repair is computed and applied in one statement from one snapshot, as increments or compare-and-set, so what
 * writers do meanwhile stays theirs. `pool`: the owner's (or any login that may write the item's table).
 */
export async function reconstruirItem(pool: pg.Pool, d: TDerivado, empresaId: string): Promise<TReparo> {
  const r: TReparo = {
    nome: d.nome,
    empresaId,
    corrigidas: 0,
    inseridas: 0,
    apagadas: 0,
    atualizadas: 0,
    enfileiradas: 0,
    zeradas: 0,
  };
  return repetindo(() =>
    unsafeWithSystem(pool, MOTIVO, async (tx) => {
      if (d.tipo === "fila") {
        const { rowCount } = await tx.query(SQL_ENFILEIRAR_REVISIONAL, [empresaId]);
        return { ...r, enfileiradas: rowCount ?? 0 };
      }
      // the definition and the item's rows are joined whole (a million search words for a 200k-lead company):
      // sorted and hashed in memory rather than spilled to disk, for this transaction only
      await tx.query("SET LOCAL work_mem = '256MB'");
      if (d.tipo === "conjunto" && d.chave.includes("id_lead_fk")) {
        // rows derived from one lead: the leads whose rows differ are locked first (in id order, as writers lock them,
        // decision 1731), so none can change between the repair's snapshot and its commit — else a word of a name
        // renamed meanwhile would be inserted again and stay, stale
        await tx.query(
          `SELECT 1 FROM leads_juros_check l
            WHERE l.id_empresa_fk = $1 AND l.id IN (SELECT id_lead_fk FROM (${sqlComparar(d)}) c)
            ORDER BY l.id FOR SHARE`,
          [empresaId],
        );
      }
      const { rows } = await tx.query(sqlReparar(d), [empresaId]);
      if (d.tipo !== "soma") return { ...r, ...rows[0] };
      const zeradas = d.manterZeros ? 0 : ((await tx.query(sqlApagarZeros(d), [empresaId])).rowCount ?? 0);
      return { ...r, corrigidas: rows[0].corrigidas, zeradas };
    }),
  );
}

export type TOpcoesReconstrucao = {
  /** one company; every company when absent */
  empresaId?: string;
  /** one item by name; every item with a SQL definition when absent (a `fila` item runs only when named) */
  somente?: string;
  /** called after each item of each company */
  aoReparar?: (r: TReparo) => void;
};

/** The items a rebuild runs, in the registry's order (feeders first). */
export function itensAReconstruir(somente?: string): TDerivado[] {
  if (!somente) return DERIVADOS.filter((d) => d.tipo !== "fila");
  const d = DERIVADOS.find((x) => x.nome === somente);
  if (!d) throw new Error(`Item derivado desconhecido: ${somente}. Itens: ${DERIVADOS.map((x) => x.nome).join(", ")}`);
  return [d];
}

/** Rebuilds the chosen items of the chosen companies, item by item, each in its own transaction. */
export async function reconstruirDerivados(pool: pg.Pool, opcoes: TOpcoesReconstrucao = {}): Promise<TReparo[]> {
  const itens = itensAReconstruir(opcoes.somente);
  const empresas = opcoes.empresaId
    ? [opcoes.empresaId]
    : (await unsafeWithSystem(pool, MOTIVO, (tx) => tx.query<{ id: string }>("SELECT id FROM empresas ORDER BY id"))).rows.map(
        (e) => e.id,
      );
  const feitos: TReparo[] = [];
  for (const empresaId of empresas)
    for (const d of itens) {
      const r = await reconstruirItem(pool, d, empresaId);
      feitos.push(r);
      opcoes.aoReparar?.(r);
    }
  return feitos;
}

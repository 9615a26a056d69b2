import type { FastifyBaseLogger } from "fastify";
import type { TDb } from "../db/pool.js";
import { unsafeWithSystem } from "../db/tenant.js";

/** One use of a key, as the audit trail counts it (decision 1819). */
export type TUsoDeChave = {
  empresaId: string;
  chaveId: string;
  metodo: string;
  rota: string;
  status: number;
  ip: string;
  em: Date;
};

type TContagem = { uso: TUsoDeChave; vezes: number; primeiro: Date; ultimo: Date };

/** Uses kept in memory at most this long before they are written: a crash loses at most this much counting. */
const INTERVALO_MS = 10_000;
/** More distinct groups than this (a scan over many routes and addresses) are written at once. */
const MAXIMO_DE_GRUPOS = 2_000;
/** A database away for long: past this many groups the oldest are dropped, and the log says how many uses were. */
const TETO_DE_GRUPOS = 50_000;

/**
 * Every use of an API key reaches the audit trail (decision 1819), counted rather than one row per request: the uses of
 * a key by one address, on one route with one answer, within one interval are one intake row (`api.chave_usada`) with
 * how many times, the first and the last. A busy integration's thousand reads a minute are a handful of rows, and the
 * request itself never waits on that write. Writes by a key are besides in the change log one by one, with the key as
 * their author (decision 1811). Forged keys are refused before any lookup (decision 1813) and are not written.
 */
export function criarRegistroDeUsos(db: Pick<TDb, "app">, log?: FastifyBaseLogger) {
  let grupos = new Map<string, TContagem>();
  let timer: NodeJS.Timeout | null = null;
  let escrevendo: Promise<void> = Promise.resolve();

  const agendar = () => {
    if (timer) return;
    timer = setTimeout(() => void descarregar(), INTERVALO_MS);
    timer.unref();
  };

  function registrar(uso: TUsoDeChave) {
    const chave = [uso.empresaId, uso.chaveId, uso.metodo, uso.rota, uso.status, uso.ip].join("|");
    const g = grupos.get(chave);
    if (g) {
      g.vezes += 1;
      g.ultimo = uso.em;
    } else grupos.set(chave, { uso, vezes: 1, primeiro: uso.em, ultimo: uso.em });
    if (grupos.size >= MAXIMO_DE_GRUPOS) void descarregar();
    else agendar();
  }

  /** Writes what was counted so far; what could not be written is counted again with the next uses. */
  function descarregar(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    escrevendo = escrevendo.then(async () => {
      if (grupos.size === 0) return;
      const lote = [...grupos.values()];
      grupos = new Map();
      try {
        await unsafeWithSystem(db.app, "auditoria-usos-de-chave", (tx) =>
          tx.query(
            `INSERT INTO auditoria (id_empresa_fk, id_usuario_fk, acao, entidade, entidade_id, dados, ip_address)
             SELECT u.empresa, NULL, 'api.chave_usada', 'chaves_api', u.chave::text,
                    jsonb_build_object('metodo', u.metodo, 'rota', u.rota, 'status', u.status, 'vezes', u.vezes,
                                       'primeiro', u.primeiro, 'ultimo', u.ultimo),
                    u.ip::inet
               FROM jsonb_to_recordset($1::jsonb) AS u (empresa uuid, chave uuid, metodo text, rota text, status int,
                                                         ip text, vezes int, primeiro timestamptz, ultimo timestamptz)`,
            [
              JSON.stringify(
                lote.map((g) => ({
                  empresa: g.uso.empresaId,
                  chave: g.uso.chaveId,
                  metodo: g.uso.metodo,
                  rota: g.uso.rota,
                  status: g.uso.status,
                  ip: g.uso.ip,
                  vezes: g.vezes,
                  primeiro: g.primeiro.toISOString(),
                  ultimo: g.ultimo.toISOString(),
                })),
              ),
            ],
          ),
        );
      } catch (err) {
        // counted again with the next uses, and written with them once the database answers
        for (const g of lote) {
          const k = [g.uso.empresaId, g.uso.chaveId, g.uso.metodo, g.uso.rota, g.uso.status, g.uso.ip].join("|");
          const atual = grupos.get(k);
          if (atual) {
            atual.vezes += g.vezes;
            atual.primeiro = g.primeiro;
          } else grupos.set(k, g);
        }
        let perdidos = 0;
        for (const [k, g] of grupos) {
          if (grupos.size <= TETO_DE_GRUPOS) break;
          perdidos += g.vezes;
          grupos.delete(k);
        }
        log?.warn({ err, grupos: grupos.size, perdidos }, "usos de chaves da API não gravados na auditoria; nova tentativa");
        agendar();
      }
    });
    return escrevendo;
  }

  return { registrar, descarregar };
}

export type TRegistroDeUsos = ReturnType<typeof criarRegistroDeUsos>;

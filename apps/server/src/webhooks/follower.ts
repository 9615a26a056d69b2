import { planosComRecurso } from "@crm/domain/plan-limits";
import { eventosDaMudanca } from "@crm/domain/webhooks";
import type pg from "pg";
import { lerMudancas } from "../change-log/follow.js";
import type { TDevida, TReservaLocal } from "./dispatcher.js";
import { chaveDoEvento, corpoDoEvento } from "./payload.js";

/** The change log's reader that feeds the webhooks (its position in mudancas_leitores). */
const LEITOR_WEBHOOKS = "webhooks";
const LOTE = 1_000;

/** The `webhook-id` of one event for one endpoint: fixed by the log row, the event's place in it and the endpoint. */
const idMensagem = (mudancaId: string, n: number, endpointId: string) =>
  `msg_${chaveDoEvento(mudancaId, n)}_${endpointId.replaceAll("-", "")}`;

type TEndpointAlvo = {
  id: string;
  id_empresa_fk: string;
  tipos_evento: string[] | null;
  url: string;
  segredo_cifrado: string;
  segredo_anterior_cifrado: string | null;
};

/**
 * Reads the change log's next rows (in order, never skipping a late commit: decision 1701) and writes one delivery
 * per event and subscribed endpoint of companies whose plan has webhooks, in the same transaction as the reader's
 * position (decision 1803): a delivery exists if and only if the position moved past its row, so every event is
 * delivered once per endpoint even across a crash. With `reserva`, up to `reserva.max` of the new deliveries are
 * written already leased to this instance's sender (decision 1950), which sends them once this transaction commits,
 * without claiming them; the rest wait to be claimed. Returns how many log rows were read and the leased deliveries
 * (handed over only after the commit: a rolled-back read leases nothing).
 */
export async function gerarEntregas(
  pool: pg.Pool,
  lote = LOTE,
  reserva?: TReservaLocal,
): Promise<{ lidas: number; reservadas: TDevida[] }> {
  let reservadas: TDevida[] = [];
  const lidas = await lerMudancas(pool, LEITOR_WEBHOOKS, lote, async (tx, linhas) => {
    reservadas = [];
    const eventos = linhas.flatMap((l) => eventosDaMudanca(l).map((tipo, n) => ({ l, tipo, n })));
    if (!eventos.length) return;
    const { rows: endpoints } = await tx.query<TEndpointAlvo>(
      `SELECT e.id, e.id_empresa_fk, e.tipos_evento, e.url, e.segredo_cifrado,
              CASE WHEN e.segredo_anterior_ate > $3 THEN e.segredo_anterior_cifrado END AS segredo_anterior_cifrado
         FROM webhook_endpoints e JOIN empresas c ON c.id = e.id_empresa_fk
        WHERE e.ativo AND e.id_empresa_fk = ANY ($1::uuid[]) AND c.plano_assinatura = ANY ($2::text[])`,
      [[...new Set(eventos.map((e) => e.l.id_empresa_fk))], planosComRecurso("webhooks"), reserva?.agora ?? new Date()],
    );
    if (!endpoints.length) return;
    const porEmpresa = new Map<string, TEndpointAlvo[]>();
    for (const e of endpoints) porEmpresa.set(e.id_empresa_fk, [...(porEmpresa.get(e.id_empresa_fk) ?? []), e]);
    const entregas = eventos.flatMap(({ l, tipo, n }) =>
      (porEmpresa.get(l.id_empresa_fk) ?? [])
        .filter((ep) => !ep.tipos_evento || ep.tipos_evento.includes(tipo))
        .map((ep) => ({
          ep,
          empresa: l.id_empresa_fk,
          endpoint: ep.id,
          mensagem: idMensagem(l.id, n, ep.id),
          mudanca: l.id,
          tipo,
          corpo: corpoDoEvento(l, tipo),
        })),
    );
    if (!entregas.length) return;
    const max = Math.min(reserva?.max ?? 0, entregas.length);
    // the first `max` (in the log's order) leased to this sender; a re-read after a crash inserts nothing twice and
    // leases nothing (ON CONFLICT: those rows are already waiting, and are claimed as any other)
    const { rows } = await tx.query<{ id: string; id_endpoint_fk: string; id_mensagem: string; reservada: boolean }>(
      `INSERT INTO webhook_entregas (id_empresa_fk, id_endpoint_fk, id_mensagem, id_mudanca, tipo, corpo, reservada_ate)
       SELECT x.empresa, x.endpoint, x.mensagem, x.mudanca, x.tipo, x.corpo,
              CASE WHEN x.n <= $2 THEN $3::timestamptz + make_interval(secs => $4) END
         FROM jsonb_to_recordset($1::jsonb) AS x (n int, empresa uuid, endpoint uuid, mensagem text, mudanca bigint, tipo text, corpo text)
       ON CONFLICT (id_empresa_fk, id_endpoint_fk, id_mensagem) DO NOTHING
       RETURNING id, id_endpoint_fk, id_mensagem, reservada_ate IS NOT NULL AS reservada`,
      [
        JSON.stringify(entregas.map(({ ep: _, ...e }, i) => ({ n: i + 1, ...e }))),
        max,
        reserva?.agora ?? new Date(),
        reserva?.segundos ?? 0,
      ],
    );
    if (!max) return;
    const novas = new Map(entregas.slice(0, max).map((e) => [`${e.endpoint}|${e.mensagem}`, e]));
    for (const r of rows) {
      const e = r.reservada ? novas.get(`${r.id_endpoint_fk}|${r.id_mensagem}`) : undefined;
      if (!e) continue;
      reservadas.push({
        id: r.id,
        id_empresa_fk: e.empresa,
        id_endpoint_fk: e.endpoint,
        id_mensagem: e.mensagem,
        corpo: e.corpo,
        tentativas: 0,
        url: e.ep.url,
        ativo: true,
        segredo_cifrado: e.ep.segredo_cifrado,
        segredo_anterior_cifrado: e.ep.segredo_anterior_cifrado,
      });
    }
  });
  return { lidas, reservadas };
}

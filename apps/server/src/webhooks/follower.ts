import { planosComRecurso } from "@crm/domain/plan-limits";
import { eventosDaMudanca } from "@crm/domain/webhooks";
import type pg from "pg";
import { lerMudancas } from "../change-log/follow.js";
import { chaveDoEvento, corpoDoEvento } from "./payload.js";

/** The change log's reader that feeds the webhooks (its position in mudancas_leitores). */
const LEITOR_WEBHOOKS = "webhooks";
const LOTE = 1_000;

/** The `webhook-id` of one event for one endpoint: fixed by the log row, the event's place in it and the endpoint. */
const idMensagem = (mudancaId: string, n: number, endpointId: string) =>
  `msg_${chaveDoEvento(mudancaId, n)}_${endpointId.replaceAll("-", "")}`;

type TEndpointAlvo = { id: string; id_empresa_fk: string; tipos_evento: string[] | null };

/**
 * Reads the change log's next rows (in order, never skipping a late commit: decision 1701) and writes one delivery
 * per event and subscribed endpoint of companies whose plan has webhooks, in the same transaction as the reader's
 * position (decision 1803): a delivery exists if and only if the position moved past its row, so every event is
 * delivered once per endpoint even across a crash. Returns how many log rows were read.
 */
export function gerarEntregas(pool: pg.Pool, lote = LOTE): Promise<number> {
  return lerMudancas(pool, LEITOR_WEBHOOKS, lote, async (tx, linhas) => {
    const eventos = linhas.flatMap((l) => eventosDaMudanca(l).map((tipo, n) => ({ l, tipo, n })));
    if (!eventos.length) return;
    const { rows: endpoints } = await tx.query<TEndpointAlvo>(
      `SELECT e.id, e.id_empresa_fk, e.tipos_evento
         FROM webhook_endpoints e JOIN empresas c ON c.id = e.id_empresa_fk
        WHERE e.ativo AND e.id_empresa_fk = ANY ($1::uuid[]) AND c.plano_assinatura = ANY ($2::text[])`,
      [[...new Set(eventos.map((e) => e.l.id_empresa_fk))], planosComRecurso("webhooks")],
    );
    if (!endpoints.length) return;
    const porEmpresa = new Map<string, TEndpointAlvo[]>();
    for (const e of endpoints) porEmpresa.set(e.id_empresa_fk, [...(porEmpresa.get(e.id_empresa_fk) ?? []), e]);
    const entregas = eventos.flatMap(({ l, tipo, n }) =>
      (porEmpresa.get(l.id_empresa_fk) ?? [])
        .filter((ep) => !ep.tipos_evento || ep.tipos_evento.includes(tipo))
        .map((ep) => ({
          empresa: l.id_empresa_fk,
          endpoint: ep.id,
          mensagem: idMensagem(l.id, n, ep.id),
          mudanca: l.id,
          tipo,
          corpo: corpoDoEvento(l, tipo),
        })),
    );
    if (!entregas.length) return;
    await tx.query(
      `INSERT INTO webhook_entregas (id_empresa_fk, id_endpoint_fk, id_mensagem, id_mudanca, tipo, corpo)
       SELECT x.empresa, x.endpoint, x.mensagem, x.mudanca, x.tipo, x.corpo
         FROM jsonb_to_recordset($1::jsonb) AS x (empresa uuid, endpoint uuid, mensagem text, mudanca bigint, tipo text, corpo text)
       ON CONFLICT (id_empresa_fk, id_endpoint_fk, id_mensagem) DO NOTHING`,
      [JSON.stringify(entregas)],
    );
  });
}

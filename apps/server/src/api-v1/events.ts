import { type TConsultaPaginadaApi, TEXTO_API_V1, ZConsultaPaginadaApi, zPaginaApi } from "@crm/domain/api-v1";
import { type TEventoApi, ZEventoApi } from "@crm/domain/schemas/api-events";
import { eventosDaMudanca, TIPOS_MUDANCA_COM_EVENTO } from "@crm/domain/webhooks";
import type { TLinhaMudanca } from "../change-log/follow.js";
import type { TDeps } from "../core/deps.js";
import { lerComTenant } from "../db/tenant.js";
import { chaveDoEvento, corpoDoEvento } from "../webhooks/payload.js";
import { contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";
import { ProblemaApi } from "./problem.js";

/** The feed's cursor: the last log row read, in the readers' order (transaction, id), base64url. */
type TPosicaoLog = { transacao: string; id: string };
const cursorDe = (p: TPosicaoLog) => Buffer.from(JSON.stringify([p.transacao, p.id])).toString("base64url");
function lerCursorLog(cursor: string | undefined): TPosicaoLog | null {
  if (cursor === undefined) return null;
  try {
    const [transacao, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof transacao === "string" && /^\d{1,20}$/.test(transacao) && typeof id === "string" && /^\d{1,19}$/.test(id))
      return { transacao, id };
  } catch {
    // falls through to the 400
  }
  throw new ProblemaApi("dados_invalidos", TEXTO_API_V1.cursorInvalido, {
    campos: { starting_after: TEXTO_API_V1.cursorInvalido },
  });
}

/**
 * A page of the company's events (decision 1817): its change log rows after the cursor, in the readers' order, only
 * of transactions older than every one still running (as `lerMudancas`: a transaction that commits late is never
 * passed by a cursor), each row turned into the events and bodies the webhooks send. `limit` counts events; a row's
 * events are never split across pages. The cursor comes back even on the last page: keep it, ask again later.
 */
async function paginaDeEventos(deps: Pick<TDeps, "db">, empresaId: string, q: TConsultaPaginadaApi) {
  const pos = lerCursorLog(q.starting_after);
  const { rows } = await lerComTenant(
    deps.db.leitura,
    contextoDaChave(empresaId),
    async () => ({
      name: "api-v1-eventos",
      text: `SELECT m.id::text AS id, m.transacao::text AS transacao, m.id_empresa_fk, m.entidade, m.id_entidade, m.tipo,
                    m.origem, m.id_usuario_fk, m.id_chave_api, m.ocorrido_em, m.antes, m.depois
               FROM mudancas m
              WHERE m.id_empresa_fk = $1
                AND m.transacao < pg_snapshot_xmin(pg_current_snapshot())
                AND ($2::xid8 IS NULL OR (m.transacao, m.id) > ($2::xid8, $3::bigint))
                AND ($4::timestamptz IS NULL OR m.ocorrido_em >= $4::timestamptz)
                AND m.tipo = ANY ($5::text[])
              ORDER BY m.transacao, m.id
              LIMIT $6`,
      values: [
        empresaId,
        pos?.transacao ?? null,
        pos?.id ?? null,
        q.updated_since ?? null,
        TIPOS_MUDANCA_COM_EVENTO,
        q.limit + 1,
      ],
    }),
    { planoGenerico: true },
  );
  const itens: TEventoApi[] = [];
  let ultima: TPosicaoLog | null = pos;
  let lidas = 0;
  for (const l of rows as TLinhaMudanca[]) {
    const tipos = eventosDaMudanca(l);
    // a row's events stay together; a first row with more events than `limit` still goes whole (no endless page)
    if (lidas > 0 && itens.length + tipos.length > q.limit) break;
    itens.push(
      ...tipos.map((tipo, n) => ({
        id: `evt_${chaveDoEvento(l.id, n)}`,
        ...(JSON.parse(corpoDoEvento(l, tipo)) as Omit<TEventoApi, "id">),
      })),
    );
    ultima = { transacao: l.transacao, id: l.id };
    lidas++;
    if (itens.length >= q.limit) break;
  }
  return { itens, tem_mais: lidas < rows.length, proximo_cursor: ultima ? cursorDe(ultima) : null };
}

const EXEMPLO_EVENTO: TEventoApi = {
  id: "evt_4213_0",
  type: "lead.status_changed",
  timestamp: "2026-12-07T12:00:00.000Z",
  data: {
    event_id: "4213",
    object: "lead",
    id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
    company_id: "0193a4c2-0000-7000-8000-0000000000aa",
    origin: "usuario",
    user_id: "0193a4c2-0000-7000-8000-000000000001",
    api_key_id: null,
    status_lead: "Qualificado",
    previous: { status_lead: "Em Atendimento" },
  },
};

/** The change log as a feed (decision 1817): what the webhooks sent, to catch up on what an integration missed. */
export const OPERACOES_EVENTOS = [
  operacao({
    id: "listarEventos",
    method: "GET",
    url: "/events",
    escopo: "events:read",
    tag: "Eventos",
    resumo: "Lista os eventos da empresa (os mesmos dos webhooks), em ordem",
    descricao:
      "Os mesmos tipos e corpos dos webhooks, na ordem do registro de mudanças; `limit` conta eventos, `updated_since` filtra pela hora do evento. `proximo_cursor` vem também na última página: guarde-o e pergunte de novo mais tarde para receber só o que veio depois.",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZEventoApi) },
    exemplo: { resposta: { itens: [EXEMPLO_EVENTO], tem_mais: false, proximo_cursor: "WyI5MDEyIiwiNDIxMyJd" } },
    internas: [],
    handler: ({ deps, chave, query }) => paginaDeEventos(deps, chave.empresaId, query),
  }),
];

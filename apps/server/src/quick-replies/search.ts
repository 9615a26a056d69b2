import { LIMITE_RESPOSTAS_LISTA, preencherResposta } from "@crm/domain/quick-replies";
import type { TRespostaPreenchida, TRespostaRapida } from "@crm/domain/schemas/quick-replies";
import type { TTx } from "../db/tenant.js";
import { COLUNAS_RESPOSTA, type TQuemResponde } from "./quick-replies.js";

const escaparLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");
/** Above every character a shortcut may hold ([a-z0-9_-], C collation): `atalho < q || '~'` closes the prefix range. */
const FIM_DO_PREFIXO = "~";

/**
 * The '/' list of the composer (decision 1838): the company's replies and the person's own whose shortcut starts with
 * `busca`, by shortcut — read as ranges of the unique index (id_empresa_fk, id_usuario_fk, atalho), a range and not a
 * LIKE so a prepared statement keeps it —, then, when fewer than 20, those whose title holds it.
 */
async function buscarRespostas(tx: TTx, q: TQuemResponde, busca: string): Promise<TRespostaRapida[]> {
  const porAtalho = (dono: string) => `SELECT ${COLUNAS_RESPOSTA}, id_usuario_fk FROM respostas_rapidas
      WHERE id_empresa_fk = $1 AND ${dono} AND atalho >= $3 AND atalho < $3 || '${FIM_DO_PREFIXO}'
      ORDER BY atalho LIMIT ${LIMITE_RESPOSTAS_LISTA}`;
  const { rows } = await tx.query(
    `SELECT * FROM ((${porAtalho("id_usuario_fk IS NULL")}) UNION ALL (${porAtalho("id_usuario_fk = $2")})) r
      ORDER BY atalho, id_usuario_fk NULLS FIRST LIMIT ${LIMITE_RESPOSTAS_LISTA}`,
    [q.empresaId, q.usuarioId, busca],
  );
  if (!busca || rows.length >= LIMITE_RESPOSTAS_LISTA) return rows.map(({ id_usuario_fk: _, ...r }) => r);
  const { rows: porTitulo } = await tx.query(
    `SELECT ${COLUNAS_RESPOSTA} FROM respostas_rapidas
      WHERE id_empresa_fk = $1 AND (id_usuario_fk IS NULL OR id_usuario_fk = $2)
        AND NOT (atalho >= $3 AND atalho < $3 || '${FIM_DO_PREFIXO}') AND lower(titulo) LIKE '%' || $4 || '%'
      ORDER BY atalho, id_usuario_fk NULLS FIRST LIMIT ${LIMITE_RESPOSTAS_LISTA - rows.length}`,
    [q.empresaId, q.usuarioId, busca, escaparLike(busca)],
  );
  return [...rows.map(({ id_usuario_fk: _, ...r }) => r), ...porTitulo];
}

/** What a quick reply's variables read: the lead's name and instalment, its consultant, the company. */
async function dadosDoLead(tx: TTx, empresaId: string, leadId: string) {
  const { rows } = await tx.query(
    `SELECT l.nome, l.valor_parcela, c.nome AS consultor, e.nome_empresa AS empresa
       FROM leads_juros_check l
       JOIN empresas e ON e.id = l.id_empresa_fk
       LEFT JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id
      WHERE l.id_empresa_fk = $1 AND l.id = $2`,
    [empresaId, leadId],
  );
  const r = rows[0] ?? {};
  return { nome: r.nome, valorParcela: r.valor_parcela, consultor: r.consultor, empresa: r.empresa };
}

/** The '/' list for one lead, each reply with its text filled from that lead and the variables it lacks. */
export async function respostasParaLead(
  tx: TTx,
  q: TQuemResponde,
  leadId: string,
  busca: string,
): Promise<TRespostaPreenchida[]> {
  const [respostas, dados] = await Promise.all([buscarRespostas(tx, q, busca), dadosDoLead(tx, q.empresaId, leadId)]);
  return respostas.map((r) => ({ ...r, ...preencherResposta(r.conteudo, dados) }));
}

import { normalizarTelefone } from "@crm/domain/phone";
import { limparCpf, MSG_PRIVACIDADE, type TCanalPedido } from "@crm/domain/privacy-requests";
import type { TNovoPedidoPrivacidade } from "@crm/domain/schemas/privacy-requests";
import type { TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { abrirPedido } from "./open-request.js";

/**
 * A request written in a form (the public page, or the company registering one it received by email or phone): the
 * titular is found by the phone they give — the newest active lead with that phone — and the code goes to that phone
 * on file. The answer is the same whether or not a lead has the phone: the page does not tell who is in the base.
 */
export async function abrirPedidoRecebido(
  deps: Pick<TDeps, "config" | "realtime" | "jobs">,
  tx: TTx,
  empresaId: string,
  b: TNovoPedidoPrivacidade,
  canal: TCanalPedido,
  autor: TAutorMudanca,
): Promise<{ protocolo: string; mensagem: string }> {
  const telefone = normalizarTelefone(b.telefone);
  if (!telefone) throw badRequest(MSG_PRIVACIDADE.telefoneInvalido, { telefone: MSG_PRIVACIDADE.telefoneInvalido });
  const { rows } = await tx.query(
    `SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = $2
      ORDER BY greatest(updated_at, ultima_mensagem_em) DESC NULLS LAST, id LIMIT 1`,
    [empresaId, telefone],
  );
  const { protocolo } = await abrirPedido(deps, tx, {
    empresaId,
    direito: b.direito,
    canal,
    leadId: rows[0]?.id ?? null,
    telefoneNormalizado: telefone,
    nome: b.nome,
    cpf: limparCpf(b.cpf),
    email: b.email || null,
    detalhes: b.detalhes || null,
    representanteNome: b.representante_nome || null,
    autor,
  });
  return { protocolo, mensagem: MSG_PRIVACIDADE.publicoRecebido(protocolo) };
}

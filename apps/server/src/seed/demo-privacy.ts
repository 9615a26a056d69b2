import { isoDiaSP } from "@crm/domain/period";
import {
  formatarProtocolo,
  PALAVRAS_CHAVE_PADRAO,
  PRAZO_PADRAO_DIAS,
  type TDireitoTitular,
  type TStatusPedido,
  venceEmDe,
} from "@crm/domain/privacy-requests";
import { registrarMudancas } from "../change-log/record.js";
import type { TTx } from "../db/tenant.js";
import type { TLinha } from "./bulk.js";

const DIA = 86_400_000;

type TPedidoDemo = {
  direito: TDireitoTitular;
  canal: string;
  status: TStatusPedido;
  diasAtras: number;
  /** days after opening it was closed (closed ones only) */
  encerradoApos?: number;
  representante?: string;
};

/** One of each state on /privacidade (decisions 1824–1825): green, amber and red clocks, a representative, closed ones. */
const PEDIDOS: TPedidoDemo[] = [
  { direito: "acesso", canal: "whatsapp", status: "aguardando_verificacao", diasAtras: 0 },
  { direito: "anonimizacao_bloqueio_eliminacao", canal: "pagina_publica", status: "em_andamento", diasAtras: 11 },
  { direito: "correcao", canal: "registrada_pela_empresa", status: "em_andamento", diasAtras: 14 },
  {
    direito: "acesso",
    canal: "registrada_pela_empresa",
    status: "aguardando_documento",
    diasAtras: 2,
    representante: "Carla Procuradora",
  },
  { direito: "confirmacao", canal: "whatsapp", status: "atendida", diasAtras: 40, encerradoApos: 6 },
  { direito: "portabilidade", canal: "pagina_publica", status: "recusada", diasAtras: 60, encerradoApos: 17 },
];

/**
 * The demo company's privacy requests and settings, so /privacidade and the public page are meaningful on a fresh
 * `npm start`: its encarregado, the default keywords, and six requests in every state, each with its log rows.
 */
export async function semearPrivacidadeDemo(
  tx: TTx,
  agora: Date,
  empresaId: string,
  leads: { id: string; nome: string; telefone_normalizado?: string | null }[],
): Promise<number> {
  await tx.query(
    `INSERT INTO privacidade_config (id_empresa_fk, encarregado_nome, encarregado_email, encarregado_telefone, palavras_chave, ultimo_protocolo)
     VALUES ($1, 'Dra. Helena Prado', 'dpo@demo.com.br', '(11) 3000-4000', $2, $3)`,
    [empresaId, JSON.stringify(PALAVRAS_CHAVE_PADRAO), PEDIDOS.length],
  );
  const linhas: TLinha[] = PEDIDOS.map((p, i) => {
    const aberto = new Date(agora.getTime() - p.diasAtras * DIA);
    const lead = leads[i % leads.length];
    const encerrado = p.encerradoApos === undefined ? null : new Date(aberto.getTime() + p.encerradoApos * DIA);
    const verificado = ["em_andamento", "atendida", "recusada"].includes(p.status)
      ? new Date(aberto.getTime() + 3_600_000)
      : null;
    return {
      id_empresa_fk: empresaId,
      protocolo: formatarProtocolo(Number(isoDiaSP(aberto).slice(0, 4)), i + 1),
      direito: p.direito,
      canal: p.canal,
      status: p.status,
      id_lead_fk: lead.id,
      nome_titular: lead.nome,
      telefone_normalizado: lead.telefone_normalizado ?? null,
      representante_nome: p.representante ?? null,
      aberto_em: aberto,
      prazo_dias: PRAZO_PADRAO_DIAS,
      vence_em: venceEmDe(aberto, PRAZO_PADRAO_DIAS),
      verificado_em: verificado,
      resposta_simplificada_em: verificado,
      encerrado_em: encerrado,
      resposta:
        p.status === "atendida"
          ? "Declaração completa enviada por email."
          : p.status === "recusada"
            ? "Dados mantidos por obrigação legal (processo em andamento)."
            : null,
    };
  });
  const { rows } = await tx.query(
    `INSERT INTO privacidade_pedidos (id_empresa_fk, protocolo, direito, canal, status, id_lead_fk, nome_titular,
        telefone_normalizado, representante_nome, aberto_em, prazo_dias, vence_em, verificado_em, resposta_simplificada_em,
        encerrado_em, resposta)
     SELECT x.id_empresa_fk, x.protocolo, x.direito, x.canal, x.status, x.id_lead_fk, x.nome_titular, x.telefone_normalizado,
            x.representante_nome, x.aberto_em, x.prazo_dias, x.vence_em, x.verificado_em, x.resposta_simplificada_em,
            x.encerrado_em, x.resposta
       FROM jsonb_to_recordset($1::jsonb) AS x (id_empresa_fk uuid, protocolo text, direito text, canal text, status text,
            id_lead_fk uuid, nome_titular text, telefone_normalizado text, representante_nome text, aberto_em timestamptz,
            prazo_dias int, vence_em date, verificado_em timestamptz, resposta_simplificada_em timestamptz,
            encerrado_em timestamptz, resposta text)
     RETURNING id, protocolo, direito, canal, status, id_lead_fk AS id_lead, vence_em::text AS vence_em`,
    [JSON.stringify(linhas)],
  );
  await registrarMudancas(tx, {
    empresaId,
    autor: { origem: "sistema" },
    mudancas: rows.map(({ id, ...depois }) => ({
      entidade: "privacidade" as const,
      id,
      tipo: "privacidade.solicitada" as const,
      depois,
    })),
  });
  return rows.length;
}

import type { TDecisaoRegistrada } from "@crm/domain/screening";
import type { TLinha } from "./bulk.js";
import { MIN, mais } from "./demo-context.js";
import type { TLeadDemo } from "./demo-leads.js";
import type { TAleatorio } from "./random.js";

/** Where a lead went when it left 'Em Triagem IA', and the screening decision that sent it there. */
const DECISAO_DO_PASSO: Record<string, TDecisaoRegistrada> = {
  "Confirmado pela IA": "qualificado",
  "Desqualificado / Perdido": "rejeitado",
  "Requer Análise Manual IA": "erro",
};

const MOTIVO: Record<TDecisaoRegistrada, string> = {
  qualificado: "Aposentado(a) do INSS com renda acima do mínimo e interesse confirmado na revisão.",
  rejeitado: "Não atende aos critérios de triagem: sem margem consignável e renda abaixo do mínimo.",
  duvidas: "Faltam dados para decidir: renda e tipo de benefício ainda não informados.",
  erro: "O provedor de IA não respondeu a tempo; o lead foi enviado para análise manual.",
};

/**
 * The screening history of the demo's leads (triagens_ia), consistent with their status history: one screening
 * for each step out of 'Em Triagem IA' (confirmed → qualificado, disqualified → rejeitado, manual analysis → erro),
 * at that step's time, after a 'dúvidas' round now and then; leads still in screening have their 'dúvidas' round.
 * A few decisions carry a person's review, half of them overturning it, so 'Eficiência IA' is a real, imperfect figure.
 * Its own random stream: the rest of the demo stays the same data.
 */
export function gerarTriagens(r: TAleatorio, leads: TLeadDemo[], historico: TLinha[]): TLinha[] {
  const porId = new Map(leads.map((l) => [l.id, l]));
  const linhas: TLinha[] = [];
  const triagem = (lead: TLeadDemo, decisao: TDecisaoRegistrada, quando: Date) => {
    const revisada = (decisao === "qualificado" || decisao === "rejeitado") && r.chance(0.12);
    const outra = decisao === "qualificado" ? "rejeitado" : "qualificado";
    linhas.push({
      id: r.uuid(),
      id_empresa_fk: lead.linha.id_empresa_fk,
      id_lead_fk: lead.id,
      decisao,
      motivo: MOTIVO[decisao],
      proxima_pergunta: decisao === "duvidas" ? "Qual é a sua renda mensal e o tipo do seu benefício?" : null,
      resumo: `Financiamento de ${lead.tipo.toLowerCase()} no ${lead.banco}.`,
      fatos: {},
      motor: "regras",
      modelo: null,
      erro: decisao === "erro" ? "tempo esgotado" : null,
      revisado_por_fk: null,
      revisao_decisao: revisada ? (r.chance(0.5) ? outra : decisao) : null,
      revisao_motivo: revisada ? "Revisão humana da decisão automática." : null,
      revisado_em: revisada ? mais(quando, r.int(10, 240) * MIN) : null,
      created_at: quando,
    });
  };
  for (const h of historico) {
    if (h.campo !== "status_lead" || h.valor_anterior !== "Em Triagem IA") continue;
    const decisao = DECISAO_DO_PASSO[h.valor_novo as string];
    const lead = porId.get(h.id_lead_fk as string);
    if (!decisao || !lead) continue;
    const quando = h.created_at as Date;
    if (r.chance(0.25)) triagem(lead, "duvidas", new Date(Math.max(lead.criadoEm.getTime(), quando.getTime() - MIN)));
    triagem(lead, decisao, quando);
  }
  for (const lead of leads) {
    if (lead.status === "Em Triagem IA") triagem(lead, "duvidas", mais(lead.criadoEm, r.int(1, 5) * MIN));
  }
  return linhas;
}

import { metricasCusto } from "@crm/domain/marketing";
import { isoDiaSP } from "@crm/domain/period";
import { PAPEL, type TPapel } from "@crm/domain/roles";
import type { TTipoNotificacao } from "@crm/domain/status";
import type { TLinha } from "./bulk.js";
import { centavos, DIA, diaISO, HORA, MIN, mais, type TEmpresaDemo, type TGeracao } from "./demo-context.js";
import type { TLeadDemo } from "./demo-leads.js";
import { linhaCustoMarketing, linhaFatura, linhaNotificacao } from "./factories.js";
import { gerarNomePessoa, slugNome } from "./names.js";

// What each role hears about most.
const TIPOS_POR_PAPEL: Record<TPapel, [TTipoNotificacao, number][]> = {
  "Admin Plataforma": [["system", 1]],
  "Admin Empresa": [
    ["new_message", 5],
    ["lead_assigned", 4],
    ["status_change", 4],
    ["whatsapp_disconnected", 1],
    ["invite_sent", 2],
    ["system", 2],
    ["message_sent", 2],
  ],
  Consultor: [
    ["new_message", 6],
    ["lead_assigned", 5],
    ["status_change", 3],
    ["system", 1],
    ["message_sent", 2],
  ],
  Jurídico: [
    ["status_change", 5],
    ["lead_assigned", 3],
    ["system", 2],
    ["new_message", 1],
  ],
};
const AVISOS_SISTEMA = [
  ["Bem-vindo ao CRM", "Sua conta está pronta. Explore os leads, as conversas e os relatórios."],
  ["Relatório mensal disponível", "O resumo de desempenho do mês passado já pode ser consultado no dashboard."],
  ["Triagem IA ativada", "A triagem automática por IA está ativa para os novos leads do WhatsApp."],
  ["Manutenção programada", "O sistema passará por manutenção rápida no domingo às 3h."],
] as const;

/**
 * `quantas` notifications for one user over the last 20 days: types by role, leads the user would see,
 * the newest few unread (and some older ones), the rest read a little after they arrived.
 */
export function gerarNotificacoes(
  g: TGeracao,
  empresa: TEmpresaDemo,
  usuario: { id: string; papel: TPapel },
  leads: TLeadDemo[],
  quantas: number,
): TLinha[] {
  const { r, agora } = g;
  const proprios =
    usuario.papel === PAPEL.consultor
      ? leads.filter((l) => l.consultor?.usuarioId === usuario.id)
      : usuario.papel === PAPEL.juridico
        ? leads.filter((l) => l.linha.status_juridico_lead)
        : leads;
  const alvo = proprios.length ? proprios : leads;
  const horarios = Array.from({ length: quantas }, (_, k) => (k === 0 ? r.int(5, 50) * MIN : r.int(60, 20 * 24 * 60) * MIN)).sort(
    (a, b) => a - b,
  );
  const novas = r.int(3, 8);
  return horarios.map((atras, k) => {
    const tipo = r.ponderado(TIPOS_POR_PAPEL[usuario.papel]);
    const lead = r.escolher(alvo);
    const dados = { leadId: lead.id, leadName: lead.nome };
    let titulo: string;
    let conteudo: string;
    let extras: Record<string, unknown> = dados;
    switch (tipo) {
      case "new_message":
        [titulo, conteudo] = ["Nova mensagem", `${lead.nome} enviou uma nova mensagem no WhatsApp.`];
        break;
      case "lead_assigned":
        [titulo, conteudo] =
          usuario.papel === PAPEL.admin
            ? ["Lead atribuído", `O lead ${lead.nome} foi atribuído a ${lead.consultor?.nome ?? "um consultor"}.`]
            : ["Novo lead atribuído a você", `${lead.nome} foi atribuído a você. Abra a conversa para continuar o atendimento.`];
        break;
      case "status_change":
        [titulo, conteudo] = [
          "Status atualizado",
          `${lead.nome} agora está em "${lead.linha.status_juridico_lead ?? lead.status}".`,
        ];
        break;
      case "whatsapp_disconnected":
        [titulo, conteudo, extras] = [
          "WhatsApp desconectado",
          "A conexão com o WhatsApp caiu. Reconecte em Conexão WhatsApp.",
          {},
        ];
        break;
      case "invite_sent": {
        const nome = gerarNomePessoa(r);
        const email = `${slugNome(nome)}@${slugNome(empresa.nome).split(".")[0]}.com.br`;
        [titulo, conteudo, extras] = [
          "Convite enviado",
          `Convite enviado para ${nome} (${email}).`,
          { email, nome, papel: PAPEL.consultor },
        ];
        break;
      }
      case "message_sent":
        [titulo, conteudo] = ["Mensagem enviada", `Sua mensagem para ${lead.nome} foi entregue.`];
        break;
      default: {
        const [t, c] = r.escolher(AVISOS_SISTEMA);
        [titulo, conteudo, extras] = [t, c, {}];
      }
    }
    const criada = new Date(agora.getTime() - atras);
    const lida = k >= novas && r.chance(0.85);
    return linhaNotificacao({
      id: r.uuid(),
      id_empresa_fk: empresa.id,
      id_usuario_fk: usuario.id,
      tipo,
      titulo,
      conteudo,
      dados_extras: extras,
      lida,
      read_at: lida ? new Date(Math.min(agora.getTime(), criada.getTime() + r.int(2, 600) * MIN)) : null,
      created_at: criada,
    });
  });
}

export type TPlataformaDemo = { plataforma: string; chance: number; base: number };

/** Daily-ish ad spend per platform over the 365 days before `agora`, with consistent CTR/CPC/CPM. */
export function gerarCustos(g: TGeracao, empresa: TEmpresaDemo, plataformas: TPlataformaDemo[]): TLinha[] {
  const { r, agora } = g;
  const linhas: TLinha[] = [];
  for (let dias = 365; dias >= 1; dias--) {
    const dia = new Date(agora.getTime() - dias * DIA);
    // spend grows over the year, as the leads do
    const crescimento = 0.6 + (0.8 * (365 - dias)) / 365;
    for (const p of plataformas) {
      if (!r.chance(p.chance)) continue;
      const valor = Math.max(0.01, centavos(p.base * crescimento * (0.6 + r.num() * 0.8)));
      const cpm = 8 + r.num() * 17;
      const impressoes = Math.max(1, Math.round((valor / cpm) * 1000));
      const cliques = Math.min(impressoes, Math.max(1, Math.round((impressoes * (0.8 + r.num() * 2.2)) / 100)));
      linhas.push(
        linhaCustoMarketing({
          id: r.uuid(),
          id_empresa_fk: empresa.id,
          // a São Paulo day, and the form's rules: spend in cents above 0, clicks ≤ impressions, the server's ratios
          data_custo: isoDiaSP(dia),
          plataforma: p.plataforma,
          valor_gasto: valor,
          campanhas_ativas: r.int(1, 4),
          impressoes,
          cliques,
          ...metricasCusto(valor, impressoes, cliques),
          id_conta_anuncio: `act_${slugNome(p.plataforma)}_${empresa.id.slice(0, 8)}`,
          created_at: mais(dia, 23 * HORA),
          updated_at: mais(dia, 23 * HORA),
        }),
      );
    }
  }
  return linhas;
}

/** Monthly invoices of the company's plan for the last `meses` months; the current one still pending. */
export function gerarFaturas(g: TGeracao, empresa: TEmpresaDemo, meses: number): TLinha[] {
  const { r, agora } = g;
  return Array.from({ length: meses }, (_, k) => {
    const atras = meses - 1 - k;
    const inicio = new Date(Date.UTC(agora.getUTCFullYear(), agora.getUTCMonth() - atras, 1));
    return linhaFatura({
      id: r.uuid(),
      id_empresa_fk: empresa.id,
      plano: empresa.plano,
      periodo_inicio: diaISO(inicio),
      status: atras === 0 ? "pending" : "paid",
      // the open invoice falls due in 5 days (not overdue: the billing job would start the dunning steps)
      vencimento: atras === 0 ? diaISO(new Date(agora.getTime() + 5 * DIA)) : diaISO(inicio),
      pago_em: atras === 0 ? null : inicio,
      metodo: atras === 0 ? null : "cartao",
      created_at: inicio,
    });
  });
}

import type { TLinha } from "./bulk.js";
import { centavos, MIN, mais, type TEmpresaDemo, type TGeracao } from "./demo-context.js";
import type { TLeadDemo } from "./demo-leads.js";
import { linhaMensagem } from "./factories.js";

type TFala = { de: "lead" | "ia" | "consultor"; texto: (l: TLeadDemo, empresa: TEmpresaDemo, g: TGeracao) => string };

const primeiro = (nome: string) => nome.split(" ")[0];
const brl = (v: number) => v.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// A typical WhatsApp screening: the lead asks, the AI qualifies, a consultant takes over.
const ROTEIRO: TFala[] = [
  {
    de: "lead",
    texto: (_l, _e, g) =>
      g.r.escolher([
        "Oi, vi o anúncio sobre revisão de juros",
        "Boa tarde! Quero saber se consigo baixar minhas parcelas",
        "Olá, meu financiamento está muito caro, vocês podem ajudar?",
        "Bom dia, um amigo me indicou vocês",
      ]),
  },
  {
    de: "ia",
    texto: (l, e) =>
      `Olá, ${primeiro(l.nome)}! Sou a assistente virtual da ${e.nome}. Para analisar seu caso, qual é o tipo do seu financiamento e em qual banco?`,
  },
  { de: "lead", texto: (l) => `É um financiamento de ${l.tipo.toLowerCase()} no ${l.banco}.` },
  { de: "ia", texto: () => "Entendi. Quantas parcelas você já pagou e qual o valor de cada uma?" },
  {
    de: "lead",
    texto: (l, _e, g) =>
      `Já paguei ${g.r.int(6, 30)} de ${g.r.int(36, 60)}, a parcela é de R$ ${brl(centavos(Number(l.linha.valor_contrato) / 40))}.`,
  },
  { de: "ia", texto: () => "Você é aposentado(a) ou pensionista do INSS? E qual é a sua renda mensal aproximada?" },
  { de: "lead", texto: (_l, _e, g) => `Sou aposentado sim, recebo uns R$ ${brl(g.r.int(15, 60) * 100)} por mês.` },
  {
    de: "ia",
    texto: () => "Obrigado! Seu contrato tem bom potencial de revisão. Um consultor vai continuar o atendimento por aqui.",
  },
  {
    de: "consultor",
    texto: (l) =>
      `Olá ${primeiro(l.nome)}, aqui é ${primeiro(l.consultor?.nome ?? "")}. Analisei seu contrato e vi juros acima da média do Banco Central.`,
  },
  { de: "lead", texto: () => "Que bom! O que eu preciso fazer?" },
  {
    de: "consultor",
    texto: () => "Preciso de uma cópia do contrato e dos 3 últimos comprovantes de pagamento. Pode enviar por aqui mesmo.",
  },
  { de: "lead", texto: () => "Vou separar e mando hoje à noite." },
  { de: "consultor", texto: () => "Perfeito. Assim que receber preparo a proposta e te retorno." },
  { de: "lead", texto: () => "Enviei os documentos por email também." },
  { de: "consultor", texto: () => "Recebi, obrigado! Te retorno até amanhã com os valores." },
];
const FALAS_SEM_CONSULTOR = 8;

/**
 * WhatsApp conversations for `quantas` leads (newest first, about a third of them, never the ones still
 * untouched), 3 to 15 messages each. Fills the leads' last-message times; the most recent conversations
 * end with unread messages from the lead so the Conversas screen shows unread counts.
 */
export function gerarConversas(
  g: TGeracao,
  empresa: TEmpresaDemo,
  leads: TLeadDemo[],
  quantas: number,
): { mensagens: TLinha[]; comConversa: TLeadDemo[] } {
  const { r, agora } = g;
  const mensagens: TLinha[] = [];
  const comConversa: TLeadDemo[] = [];
  const candidatos = [...leads]
    .filter((l) => l.status !== "Novo Lead" && l.status !== "novo")
    .sort((a, b) => b.criadoEm.getTime() - a.criadoEm.getTime());
  for (const lead of candidatos) {
    if (comConversa.length >= quantas) break;
    if (!r.chance(0.35)) continue;
    const maximo = lead.consultor ? ROTEIRO.length : FALAS_SEM_CONSULTOR;
    const n = Math.min(r.int(3, 15), maximo);
    const naoLidas = comConversa.length < 15;
    let t = mais(lead.criadoEm, r.int(0, 5) * MIN);
    const daConversa: TLinha[] = [];
    for (let k = 0; k < n; k++) {
      const fala = ROTEIRO[k];
      const espera =
        fala.de === "ia"
          ? r.int(5, 40) * 1000
          : fala.de === "consultor" && ROTEIRO[k - 1]?.de === "ia"
            ? r.int(1, 20) * 60 * MIN
            : r.int(1, 30) * MIN;
      if (k > 0) t = mais(t, espera);
      if (t >= agora) break;
      const entrada = fala.de === "lead";
      daConversa.push(
        linhaMensagem({
          id: r.uuid(),
          id_empresa_fk: empresa.id,
          id_lead_fk: lead.id,
          sender: fala.de,
          direcao: entrada ? "entrada" : "saida",
          sender_nome: entrada ? lead.nome : fala.de === "ia" ? "Assistente IA" : (lead.consultor?.nome ?? null),
          id_usuario_fk: fala.de === "consultor" ? (lead.consultor?.usuarioId ?? null) : null,
          message: fala.texto(lead, empresa, g),
          status: entrada ? "received" : "read",
          erro: null,
          lida_em: entrada && !naoLidas ? mais(t, r.int(1, 20) * MIN) : null,
          timestamp: t,
          created_at: t,
          updated_at: t,
        }),
      );
    }
    if (daConversa.length < 3) continue;
    // only the lead's messages after the last reply stay unread; older ones were seen when answered
    let respondida = false;
    for (let k = daConversa.length - 1; k >= 0; k--) {
      const m = daConversa[k];
      if (m.direcao === "saida") respondida = true;
      else if (respondida || !naoLidas) m.lida_em ??= mais(m.timestamp as Date, MIN);
    }
    const ultimaSaida = [...daConversa].reverse().find((m) => m.direcao === "saida");
    if (ultimaSaida) ultimaSaida.status = r.chance(0.1) ? "failed" : r.chance(0.5) ? "delivered" : "read";
    if (ultimaSaida?.status === "failed") ultimaSaida.erro = "Falha no envio: o número não respondeu. Tente novamente.";
    const ultima = daConversa[daConversa.length - 1];
    const ultimaDoLead = [...daConversa].reverse().find((m) => m.direcao === "entrada");
    lead.linha.ultima_mensagem_em = ultima.timestamp;
    lead.linha.ultima_mensagem_lead_em = ultimaDoLead?.timestamp ?? null;
    if ((ultima.timestamp as Date) > (lead.linha.updated_at as Date)) lead.linha.updated_at = ultima.timestamp;
    mensagens.push(...daConversa);
    comConversa.push(lead);
  }
  return { mensagens, comConversa };
}

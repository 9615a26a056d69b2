/**
 * Opt-in campaigns on WhatsApp (decisions 1891–1894): an audience built from filters, sent only to leads whose
 * marketing consent stands (decision 1827), paced by a send window, a daily cap per number and a random gap. Not the
 * ad campaign of a marketing cost ('campanha' of /marketing, a UTM name): a campaign may name one
 * (`campanha_marketing`) to show its cost.
 */
export const ESTADOS_CAMPANHA = ["ativa", "pausada", "concluida", "cancelada"] as const;
export type TEstadoCampanha = (typeof ESTADOS_CAMPANHA)[number];

export const ROTULOS_ESTADO_CAMPANHA: Record<TEstadoCampanha, string> = {
  ativa: "Em andamento",
  pausada: "Pausada",
  concluida: "Concluída",
  cancelada: "Cancelada",
};
/** An active campaign whose start is still ahead. */
export const ROTULO_AGENDADA = "Agendada";

/** Why a lead of the audience gets nothing (checked when planning and again at send time). */
export const MOTIVOS_EXCLUSAO = ["descadastrado", "sem_consentimento", "sem_whatsapp"] as const;
export type TMotivoExclusao = (typeof MOTIVOS_EXCLUSAO)[number];
export const ROTULOS_EXCLUSAO: Record<TMotivoExclusao, string> = {
  descadastrado: "Descadastrado (opt-out)",
  sem_consentimento: "Sem consentimento",
  sem_whatsapp: "Sem WhatsApp",
};

export const TIPOS_MENSAGEM_CAMPANHA = ["texto", "modelo"] as const;
export type TTipoMensagemCampanha = (typeof TIPOS_MENSAGEM_CAMPANHA)[number];

/** The variables a campaign's text or template parameters may use, filled from each lead. */
export const VARIAVEIS_CAMPANHA = ["{{nome}}", "{{consultor}}", "{{empresa}}"] as const;

export const PADROES_RITMO = { janelaInicio: 9, janelaFim: 18, limiteDiario: 200, espacoMinS: 20, espacoMaxS: 60 } as const;
export const FUSO_CAMPANHAS = "America/Sao_Paulo";

export type TRitmo = {
  janelaInicio: number;
  janelaFim: number;
  limiteDiario: number;
  espacoMinS: number;
  espacoMaxS: number;
};

/** The hour of the day (0–23) and the day (YYYY-MM-DD) of an instant in São Paulo. */
export function horaEDiaEmSaoPaulo(instante: Date): { hora: number; dia: string } {
  const partes = new Intl.DateTimeFormat("en-CA", {
    timeZone: FUSO_CAMPANHAS,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instante);
  const v = (t: string) => partes.find((p) => p.type === t)?.value ?? "";
  return { hora: Number(v("hour")), dia: `${v("year")}-${v("month")}-${v("day")}` };
}

export type TViolacaoRitmo = { tipo: "janela" | "espaco" | "limite"; instante: string };

/**
 * Checks a sequence of send instants against a pacing: each inside the window (São Paulo hours), two consecutive at
 * least the minimum gap apart, never more than the cap on one São Paulo day. The bench and the tests read the plan
 * and the sends with it; an empty list means the rate was never exceeded.
 */
export function violacoesDoRitmo(instantes: readonly Date[], r: TRitmo): TViolacaoRitmo[] {
  const ordenados = [...instantes].sort((a, b) => a.getTime() - b.getTime());
  const porDia = new Map<string, number>();
  const erros: TViolacaoRitmo[] = [];
  let anterior: Date | null = null;
  for (const t of ordenados) {
    const { hora, dia } = horaEDiaEmSaoPaulo(t);
    const iso = t.toISOString();
    // the window is [inicio, fim): an instant exactly at fim:00 is the window's last second
    const naJanela =
      hora >= r.janelaInicio &&
      (hora < r.janelaFim || (hora === r.janelaFim && t.getUTCMinutes() === 0 && t.getUTCSeconds() === 0));
    if (!naJanela) erros.push({ tipo: "janela", instante: iso });
    if (anterior && t.getTime() - anterior.getTime() < r.espacoMinS * 1000 - 1) erros.push({ tipo: "espaco", instante: iso });
    const n = (porDia.get(dia) ?? 0) + 1;
    porDia.set(dia, n);
    if (n > r.limiteDiario) erros.push({ tipo: "limite", instante: iso });
    anterior = t;
  }
  return erros;
}

export const MSG_CAMPANHAS = {
  titulo: "Campanhas",
  subtitulo: "Mensagens para leads que aceitaram receber ofertas, com ritmo seguro para o seu número.",
  acessoNegado: "Acesso negado. Apenas o administrador da empresa gerencia campanhas.",
  nova: "Nova campanha",
  carregando: "Carregando campanhas...",
  erroCarregar: "Não foi possível carregar as campanhas. Tente novamente.",
  vazio: "Nenhuma campanha criada ainda. Crie a primeira para falar com os leads que aceitaram receber ofertas.",
  naoEncontrada: "Campanha não encontrada.",
  nomeObrigatorio: "Informe o nome da campanha.",
  nomeLongo: "O nome pode ter no máximo 120 caracteres.",
  textoObrigatorio: "Escreva o texto da mensagem.",
  textoLongo: "O texto pode ter no máximo 4096 caracteres.",
  modeloObrigatorio: "Escolha um modelo aprovado.",
  modeloNaApiOficial: "Na API oficial do WhatsApp, campanhas usam um modelo aprovado pela Meta.",
  // the approved-template picker (decision 1944)
  modeloAprovado: "Modelo aprovado",
  escolhaModelo: "Escolha um modelo",
  carregandoModelos: "Carregando modelos aprovados...",
  semModelosAprovados:
    "Nenhum modelo aprovado pela Meta nesta conta. Informe o nome de um modelo ou crie-o no Gerenciador do WhatsApp.",
  erroModelos: (erro: string) => `Não foi possível ler os modelos aprovados (${erro}). Informe o nome do modelo.`,
  nomeDoModelo: "Nome do modelo aprovado",
  idiomaDoModelo: "Idioma do modelo",
  variaveisDoModelo: "Variáveis do modelo",
  variavelDoModelo: (n: number) => `Variável {{${n}}}`,
  textoDoModelo: "Texto do modelo",
  modeloSemVariaveis: "Este modelo não tem variáveis.",
  textoNoGateway: "No gateway (API não oficial), campanhas usam texto.",
  semWhatsApp: "Configure o WhatsApp da empresa antes de criar uma campanha.",
  janelaInvalida: "A janela de envio deve terminar depois de começar (horas de 0 a 24).",
  limiteInvalido: "O limite diário deve ser de 1 a 100000 mensagens.",
  espacoInvalido: "O intervalo deve ser de 0 a 3600 segundos, com o mínimo até o máximo.",
  inicioInvalido: "Informe uma data de início válida.",
  periodoInvalido: "O período deve ter datas no formato AAAA-MM-DD, com o início até o fim.",
  publicoVazio: "Nenhum lead elegível neste público. Ajuste os filtros.",
  outraEmCurso: "Já existe uma campanha em andamento ou pausada. Conclua, cancele ou aguarde antes de iniciar outra.",
  naoPodePausar: "Só é possível pausar uma campanha em andamento.",
  naoPodeRetomar: "Só é possível retomar uma campanha pausada.",
  naoPodeCancelar: "Esta campanha já terminou.",
  criada: "Campanha criada e agendada.",
  pausada: "Campanha pausada.",
  retomada: "Campanha retomada.",
  cancelada: "Campanha cancelada.",
  erroAcao: "Não foi possível concluir a ação. Tente novamente.",
  publico: "Público",
  contando: "Contando leads...",
  elegiveis: (n: number) => `${n.toLocaleString("pt-BR")} ${n === 1 ? "lead receberá" : "leads receberão"} a mensagem`,
  excluidos: "Excluídos",
  mensagem: "Mensagem",
  ritmo: "Ritmo de envio",
  ajudaRitmo:
    "No gateway, envie devagar para evitar o bloqueio do número: só dentro da janela (horário de São Paulo), até o limite diário e com intervalo aleatório entre as mensagens.",
  funil: "Resultados",
  custo: "Custo",
  semCusto: "Nenhum custo de marketing com o nome desta campanha.",
  detalheCarregando: "Carregando campanha...",
} as const;

/** The funnel's rows, in order, with their definitions (decision 1894). */
export const FUNIL_CAMPANHA = [
  { chave: "enviadas", rotulo: "Enviadas", definicao: "Mensagens aceitas pelo WhatsApp." },
  { chave: "entregues", rotulo: "Entregues", definicao: "Recibos de entrega (ou leitura) do WhatsApp." },
  { chave: "lidas", rotulo: "Lidas", definicao: "Recibos de leitura do WhatsApp." },
  { chave: "respondidas", rotulo: "Responderam", definicao: "Leads que escreveram depois de receber a mensagem." },
  { chave: "qualificados", rotulo: "Qualificados", definicao: "Leads que chegaram à qualificação depois do envio." },
  { chave: "convertidos", rotulo: "Convertidos", definicao: "Leads convertidos depois do envio." },
] as const;
export type TChaveFunil = (typeof FUNIL_CAMPANHA)[number]["chave"];

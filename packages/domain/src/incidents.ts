import { ehDiaUtil, somarDias, somarDiasUteis, type TEhFeriado } from "./deadlines";
import { isoDiaSP } from "./period";

/**
 * The register of security incidents (decisions 1875–1877), after Resolução CD/ANPD nº 15/2024 (Regulamento de
 * Comunicação de Incidente de Segurança): the risk questions of its art. 5, the clock of 3 business days of its art. 6
 * (doubled for small agents), the content of the communication to ANPD (art. 6) and of the notice to each titular
 * (art. 9), the register kept at least 5 years (art. 10). Pure: the server feeds the holiday predicate.
 */

/** Art. 5 II: the data that make an incident that can significantly affect titulares one of 'relevant risk'. */
export const CRITERIOS_RISCO = [
  "dados_sensiveis",
  "criancas_adolescentes",
  "idosos",
  "financeiros",
  "autenticacao",
  "sigilo",
  "larga_escala",
] as const;
export type TCriterioRisco = (typeof CRITERIOS_RISCO)[number];
export const ROTULO_CRITERIO: Record<TCriterioRisco, string> = {
  dados_sensiveis: "Dados pessoais sensíveis",
  criancas_adolescentes: "Dados de crianças ou adolescentes",
  idosos: "Dados de idosos",
  financeiros: "Dados financeiros",
  autenticacao: "Dados de autenticação em sistemas (senhas, tokens)",
  sigilo: "Dados protegidos por sigilo legal, judicial ou profissional",
  larga_escala: "Dados em larga escala",
};
/**
 * Pre-marked on a new incident: every lead of this CRM carries a credit contract (financial data), and consumer
 * credit reviews reach many retirees on payroll loans (elderly titulares). The admin unmarks what does not apply.
 */
export const CRITERIOS_PRE_MARCADOS: TCriterioRisco[] = ["financeiros", "idosos"];

export const CATEGORIAS_INCIDENTE = [
  "acesso_nao_autorizado",
  "ransomware",
  "phishing",
  "credenciais_vazadas",
  "envio_indevido",
  "perda_ou_roubo",
  "falha_de_sistema",
  "outro",
] as const;
export type TCategoriaIncidente = (typeof CATEGORIAS_INCIDENTE)[number];
export const ROTULO_CATEGORIA: Record<TCategoriaIncidente, string> = {
  acesso_nao_autorizado: "Acesso não autorizado",
  ransomware: "Sequestro de dados (ransomware)",
  phishing: "Engenharia social (phishing)",
  credenciais_vazadas: "Credenciais vazadas ou força bruta",
  envio_indevido: "Envio ou publicação indevida",
  perda_ou_roubo: "Perda ou roubo de equipamento ou documento",
  falha_de_sistema: "Falha de sistema ou de fornecedor",
  outro: "Outro",
};

/** The security properties the incident broke (the ANPD form asks each). */
export const IMPACTOS = ["confidencialidade", "integridade", "disponibilidade"] as const;
export type TImpacto = (typeof IMPACTOS)[number];
export const ROTULO_IMPACTO: Record<TImpacto, string> = {
  confidencialidade: "Confidencialidade (dados expostos)",
  integridade: "Integridade (dados alterados ou destruídos)",
  disponibilidade: "Disponibilidade (dados indisponíveis)",
};

/** The kinds of the CRM's personal data an incident may reach. */
export const CATEGORIAS_DADOS = ["identificacao", "contato", "financeiros", "documentos", "conversas"] as const;
export type TCategoriaDados = (typeof CATEGORIAS_DADOS)[number];
export const ROTULO_CATEGORIA_DADOS: Record<TCategoriaDados, string> = {
  identificacao: "Identificação (nome, CPF)",
  contato: "Contato (telefone, email)",
  financeiros: "Financeiros (contrato, parcelas, valores)",
  documentos: "Documentos enviados (extratos, contratos, procurações)",
  conversas: "Conversas do WhatsApp",
};

export const STATUS_INCIDENTE = ["em_avaliacao", "comunicado_anpd", "encerrado"] as const;
export type TStatusIncidente = (typeof STATUS_INCIDENTE)[number];
export const ROTULO_STATUS_INCIDENTE: Record<TStatusIncidente, string> = {
  em_avaliacao: "Em avaliação",
  comunicado_anpd: "Comunicado à ANPD",
  encerrado: "Encerrado",
};

export const CANAIS_AVISO = ["whatsapp", "email"] as const;
export type TCanalAviso = (typeof CANAIS_AVISO)[number];

/** Art. 6: 3 business days from knowing that personal data were affected; small agents get double (Res. 2/2022). */
export const PRAZO_DIAS_UTEIS = 3;
export const prazoDiasUteis = (pequenoPorte: boolean) => (pequenoPorte ? PRAZO_DIAS_UTEIS * 2 : PRAZO_DIAS_UTEIS);
/** Art. 10: the register is kept at least 5 years (no delete: see migration 0074). */
export const ANOS_GUARDA_REGISTRO = 5;

/** Art. 5: relevant risk = it can significantly affect titulares AND one of the data of II is involved. */
export const riscoRelevante = (afetaSignificativamente: boolean, criterios: readonly TCriterioRisco[]) =>
  afetaSignificativamente && criterios.length > 0;

/** The São Paulo day the communication falls due: `dias` business days after the day it became known. */
export function venceIncidenteEm(conhecidoEm: Date, dias: number, ehFeriado: TEhFeriado): string {
  return somarDiasUteis(isoDiaSP(conhecidoEm), dias, ehFeriado);
}

/** The last instant of a São Paulo day (Brazil keeps UTC−3 all year since 2019). */
export const fimDoDiaSP = (dia: string) => new Date(`${dia}T23:59:59.999-03:00`);

export type TCorIncidente = "verde" | "amarelo" | "vermelho";
export type TContagem = {
  /** business days after today up to the due day (0 on the due day; negative: business days overdue) */
  dias_uteis: number;
  /** whole hours until the due day's end in São Paulo (negative when overdue) */
  horas: number;
  cor: TCorIncidente;
  vencido: boolean;
};

/**
 * The countdown of an open incident at `agora` (the server's clock): red on the due day and after, amber with one
 * business day left, green with two or more.
 */
export function contagemIncidente(venceEm: string, agora: Date, ehFeriado: TEhFeriado): TContagem {
  const hoje = isoDiaSP(agora);
  const ms = fimDoDiaSP(venceEm).getTime() - agora.getTime();
  const horas = ms >= 0 ? Math.floor(ms / 3_600_000) : -Math.ceil(-ms / 3_600_000);
  let dias = 0;
  if (hoje < venceEm) {
    for (let d = somarDias(hoje, 1); d <= venceEm; d = somarDias(d, 1)) if (ehDiaUtil(d, ehFeriado)) dias++;
  } else if (hoje > venceEm) {
    for (let d = somarDias(venceEm, 1); d <= hoje; d = somarDias(d, 1)) if (ehDiaUtil(d, ehFeriado)) dias--;
  }
  const vencido = ms < 0;
  const cor: TCorIncidente = vencido || dias <= 0 ? "vermelho" : dias === 1 ? "amarelo" : "verde";
  return { dias_uteis: dias, horas, cor, vencido };
}

export const ROTULO_COR_INCIDENTE: Record<TCorIncidente, string> = {
  verde: "No prazo",
  amarelo: "Atenção",
  vermelho: "Urgente",
};

const plural = (n: number, um: string, varios: string) => `${n} ${Math.abs(n) === 1 ? um : varios}`;

/** What the list shows: days while more than the due day is left, hours on the due day, the delay after it. */
export function textoContagem(c: TContagem): string {
  if (c.vencido) return `Vencido há ${plural(-c.horas, "hora", "horas")}`;
  if (c.dias_uteis <= 0) return `Vence hoje: ${plural(c.horas, "hora restante", "horas restantes")}`;
  return `${plural(c.dias_uteis, "dia útil", "dias úteis")} · ${c.horas} h`;
}

/** The incident's number a company quotes: year and a counter per company, e.g. INC-2026-003. */
export const formatarNumeroIncidente = (ano: number, n: number) => `INC-${ano}-${String(n).padStart(3, "0")}`;

const dataBR = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;
const dataHoraBR = (d: Date) =>
  new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(d)
    .replace(",", "");
const lista = (xs: string[]) => (xs.length ? xs.join("; ") : "não informado");
const ou = (s: string | null | undefined, padrao = "não informado") => (s?.trim() ? s.trim() : padrao);

/** Everything the drafts read: the incident, its company and encarregado, and the counts. */
export type TFatosIncidente = {
  numero: string;
  empresa: string;
  cnpj: string | null;
  pequeno_porte: boolean;
  encarregado: { nome: string | null; email: string | null; telefone: string | null };
  operador: string | null;
  titulo: string;
  descricao: string;
  categoria: TCategoriaIncidente;
  impactos: TImpacto[];
  categorias_dados: TCategoriaDados[];
  afeta_significativamente: boolean;
  criterios: TCriterioRisco[];
  ocorrido_em: string | null;
  conhecido_em: Date;
  vence_em: string;
  titulares_afetados: number;
  titulares_criancas: number | null;
  titulares_idosos: number | null;
  titulares_total_base: number;
  medidas_seguranca: string | null;
  medidas_mitigacao: string | null;
  riscos: string | null;
  motivo_demora: string | null;
};

/** The late reason, when the communication goes (or would go, now) after the due day. */
function demora(f: TFatosIncidente, agora: Date): string {
  if (agora.getTime() <= fimDoDiaSP(f.vence_em).getTime()) return "Comunicação dentro do prazo de 3 dias úteis.";
  return ou(f.motivo_demora, "PREENCHER: a comunicação está fora do prazo e os motivos da demora são obrigatórios.");
}

/**
 * The draft of the communication to ANPD (Res. 15/2024 art. 6: every item it lists, in its order), to be copied into
 * ANPD's electronic form. Missing answers are written 'não informado' rather than left out, so a gap is visible.
 */
export function rascunhoComunicacaoAnpd(f: TFatosIncidente, agora: Date): string {
  const enc = f.encarregado;
  return [
    `COMUNICAÇÃO DE INCIDENTE DE SEGURANÇA À ANPD — ${f.numero}`,
    "(Resolução CD/ANPD nº 15/2024, art. 6º; Lei nº 13.709/2018, art. 48)",
    "",
    `1. Controlador: ${f.empresa}${f.cnpj ? `, CNPJ ${f.cnpj}` : " (CNPJ: preencher no formulário da ANPD)"}.${f.pequeno_porte ? " Declara ser agente de tratamento de pequeno porte." : ""}`,
    `2. Encarregado: ${ou(enc.nome)} — email ${ou(enc.email)}, telefone ${ou(enc.telefone)}.`,
    `3. Operador: ${ou(f.operador, "não se aplica")}.`,
    `4. Descrição do incidente e causa principal: ${f.titulo}. ${ou(f.descricao)} Categoria: ${ROTULO_CATEGORIA[f.categoria]}. Propriedades afetadas: ${lista(f.impactos.map((i) => ROTULO_IMPACTO[i]))}.`,
    `5. Data da ocorrência: ${f.ocorrido_em ? dataBR(f.ocorrido_em) : "não determinada"}. Data do conhecimento pelo controlador: ${dataHoraBR(f.conhecido_em)}.`,
    `6. Natureza e categoria dos dados pessoais afetados: ${lista(f.categorias_dados.map((c) => ROTULO_CATEGORIA_DADOS[c]))}.${f.criterios.length ? ` Envolve: ${lista(f.criterios.map((c) => ROTULO_CRITERIO[c]))}.` : ""}`,
    `7. Número de titulares afetados: ${f.titulares_afetados}; crianças ou adolescentes: ${f.titulares_criancas ?? "não discriminado"}; idosos: ${f.titulares_idosos ?? "não discriminado"}.`,
    `8. Total de titulares cujos dados são tratados nas atividades afetadas: ${f.titulares_total_base}.`,
    `9. Medidas técnicas e de segurança utilizadas para a proteção dos dados, antes e depois do incidente: ${ou(f.medidas_seguranca)}.`,
    `10. Riscos relacionados ao incidente e possíveis impactos aos titulares: ${ou(f.riscos)}.`,
    `11. Medidas adotadas ou que serão adotadas para reverter ou mitigar os efeitos: ${ou(f.medidas_mitigacao)}.`,
    `12. Motivos da demora: ${demora(f, agora)}`,
    `13. Avaliação de risco (art. 5º): ${
      riscoRelevante(f.afeta_significativamente, f.criterios)
        ? "pode afetar significativamente interesses e direitos fundamentais dos titulares e envolve dados do art. 5º, II: risco ou dano relevante."
        : "não caracterizado risco ou dano relevante (art. 5º); comunicação feita por cautela."
    }`,
    `Prazo de comunicação: até ${dataBR(f.vence_em)} (${prazoDiasUteis(f.pequeno_porte)} dias úteis do conhecimento).`,
  ].join("\n");
}

/**
 * The notice to one titular (art. 9: simple language, the nature of the data, the measures, the risks, the measures
 * to mitigate, the date it became known, a contact, the reasons of a delay), sent on WhatsApp or by email.
 */
export function avisoAoTitular(f: TFatosIncidente, nome: string | null, agora: Date): string {
  const enc = f.encarregado;
  const contato = [enc.nome, enc.email, enc.telefone].filter(Boolean).join(", ");
  const atraso = agora.getTime() > fimDoDiaSP(f.vence_em).getTime();
  return [
    `Olá${nome ? `, ${nome.split(" ")[0]}` : ""}. A ${f.empresa} informa um incidente de segurança que envolveu dados pessoais seus (LGPD, art. 48).`,
    `O que aconteceu: ${f.titulo}. Soubemos em ${dataHoraBR(f.conhecido_em).slice(0, 10)}.`,
    `Dados envolvidos: ${lista(f.categorias_dados.map((c) => ROTULO_CATEGORIA_DADOS[c]))}.`,
    `Riscos para você: ${ou(f.riscos, "em avaliação")}.`,
    `O que já fizemos para proteger seus dados: ${ou(f.medidas_seguranca, "em andamento")}.`,
    `O que estamos fazendo e o que recomendamos: ${ou(f.medidas_mitigacao, "em andamento")}.`,
    ...(atraso ? [`Por que este aviso não chegou antes: ${ou(f.motivo_demora, "em apuração")}.`] : []),
    `Dúvidas: fale com nosso encarregado de dados${contato ? ` — ${contato}` : ""}. Referência: ${f.numero}.`,
  ].join("\n");
}

/** pt-BR texts of the incident register. */
export const MSG_INCIDENTES = {
  titulo: "Incidentes de segurança",
  subtitulo:
    "Registro de incidentes com dados pessoais (Resolução CD/ANPD nº 15/2024): prazo de 3 dias úteis para comunicar à ANPD e aos titulares, guardado por pelo menos 5 anos.",
  tituloPlataforma: "Incidentes de segurança da plataforma",
  subtituloPlataforma:
    "Um incidente que atinge várias empresas: cada empresa recebe a sua parte, com seus titulares e seu prazo, e vê só a sua.",
  acessoNegado: "Você não tem acesso aos incidentes de segurança.",
  naoEncontrado: "Incidente não encontrado.",
  titularNaoEncontrado: "Titular não encontrado neste incidente.",
  vazio: "Nenhum incidente registrado.",
  vazioDescricao: "Registre aqui todo incidente com dados pessoais, comunicado ou não: a ANPD pode pedir o registro.",
  vazioPlataforma: "Nenhum incidente da plataforma registrado.",
  carregando: "Carregando incidentes…",
  erro: "Não foi possível carregar os incidentes. Tente novamente.",
  encerrado: "Incidente encerrado: o registro não pode mais ser alterado.",
  jaComunicado: "O incidente já foi comunicado à ANPD.",
  motivoDemoraObrigatorio: "A comunicação está fora do prazo: informe os motivos da demora (Res. 15/2024, art. 6º).",
  dataComunicacaoFutura: "A data da comunicação não pode estar no futuro.",
  dataComunicacaoAntes: "A data da comunicação não pode ser anterior ao conhecimento do incidente.",
  conhecidoFuturo: "A data do conhecimento não pode estar no futuro.",
  ocorridoDepois: "A data da ocorrência não pode ser posterior ao conhecimento.",
  semEmail: "Este titular não tem email cadastrado: envie pelo WhatsApp.",
  semTelefone: "Este titular não tem telefone cadastrado: envie por email.",
  semEmpresas: "Escolha ao menos uma empresa afetada.",
  empresaInexistente: "Uma das empresas escolhidas não existe.",
  registrado: (numero: string) => `Incidente ${numero} registrado.`,
  registradoPlataforma: (n: number) => `Incidente registrado em ${n} ${n === 1 ? "empresa" : "empresas"}.`,
  salvo: "Incidente salvo.",
  comunicado: "Comunicação à ANPD registrada.",
  encerradoOk: "Incidente encerrado.",
  avisoEnfileirado: "Aviso enviado para a fila do WhatsApp.",
  avisoEmail: "Aviso enviado por email.",
  // 'Avisar todos' (decision 1945)
  avisarTodos: "Avisar todos os ainda não avisados",
  avisarTodosTitulo: "Avisar todos os titulares",
  avisarTodosConfirmar: (n: number) =>
    `Enviar o aviso a ${n} ${n === 1 ? "titular ainda não avisado" : "titulares ainda não avisados"}? Quem tem telefone recebe pelo WhatsApp; quem só tem email, por email. Cada aviso fica registrado no histórico.`,
  avisosEmLote: (r: { whatsapp: number; email: number; semContato: number }) =>
    `${[
      `${r.whatsapp} ${r.whatsapp === 1 ? "aviso" : "avisos"} na fila do WhatsApp`,
      `${r.email} por email`,
      ...(r.semContato ? [`${r.semContato} sem telefone nem email: avise-os por outro meio`] : []),
    ].join(" · ")}.`,
  nenhumAvisoPendente: "Todos os titulares já foram avisados.",
  avisoAssunto: (empresa: string) => `${empresa}: aviso de incidente de segurança com seus dados`,
  novoIncidentePlataforma: "Novo incidente de segurança registrado pela plataforma",
  novoIncidentePlataformaConteudo: (numero: string) =>
    `${numero}: confira os titulares afetados e comunique à ANPD em até 3 dias úteis.`,
} as const;

/** The bell notification's `dados.tipo` for a platform-wide incident's part. */
export const NOTIFICACAO_INCIDENTE = "incidente";

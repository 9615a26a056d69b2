import { TIMEZONE } from "./format";
import { PAPEL } from "./roles";
import { STATUS_JURIDICO, type TStatusJuridico } from "./status";

// The legal dashboard (/juridico, 000 §2.14 and §9): its counters, the fixed colours of its status pie, its
// monthly series and its document tips. Pure, shared by the server (figures) and the web (chart, legend).

/** 'Em Andamento' (000 §9): Em Contato Jurídico + Documentação Solicitada + Laudo em Andamento. */
export const STATUS_EM_ANDAMENTO: readonly TStatusJuridico[] = [
  "Em Contato Jurídico",
  "Documentação Solicitada",
  "Laudo em Andamento",
];
/** 'Finalizados': the process ended. */
export const STATUS_FINALIZADOS: readonly TStatusJuridico[] = ["Finalizado Jurídico"];
/**
 * 'Pendentes': what waits on someone before work starts or resumes (decision 1104): waiting for the first contact
 * or stalled. With the two above, the four counters split the total exactly.
 */
export const STATUS_PENDENTES: readonly TStatusJuridico[] = ["Aguardando Contato Jurídico", "Jurídico Pendente"];

/** The status pie's fixed colours (000 §9), one per legal status; each ≥ 3:1 against white (WCAG 1.4.11). */
export const COR_STATUS_JURIDICO: Record<TStatusJuridico, string> = {
  "Aguardando Contato Jurídico": "#b45309",
  "Em Contato Jurídico": "#1d4ed8",
  "Documentação Solicitada": "#7c3aed",
  "Laudo em Andamento": "#0e7490",
  "Finalizado Jurídico": "#15803d",
  "Jurídico Pendente": "#b91c1c",
};

export type TContadoresJuridicos = {
  total: number;
  emAndamento: number;
  finalizados: number;
  pendentes: number;
};

const somar = (porStatus: Partial<Record<TStatusJuridico, number>>, lista: readonly TStatusJuridico[]) =>
  lista.reduce((a, s) => a + (porStatus[s] ?? 0), 0);

/** The dashboard's counters from the count of processes per legal status. */
export function contadoresJuridicos(porStatus: Partial<Record<TStatusJuridico, number>>): TContadoresJuridicos {
  return {
    total: somar(porStatus, STATUS_JURIDICO),
    emAndamento: somar(porStatus, STATUS_EM_ANDAMENTO),
    finalizados: somar(porStatus, STATUS_FINALIZADOS),
    pendentes: somar(porStatus, STATUS_PENDENTES),
  };
}

/** Slices of the status pie: every status with processes, in the vocabulary's order, with its fixed colour. */
export function fatiasStatusJuridico(porStatus: Partial<Record<TStatusJuridico, number>>) {
  return STATUS_JURIDICO.filter((s) => (porStatus[s] ?? 0) > 0).map((s) => ({
    status: s,
    quantidade: porStatus[s] ?? 0,
    cor: COR_STATUS_JURIDICO[s],
  }));
}

/** How many months the monthly chart shows (the current one and the ones before). */
export const MESES_GRAFICO_JURIDICO = 6;

const chaveMes = new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE, year: "numeric", month: "2-digit" });
const rotuloMes = new Intl.DateTimeFormat("pt-BR", { timeZone: TIMEZONE, month: "short", year: "2-digit" });

/** 'YYYY-MM' of an instant, in São Paulo. */
export function mesSP(d: Date): string {
  return chaveMes.format(d).slice(0, 7);
}

/**
 * The last `n` São Paulo months up to `agora`, oldest first, as 'YYYY-MM' with a pt-BR label ('jun. de 26'
 * shortened to 'jun/26'). The 15th of each month is used to step back, so no month is skipped or repeated.
 */
export function ultimosMeses(agora: Date, n = MESES_GRAFICO_JURIDICO): { mes: string; rotulo: string }[] {
  const [ano, mes] = mesSP(agora).split("-").map(Number);
  const meses: { mes: string; rotulo: string }[] = [];
  for (let k = n - 1; k >= 0; k--) {
    const d = new Date(Date.UTC(ano, mes - 1 - k, 15, 12));
    const [m, a] = rotuloMes
      .formatToParts(d)
      .reduce<[string, string]>(
        (acc, p) => (p.type === "month" ? [p.value.replace(".", ""), acc[1]] : p.type === "year" ? [acc[0], p.value] : acc),
        ["", ""],
      );
    meses.push({ mes: mesSP(d), rotulo: `${m}/${a}` });
  }
  return meses;
}

export type TMesJuridico = { mes: string; rotulo: string; abertos: number; finalizados: number };

/** The monthly series with every month present (zero where nothing happened). */
export function serieMensalJuridica(
  agora: Date,
  abertos: { mes: string; n: number }[],
  finalizados: { mes: string; n: number }[],
  n = MESES_GRAFICO_JURIDICO,
): TMesJuridico[] {
  const a = new Map(abertos.map((x) => [x.mes, x.n]));
  const f = new Map(finalizados.map((x) => [x.mes, x.n]));
  return ultimosMeses(agora, n).map((m) => ({ ...m, abertos: a.get(m.mes) ?? 0, finalizados: f.get(m.mes) ?? 0 }));
}

/** True when the series has nothing to draw ('Sem dados para exibir'). */
export function serieVazia(serie: TMesJuridico[]): boolean {
  return serie.every((m) => m.abertos === 0 && m.finalizados === 0);
}

/** Days after which a process still waiting for the first contact is an alert. */
export const DIAS_ALERTA_SEM_CONTATO = 3;
/** Days after documentation was requested with no document received since, before it is an alert. */
export const DIAS_ALERTA_DOCUMENTACAO = 5;

/** The dashboard's document tips: what a contract review needs from the client. */
export const DICAS_DOCUMENTOS: readonly string[] = [
  "Peça o contrato de financiamento completo, com todas as páginas e assinaturas.",
  "Solicite os extratos ou o demonstrativo das parcelas pagas e em aberto.",
  "Documento de identidade (RG ou CNH) e CPF do contratante.",
  "Comprovante de residência recente, de até 90 dias.",
  "Fotos legíveis ou PDF: evite imagens cortadas, tremidas ou com reflexo.",
];

/** Whole days between two instants (floor), for 'há N dias' figures. */
export function diasEntre(desde: Date | string, agora: Date = new Date()): number {
  return Math.max(0, Math.floor((agora.getTime() - new Date(desde).getTime()) / 86_400_000));
}

/** 000 §2.14: the legal dashboard is 'Dashboard Jurídico' for the Jurídico role, 'Departamento Jurídico' for others. */
export function tituloPainelJuridico(papel: string): string {
  return papel === PAPEL.juridico ? "Dashboard Jurídico" : "Departamento Jurídico";
}

/** pt-BR formatters shared by server (emails, exports) and web. Times are shown in America/Sao_Paulo. */
export const TIMEZONE = "America/Sao_Paulo";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const dataCurta = new Intl.DateTimeFormat("pt-BR", { timeZone: TIMEZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const dataHora = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIMEZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

const dataHoraSegundos = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIMEZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export function formatarBRL(valor: number | string | null | undefined): string {
  const n = typeof valor === "string" ? Number(valor) : (valor ?? 0);
  return brl.format(Number.isFinite(n) ? n : 0);
}

export function formatarData(d: Date | string | number): string {
  return dataCurta.format(new Date(d));
}

export function formatarDataHora(d: Date | string | number): string {
  return dataHora.format(new Date(d));
}

/** With seconds: when a check that can be run again within the minute was made (the installation's diagnosis). */
export function formatarDataHoraSegundos(d: Date | string | number): string {
  return dataHoraSegundos.format(new Date(d));
}

/** Notification times (000 §9): 'Agora', '{n}min atrás' under 60 min, '{n}h atrás' under 24 h, else a pt-BR date. */
export function tempoRelativoNotificacao(d: Date | string | number, agora: Date = new Date()): string {
  const diffMin = Math.floor((agora.getTime() - new Date(d).getTime()) / 60_000);
  if (diffMin < 1) return "Agora";
  if (diffMin < 60) return `${diffMin}min atrás`;
  const diffH = Math.floor(diffMin / 60);
  if (diffH < 24) return `${diffH}h atrás`;
  return formatarData(d);
}

/** General relative time (000 §9): 'agora mesmo', then minutes, hours, days (under 30), then months. */
export function tempoRelativo(d: Date | string | number, agora: Date = new Date()): string {
  const s = Math.floor((agora.getTime() - new Date(d).getTime()) / 1000);
  if (s < 60) return "agora mesmo";
  const min = Math.floor(s / 60);
  if (min < 60) return min === 1 ? "há 1 minuto" : `há ${min} minutos`;
  const h = Math.floor(min / 60);
  if (h < 24) return h === 1 ? "há 1 hora" : `há ${h} horas`;
  const dias = Math.floor(h / 24);
  if (dias < 30) return dias === 1 ? "há 1 dia" : `há ${dias} dias`;
  const meses = Math.floor(dias / 30);
  return meses === 1 ? "há 1 mês" : `há ${meses} meses`;
}

/** A count as pt-BR writes it: 155.250. */
export function formatarInteiro(n: number): string {
  return n.toLocaleString("pt-BR", { maximumFractionDigits: 0 });
}

/** Unread badge (000 §2.15): '99+' above 99. */
export function rotuloContador(n: number): string {
  return n > 99 ? "99+" : String(n);
}

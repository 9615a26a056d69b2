import type { TUnidadeSerie } from "@crm/domain/revisional/series";

/** 'aaaa-mm-01' as 'mm/aaaa': a month, no time zone to shift it. */
export const mesBR = (iso: string | null) => (iso ? `${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "—");
/** 'aaaa-mm-dd' as 'dd/mm/aaaa'. */
export const diaBR = (iso: string) => iso.slice(0, 10).split("-").reverse().join("/");
/** 1.85 → '1,85% a.m.'; a yearly series' value in its own unit: 11.2, '% a.a.' → '11,20% a.a.' */
export const taxaBR = (t: number | null, unidade: TUnidadeSerie = "% a.m.") =>
  t === null ? "—" : `${t.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 4 })}${unidade}`;

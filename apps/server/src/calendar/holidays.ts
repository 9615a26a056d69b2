/**
 * The national holiday calendar (decisions 1106, 1881): a leaf every feature may read — the legal deadlines, the
 * business hours — importing no feature, so neither depends on the other through it.
 */
import type { TEhFeriado } from "@crm/domain/deadlines";
import { isoDiaSP } from "@crm/domain/period";
import Holidays from "date-holidays";
import { relogio } from "../core/clock.js";

/** Brazil's national public holidays (date-holidays, type 'public'), one set per year, computed once. */
const porAno = new Map<number, Set<string>>();
const feriados = new Holidays("BR");

function doAno(ano: number): Set<string> {
  let s = porAno.get(ano);
  if (!s) {
    s = new Set(
      feriados
        .getHolidays(ano)
        .filter((h) => h.type === "public")
        .map((h) => h.date.slice(0, 10)),
    );
    porAno.set(ano, s);
  }
  return s;
}

/** The holiday predicate the domain's working-day rule takes (decision 1106). */
export const ehFeriadoNacional: TEhFeriado = (dia) => doAno(Number(dia.slice(0, 4))).has(dia);

/** Today in São Paulo, 'YYYY-MM-DD'. */
export const hojeSP = (agora: Date = relogio.agora()) => isoDiaSP(agora);

/** Brazil's national holidays from `de` to `ate` ('YYYY-MM-DD', inclusive), with their pt-BR names (decision 1881). */
export function feriadosNacionaisEntre(de: string, ate: string): { dia: string; nome: string }[] {
  const anos = [];
  for (let a = Number(de.slice(0, 4)); a <= Number(ate.slice(0, 4)); a++) anos.push(a);
  return anos
    .flatMap((a) => feriados.getHolidays(a, "pt"))
    .filter((h) => h.type === "public")
    .map((h) => ({ dia: h.date.slice(0, 10), nome: h.name }))
    .filter((h) => h.dia >= de && h.dia <= ate);
}

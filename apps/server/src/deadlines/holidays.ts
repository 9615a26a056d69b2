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

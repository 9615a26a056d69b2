import type { TEstadoAssinatura } from "./subscription";

/** An active monthly Básico subscription renewing on 2026-12-01: the unit tests' starting point. */
export const ESTADO_BASE: TEstadoAssinatura = {
  plano: "Básico",
  status: "Ativo",
  ciclo: "mensal",
  dataAdesao: "2026-01-10",
  dataRenovacao: "2026-12-01",
  testeAte: null,
  cancelarNoFim: false,
  planoAgendado: null,
  somenteLeituraDesde: null,
};

import type { TDiagnostico, TEstadoDiagnostico } from "@crm/domain/doctor";

const MARCA: Record<TEstadoDiagnostico, string> = { ok: "ok     ", aviso: "atenção", erro: "ERRO   " };

/** What `npm run doctor` prints: one line per check, its fix under it when not ok, and the tally. */
export function textoDoDiagnostico(d: TDiagnostico): string {
  const linhas = d.verificacoes.flatMap((v) => [
    `[${MARCA[v.estado]}] ${v.titulo}: ${v.detalhe}`,
    ...(v.correcao ? [`          → ${v.correcao}`] : []),
  ]);
  const conta = (e: TEstadoDiagnostico) => d.verificacoes.filter((v) => v.estado === e).length;
  return [...linhas, "", `${conta("ok")} ok, ${conta("aviso")} com atenção, ${conta("erro")} com erro.`].join("\n");
}

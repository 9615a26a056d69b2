import { iniciarServidorFalso, type TResposta, type TServidorFalso } from "./fake-http.js";

/**
 * A local server that speaks the Central Bank SGS JSON API (decision 1402):
 * `GET /dados/serie/bcdata.sgs.{código}/dados?formato=json&dataInicial=dd/MM/aaaa&dataFinal=dd/MM/aaaa` answers
 * `[{"data":"01/MM/aaaa","valor":"1.85"}]` for the months in the window; a window longer than 10 years gets 406
 * (as SGS since March 2025), a window with no value 404; `falhas` scripts answers before the real one (429, 5xx,
 * the firewall's HTML page).
 */
export type TSgsFalso = TServidorFalso & {
  series: Map<number, { data: string; valor: string }[]>;
  falhas: TResposta[];
};

const paraIso = (d: string) => {
  const [dia, mes, ano] = d.split("/");
  return `${ano}-${mes}-${dia}`;
};

export async function iniciarSgsFalso(): Promise<TSgsFalso> {
  const series = new Map<number, { data: string; valor: string }[]>();
  const falhas: TResposta[] = [];
  const servidor = await iniciarServidorFalso({
    "GET /dados/serie/bcdata\\.sgs\\.(\\d+)/dados": (p, [codigo]) => {
      const falha = falhas.shift();
      if (falha) return falha;
      const de = p.consulta.get("dataInicial");
      const ate = p.consulta.get("dataFinal");
      if (p.consulta.get("formato") !== "json" || !de || !ate) return { status: 400, json: { erro: "parâmetros" } };
      const [a, b] = [paraIso(de), paraIso(ate)];
      const limite = `${Number(a.slice(0, 4)) + 10}${a.slice(4)}`;
      if (b >= limite)
        return {
          status: 406,
          json: { error: "O sistema aceita uma janela de consulta de, no máximo, 10 anos em séries de periodicidade diária" },
        };
      const valores = (series.get(Number(codigo)) ?? []).filter((v) => paraIso(v.data) >= a && paraIso(v.data) <= b);
      if (!valores.length) return { status: 404, json: { error: "Value(s) not found", message: "Value(s) not found" } };
      return { json: valores };
    },
  });
  return Object.assign(servidor, { series, falhas });
}

/** Monthly values from `inicio` (yyyy-mm) for `meses` months, as SGS writes them. */
export function mesesSgs(inicio: string, meses: number, valor: (k: number) => number): { data: string; valor: string }[] {
  const [a, m] = inicio.split("-").map(Number);
  return Array.from({ length: meses }, (_, k) => {
    const d = new Date(Date.UTC(a, m - 1 + k, 1));
    return {
      data: `01/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`,
      valor: valor(k).toFixed(2),
    };
  });
}

import { dataSgs, janelasSgs, lerRespostaSgs, type TValorSerie } from "@crm/domain/revisional/sgs";

/**
 * Reads one SGS series from the Central Bank's public data API (decision 1402):
 * `GET {base}/dados/serie/bcdata.sgs.{código}/dados?formato=json&dataInicial=dd/MM/aaaa&dataFinal=dd/MM/aaaa`,
 * in windows of at most 10 years (since March 2025 a longer one is refused with HTTP 406). 429, 5xx, network
 * errors and the HTML page its firewall sometimes answers are retried with backoff; anything else is an error
 * in pt-BR, and a series is stored only when all its windows were read.
 */
export type TOpcoesSgs = { baseUrl: string; tentativas?: number; esperaMs?: number; timeoutMs?: number };

export class ErroSgs extends Error {}

export async function lerSerieSgs(codigo: number, inicio: string, fim: string, o: TOpcoesSgs): Promise<TValorSerie[]> {
  const valores: TValorSerie[] = [];
  for (const [de, ate] of janelasSgs(inicio, fim)) valores.push(...(await lerJanela(codigo, de, ate, o)));
  return valores;
}

async function lerJanela(codigo: number, de: string, ate: string, o: TOpcoesSgs): Promise<TValorSerie[]> {
  const url = `${o.baseUrl}/dados/serie/bcdata.sgs.${codigo}/dados?formato=json&dataInicial=${dataSgs(de)}&dataFinal=${dataSgs(ate)}`;
  const tentativas = o.tentativas ?? 4;
  let ultimo = "";
  for (let k = 0; k < tentativas; k++) {
    if (k > 0) await new Promise((ok) => setTimeout(ok, (o.esperaMs ?? 1000) * 2 ** (k - 1)));
    let r: Response;
    try {
      r = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(o.timeoutMs ?? 20_000) });
    } catch (e) {
      ultimo = `sem resposta do SGS (${(e as Error).name === "TimeoutError" ? "tempo esgotado" : "falha de rede"})`;
      continue;
    }
    const texto = await r.text();
    // no value in the window: SGS answers 404 (or an empty list)
    if (r.status === 404) return [];
    if (r.status === 429 || r.status >= 500) {
      ultimo = `SGS respondeu ${r.status}`;
      continue;
    }
    if (r.status === 406) throw new ErroSgs(`O SGS recusou a janela de ${dataSgs(de)} a ${dataSgs(ate)} (HTTP 406).`);
    if (!r.ok) throw new ErroSgs(`O SGS respondeu ${r.status} para a série ${codigo}.`);
    let corpo: unknown;
    try {
      corpo = JSON.parse(texto);
    } catch {
      // the firewall's HTML page comes with 200: retried like an outage
      ultimo = "o SGS respondeu uma página que não é JSON";
      continue;
    }
    const lido = lerRespostaSgs(codigo, corpo);
    if (!lido.ok) throw new ErroSgs(lido.erro);
    return lido.valores;
  }
  throw new ErroSgs(`Não foi possível ler a série ${codigo} do SGS: ${ultimo}.`);
}

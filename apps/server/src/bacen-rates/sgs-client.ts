import { dataSgs, janelasSgs, lerRespostaSgs, type TValorSerie } from "@crm/domain/revisional/sgs";
import pRetry from "p-retry";

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

/** A failure worth another try (outage, throttling, no answer, the firewall's page); its message says which. */
class FalhaTemporaria extends Error {}

async function lerJanela(codigo: number, de: string, ate: string, o: TOpcoesSgs): Promise<TValorSerie[]> {
  const url = `${o.baseUrl}/dados/serie/bcdata.sgs.${codigo}/dados?formato=json&dataInicial=${dataSgs(de)}&dataFinal=${dataSgs(ate)}`;
  try {
    // waits esperaMs, 2×, 4× … between tries (decision 1743)
    return await pRetry(() => tentarJanela(url, codigo, de, ate, o), {
      retries: (o.tentativas ?? 4) - 1,
      minTimeout: o.esperaMs ?? 1000,
      factor: 2,
      shouldRetry: ({ error }) => error instanceof FalhaTemporaria,
    });
  } catch (e) {
    if (e instanceof FalhaTemporaria) throw new ErroSgs(`Não foi possível ler a série ${codigo} do SGS: ${e.message}.`);
    throw e;
  }
}

async function tentarJanela(url: string, codigo: number, de: string, ate: string, o: TOpcoesSgs): Promise<TValorSerie[]> {
  let r: Response;
  try {
    r = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(o.timeoutMs ?? 20_000) });
  } catch (e) {
    throw new FalhaTemporaria(
      `sem resposta do SGS (${(e as Error).name === "TimeoutError" ? "tempo esgotado" : "falha de rede"})`,
    );
  }
  const texto = await r.text();
  // no value in the window: SGS answers 404 (or an empty list)
  if (r.status === 404) return [];
  if (r.status === 429 || r.status >= 500) throw new FalhaTemporaria(`SGS respondeu ${r.status}`);
  if (r.status === 406) throw new ErroSgs(`O SGS recusou a janela de ${dataSgs(de)} a ${dataSgs(ate)} (HTTP 406).`);
  if (!r.ok) throw new ErroSgs(`O SGS respondeu ${r.status} para a série ${codigo}.`);
  let corpo: unknown;
  try {
    corpo = JSON.parse(texto);
  } catch {
    // the firewall's HTML page comes with 200: retried like an outage
    throw new FalhaTemporaria("o SGS respondeu uma página que não é JSON");
  }
  const lido = lerRespostaSgs(codigo, corpo);
  if (!lido.ok) throw new ErroSgs(lido.erro);
  return lido.valores;
}

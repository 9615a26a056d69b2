import { MSG } from "@crm/domain/messages";
import type {
  TCustoMarketing,
  TCustoMarketingForm,
  TImportacaoCustos,
  TImportacaoCustosRecusada,
  TListaCustos,
} from "@crm/domain/schemas/marketing";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, COOKIE_CSRF, lerCookie } from "../../lib/api";
import type { TSelecaoPeriodo } from "../../ui/PeriodSelector";

/** The company the screen acts on: the admin's own (null), or the one the platform admin opened. */
export type TAlvo = { empresaId: string | null };
export type TFiltroTela = TSelecaoPeriodo & { plataforma: string; pagina: number };

const BASE = "/api/custos-marketing";
const comEmpresa = (p: URLSearchParams, { empresaId }: TAlvo) => {
  if (empresaId) p.set("empresaId", empresaId);
  const s = p.toString();
  return s ? `?${s}` : "";
};

export const CHAVE_CUSTOS = ["custos-marketing"] as const;

export const custosQuery = (alvo: TAlvo, f: TFiltroTela) =>
  queryOptions({
    queryKey: [...CHAVE_CUSTOS, alvo.empresaId, f],
    queryFn: ({ signal }) => {
      const p = new URLSearchParams({ periodo: f.periodo, pagina: String(f.pagina) });
      if (f.periodo === "custom" && f.inicio && f.fim) {
        p.set("inicio", f.inicio);
        p.set("fim", f.fim);
      }
      if (f.plataforma) p.set("plataforma", f.plataforma);
      return api<TListaCustos>(`${BASE}${comEmpresa(p, alvo)}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const criarCusto = (alvo: TAlvo, c: TCustoMarketingForm) =>
  api<TCustoMarketing>(`${BASE}${comEmpresa(new URLSearchParams(), alvo)}`, { method: "POST", body: c });

export const atualizarCusto = (alvo: TAlvo, id: string, c: TCustoMarketingForm) =>
  api<TCustoMarketing>(`${BASE}/${encodeURIComponent(id)}${comEmpresa(new URLSearchParams(), alvo)}`, { method: "PUT", body: c });

export const excluirCusto = (alvo: TAlvo, id: string) =>
  api(`${BASE}/${encodeURIComponent(id)}${comEmpresa(new URLSearchParams(), alvo)}`, { method: "DELETE" });

export class ImportacaoCustosRecusada extends Error {
  constructor(public readonly recusa: TImportacaoCustosRecusada) {
    super(recusa.erro);
  }
}

/** Sends the CSV as multipart with the CSRF header; the answer is the count, or the refusal with its line errors. */
export async function importarCsvCustos(alvo: TAlvo, arquivo: File): Promise<TImportacaoCustos> {
  if (!lerCookie(COOKIE_CSRF)) await fetch("/api/config/publica", { credentials: "include" }).catch(() => undefined);
  const corpo = new FormData();
  corpo.append("arquivo", arquivo, arquivo.name);
  const headers: Record<string, string> = { Accept: "application/json" };
  const csrf = lerCookie(COOKIE_CSRF);
  if (csrf) headers["X-CSRF-Token"] = csrf;
  let resp: Response;
  try {
    resp = await fetch(`${BASE}/importacao${comEmpresa(new URLSearchParams(), alvo)}`, {
      method: "POST",
      body: corpo,
      headers,
      credentials: "include",
    });
  } catch {
    throw new ImportacaoCustosRecusada({ erro: MSG.erroConexao });
  }
  const json = (await resp.json().catch(() => null)) as (TImportacaoCustos & TImportacaoCustosRecusada) | null;
  if (resp.ok && json) return json;
  throw new ImportacaoCustosRecusada({ ...json, erro: typeof json?.erro === "string" ? json.erro : MSG.erroProcessarCsv });
}

/** 'YYYY-MM-DD' as 'dd/mm/aaaa': a calendar day, no time zone to shift it. */
export const diaBR = (iso: string) => iso.split("-").reverse().join("/");

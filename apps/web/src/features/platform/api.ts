import type { TDiagnostico } from "@crm/domain/doctor";
import type {
  TConfiguracoesPlataforma,
  TConfiguracoesPlataformaEntrada,
  TFiltroUsuariosPlataforma,
  TIndicadoresPlataforma,
  TListaUsuariosPlataforma,
  TResultadoAcaoUsuario,
} from "@crm/domain/schemas/platform";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const CHAVE_PLATAFORMA = ["plataforma"] as const;

/** From/To as typed; empty means the server's default (the last twelve months). */
export type TPeriodoTela = { de: string; ate: string };

/** `porEmpresa`: with the per-company rows (/analytics' table); /dashboard asks without them. */
export const indicadoresQuery = (p: TPeriodoTela, porEmpresa = false) =>
  queryOptions({
    queryKey: [...CHAVE_PLATAFORMA, "indicadores", p, porEmpresa],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams();
      if (p.de) q.set("de", p.de);
      if (p.ate) q.set("ate", p.ate);
      if (porEmpresa) q.set("porEmpresa", "1");
      return api<TIndicadoresPlataforma>(`/api/plataforma/indicadores?${q}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export type TFiltroUsuariosTela = Omit<TFiltroUsuariosPlataforma, "pagina" | "busca"> & { busca: string; pagina: number };

export const usuariosQuery = (f: TFiltroUsuariosTela) =>
  queryOptions({
    queryKey: [...CHAVE_PLATAFORMA, "usuarios", f],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ pagina: String(f.pagina) });
      if (f.busca.trim()) q.set("busca", f.busca.trim());
      if (f.papel) q.set("papel", f.papel);
      if (f.empresaId) q.set("empresaId", f.empresaId);
      if (f.status) q.set("status", f.status);
      return api<TListaUsuariosPlataforma>(`/api/plataforma/usuarios?${q}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export type TAcaoUsuario = "desativar" | "reativar" | "encerrar-sessoes";
export const agirSobreUsuario = (id: string, acao: TAcaoUsuario) =>
  api<TResultadoAcaoUsuario>(`/api/plataforma/usuarios/${encodeURIComponent(id)}/${acao}`, { method: "POST", body: {} });
export const mudarPapel = (id: string, papel: string) =>
  api<TResultadoAcaoUsuario>(`/api/plataforma/usuarios/${encodeURIComponent(id)}/papel`, { method: "PUT", body: { papel } });

export const configuracoesQuery = queryOptions({
  queryKey: [...CHAVE_PLATAFORMA, "configuracoes"],
  queryFn: ({ signal }) => api<TConfiguracoesPlataforma>("/api/plataforma/configuracoes", { signal }),
});
export const salvarConfiguracoes = (c: TConfiguracoesPlataformaEntrada) =>
  api<TConfiguracoesPlataforma>("/api/plataforma/configuracoes", { method: "PUT", body: c });

/** The installation's checks, the same as `npm run doctor` (decision 1858); asked again only on demand. */
export const diagnosticoQuery = queryOptions({
  queryKey: [...CHAVE_PLATAFORMA, "diagnostico"],
  queryFn: ({ signal }) => api<TDiagnostico>("/api/plataforma/diagnostico", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

import type {
  TDetalheEmpresa,
  TEdicaoEmpresa,
  TEmpresaCartao,
  TNovaEmpresa,
  TPaginaEmpresas,
  TPapelGerenciavel,
} from "@crm/domain/schemas/companies";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type TFiltroEmpresasTela = { busca: string; status: string; plano: string; pagina: number };

const BASE = "/api/empresas";
const id = (v: string) => encodeURIComponent(v);

export const CHAVE_EMPRESAS = ["empresas"] as const;

export const empresasQuery = (f: TFiltroEmpresasTela) =>
  queryOptions({
    queryKey: [...CHAVE_EMPRESAS, "lista", f],
    queryFn: ({ signal }) => {
      const p = new URLSearchParams({ pagina: String(f.pagina) });
      if (f.busca.trim()) p.set("busca", f.busca.trim());
      if (f.status) p.set("status", f.status);
      if (f.plano) p.set("plano", f.plano);
      return api<TPaginaEmpresas>(`${BASE}?${p}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const empresaQuery = (empresaId: string) =>
  queryOptions({
    queryKey: [...CHAVE_EMPRESAS, "detalhe", empresaId],
    queryFn: ({ signal }) => api<TDetalheEmpresa>(`${BASE}/${id(empresaId)}`, { signal }),
    retry: false,
  });

export const criarEmpresa = (d: TNovaEmpresa) => api<TEmpresaCartao>(BASE, { method: "POST", body: d });
export const editarEmpresa = (empresaId: string, d: TEdicaoEmpresa) =>
  api<TEmpresaCartao>(`${BASE}/${id(empresaId)}`, { method: "PUT", body: d });
export const suspenderEmpresa = (empresaId: string) =>
  api<{ sessoesEncerradas: number }>(`${BASE}/${id(empresaId)}/suspender`, { method: "POST" });
export const reativarEmpresa = (empresaId: string) => api(`${BASE}/${id(empresaId)}/reativar`, { method: "POST" });
export const excluirEmpresa = (empresaId: string, confirmacao: string) =>
  api(`${BASE}/${id(empresaId)}`, { method: "DELETE", body: { confirmacao } });

const usuario = (empresaId: string, usuarioId: string) => `${BASE}/${id(empresaId)}/usuarios/${id(usuarioId)}`;
export const mudarPapel = (empresaId: string, usuarioId: string, papel: TPapelGerenciavel) =>
  api(`${usuario(empresaId, usuarioId)}/papel`, { method: "PUT", body: { papel } });
export const desativarUsuario = (empresaId: string, usuarioId: string) =>
  api(`${usuario(empresaId, usuarioId)}/desativar`, { method: "POST" });
export const reativarUsuario = (empresaId: string, usuarioId: string) =>
  api(`${usuario(empresaId, usuarioId)}/reativar`, { method: "POST" });
export const enviarRedefinicao = (empresaId: string, usuarioId: string) =>
  api<{ email: string }>(`${usuario(empresaId, usuarioId)}/redefinir-senha`, { method: "POST" });
export const reenviarConvite = (empresaId: string, conviteId: string) =>
  api<{ email: string }>(`${BASE}/${id(empresaId)}/convites/${id(conviteId)}/reenviar`, { method: "POST" });

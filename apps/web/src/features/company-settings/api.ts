import type {
  TConfiguracoes,
  TIAEntrada,
  TResultadoTeste,
  TSalvarConfiguracoes,
  TWhatsAppEntrada,
} from "@crm/domain/schemas/settings";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const configuracoesQuery = queryOptions({
  queryKey: ["empresa", "configuracoes"],
  queryFn: ({ signal }) => api<TConfiguracoes>("/api/empresa/configuracoes", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const salvar = (c: TSalvarConfiguracoes) => api<TConfiguracoes>("/api/empresa/configuracoes", { method: "PUT", body: c });
export const testarWhatsApp = (w: TWhatsAppEntrada) =>
  api<TResultadoTeste>("/api/empresa/configuracoes/testar-whatsapp", { method: "POST", body: w });
export const testarIA = (i: TIAEntrada) =>
  api<TResultadoTeste>("/api/empresa/configuracoes/testar-ia", { method: "POST", body: i });

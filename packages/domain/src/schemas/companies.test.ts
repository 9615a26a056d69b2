import { describe, expect, it } from "vitest";
import { MSG } from "../messages";
import { isoDiaSP } from "../period";
import { descreverAcaoPlataforma, ZNovaEmpresa } from "./companies";

const valida = {
  nome_empresa: "  Taxa Certa  ",
  email_contato: " Contato@TaxaCerta.com.br ",
  plano_assinatura: "Premium",
  status_assinatura: "Inativo",
  data_adesao: "2026-01-10",
  nome_admin: "Beatriz",
  email_admin: "BEA@taxacerta.com.br",
};

describe("ZNovaEmpresa", () => {
  it("trims and lower-cases what identifies the company and its admin", () => {
    expect(ZNovaEmpresa.parse(valida)).toEqual({
      ...valida,
      nome_empresa: "Taxa Certa",
      email_contato: "contato@taxacerta.com.br",
      email_admin: "bea@taxacerta.com.br",
    });
  });

  it("refuses a join date after today in São Paulo, and today is fine", () => {
    const hoje = isoDiaSP(new Date());
    expect(ZNovaEmpresa.safeParse({ ...valida, data_adesao: hoje }).success).toBe(true);
    const r = ZNovaEmpresa.safeParse({ ...valida, data_adesao: "2099-12-31" });
    expect(r.error?.issues.map((i) => i.message)).toEqual([MSG.dataAdesaoFutura]);
  });

  it("creates a company only as Ativo or Inativo (Suspenso is an action)", () => {
    const r = ZNovaEmpresa.safeParse({ ...valida, status_assinatura: "Suspenso" });
    expect(r.error?.issues.map((i) => i.message)).toEqual([MSG.statusEmpresaObrigatorio]);
  });
});

describe("descreverAcaoPlataforma", () => {
  it("says each platform action in pt-BR", () => {
    expect(descreverAcaoPlataforma("plataforma.usuario.papel", { email: "a@b.com", de: "Consultor", para: "Jurídico" })).toBe(
      "Papel de a@b.com alterado de Consultor para Jurídico",
    );
    expect(
      descreverAcaoPlataforma("plataforma.empresa.editada", {
        antes: { plano_assinatura: "Básico", nome_empresa: "A" },
        depois: { plano_assinatura: "Enterprise", nome_empresa: "B" },
      }),
    ).toBe("Dados alterados (plano: Básico → Enterprise; nome: A → B)");
    expect(descreverAcaoPlataforma("plataforma.empresa.suspensa", {})).toBe(
      "Empresa suspensa: usuários desconectados e acesso bloqueado",
    );
  });
});

import { describe, expect, it } from "vitest";
import { PAPEL } from "./roles";
import { ESTADO_BASE } from "./subscription.fixture";
import {
  acessoNaFase,
  eventosDaFase,
  FASES_ASSINATURA,
  faseAssinatura,
  motivoAcaoBloqueada,
  oQueFazer,
  proximaFase,
  rotaLiberada,
} from "./subscription-machine";

const base = ESTADO_BASE;

describe("subscription state machine", () => {
  it("derives the phase", () => {
    expect(faseAssinatura(base, "2026-11-24")).toBe("ativa");
    expect(faseAssinatura({ ...base, testeAte: "2026-11-30" }, "2026-11-24")).toBe("teste");
    expect(faseAssinatura({ ...base, testeAte: "2026-11-20" }, "2026-11-24")).toBe("ativa");
    expect(faseAssinatura({ ...base, cancelarNoFim: true }, "2026-11-24")).toBe("cancelamento_agendado");
    expect(faseAssinatura({ ...base, somenteLeituraDesde: "2026-11-20" }, "2026-11-24")).toBe("somente_leitura");
    expect(faseAssinatura({ ...base, status: "Suspenso" }, "2026-11-24")).toBe("suspensa");
    expect(faseAssinatura({ ...base, status: "Inativo" }, "2026-11-24")).toBe("inativa");
  });
  it("is in pending payment once an unpaid invoice passes its due day", () => {
    expect(faseAssinatura({ ...base, vencimentoEmAberto: "2026-11-24" }, "2026-11-24")).toBe("ativa");
    expect(faseAssinatura({ ...base, vencimentoEmAberto: "2026-11-23" }, "2026-11-24")).toBe("pagamento_pendente");
    expect(faseAssinatura({ ...base, status: "Inativo", vencimentoEmAberto: "2026-11-01" }, "2026-11-24")).toBe("inativa");
  });
  it("goes forward by the calendar and back by paying or reactivating", () => {
    expect(proximaFase("teste", "fim_do_teste")).toBe("ativa");
    expect(proximaFase("ativa", "fatura_venceu")).toBe("pagamento_pendente");
    expect(proximaFase("pagamento_pendente", "atraso_somente_leitura")).toBe("somente_leitura");
    expect(proximaFase("somente_leitura", "atraso_suspensao")).toBe("suspensa");
    expect(proximaFase("cancelamento_agendado", "fim_do_periodo")).toBe("inativa");
    for (const f of ["pagamento_pendente", "somente_leitura", "suspensa", "inativa"] as const)
      expect(proximaFase(f, "pagar")).toBe("ativa");
    expect(proximaFase("inativa", "reativar")).toBe("ativa");
    expect(proximaFase("cancelamento_agendado", "retomar")).toBe("ativa");
    // what does not apply is refused
    expect(proximaFase("ativa", "reativar")).toBeNull();
    expect(proximaFase("inativa", "retomar")).toBeNull();
    expect(proximaFase("inativa", "cancelar")).toBeNull();
    // every state has a way out, and every target is a state
    for (const f of FASES_ASSINATURA) {
      expect(eventosDaFase(f).length).toBeGreaterThan(0);
      for (const ev of eventosDaFase(f)) expect(FASES_ASSINATURA).toContain(proximaFase(f, ev));
    }
  });
  it("says what each state may do, per role", () => {
    expect(acessoNaFase("ativa", PAPEL.consultor)).toBe("total");
    expect(acessoNaFase("pagamento_pendente", PAPEL.admin)).toBe("total");
    expect(acessoNaFase("somente_leitura", PAPEL.admin)).toBe("leitura");
    expect(acessoNaFase("inativa", PAPEL.juridico)).toBe("leitura");
    expect(acessoNaFase("suspensa", PAPEL.admin)).toBe("somente_assinatura");
    expect(acessoNaFase("suspensa", PAPEL.consultor)).toBe("nenhum");
    // routes: a lead write is refused when inactive, /assinatura stays open to the admin in every state
    expect(rotaLiberada("inativa", PAPEL.admin, "leads.gerenciar", true)).toBe(false);
    expect(rotaLiberada("inativa", PAPEL.admin, "leads.gerenciar", false)).toBe(true);
    expect(rotaLiberada("suspensa", PAPEL.admin, "leads.gerenciar", false)).toBe(false);
    for (const f of FASES_ASSINATURA) {
      expect(rotaLiberada(f, PAPEL.admin, "assinatura.gerenciar", true)).toBe(true);
      expect(rotaLiberada(f, PAPEL.consultor, "sessao.usar", true)).toBe(true);
    }
  });
  it("tells each blocked state what to do, in pt-BR", () => {
    expect(oQueFazer("ativa", PAPEL.admin, false)).toBeNull();
    expect(oQueFazer("inativa", PAPEL.admin, false)).toMatch(/Reative a assinatura em Assinatura/);
    expect(oQueFazer("inativa", PAPEL.consultor, false)).toMatch(/Peça a um administrador/);
    expect(oQueFazer("suspensa", PAPEL.admin, true)).toMatch(/Pague a fatura em aberto/);
    expect(oQueFazer("suspensa", PAPEL.admin, false)).toMatch(/suporte/);
  });
  it("opens actions per spec 000 §2.13", () => {
    expect(motivoAcaoBloqueada({ ...base, status: "Inativo" }, "reativar", "2026-11-24")).toBeNull();
    expect(motivoAcaoBloqueada(base, "reativar", "2026-11-24")).not.toBeNull();
    // an inactive company keeps no scheduled cancel to undo (the operator's Inativo)
    expect(motivoAcaoBloqueada({ ...base, status: "Inativo", cancelarNoFim: true }, "retomar", "2026-11-24")).not.toBeNull();
    expect(motivoAcaoBloqueada({ ...base, plano: "Enterprise" }, "upgrade", "2026-11-24")).toMatch(/Enterprise/);
    expect(motivoAcaoBloqueada(base, "upgrade", "2026-11-24", "Premium")).toBeNull();
    expect(motivoAcaoBloqueada(base, "upgrade", "2026-11-24", "Básico")).not.toBeNull();
    expect(motivoAcaoBloqueada(base, "downgrade", "2026-11-24")).not.toBeNull();
    expect(motivoAcaoBloqueada({ ...base, plano: "Premium" }, "downgrade", "2026-11-24", "Básico")).toBeNull();
    expect(motivoAcaoBloqueada(base, "cancelar", "2026-11-24")).toBeNull();
    expect(motivoAcaoBloqueada({ ...base, status: "Inativo" }, "cancelar", "2026-11-24")).not.toBeNull();
    expect(motivoAcaoBloqueada({ ...base, cancelarNoFim: true }, "cancelar", "2026-11-24")).not.toBeNull();
    expect(motivoAcaoBloqueada({ ...base, cancelarNoFim: true }, "retomar", "2026-11-24")).toBeNull();
    expect(motivoAcaoBloqueada({ ...base, status: "Suspenso" }, "upgrade", "2026-11-24", "Premium")).toMatch(/suspensa/);
  });
});

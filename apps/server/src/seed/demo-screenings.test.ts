import { eficienciaIa, STATUS_APOS_DECISAO, STATUS_TRIAVEIS } from "@crm/domain/screening";
import { describe, expect, it } from "vitest";
import { DIA } from "./demo-context.js";
import { gerarLeads } from "./demo-leads.js";
import { gerarTriagens } from "./demo-screenings.js";
import { criarAleatorio } from "./random.js";

const agora = new Date("2025-06-15T12:00:00Z");
const empresa = {
  id: "00000000-0000-4000-8000-000000000001",
  nome: "Demo",
  plano: "Premium" as const,
  adminUsuarioId: "00000000-0000-4000-8000-000000000002",
  juridicoUsuarioId: null,
  consultores: [{ id: "00000000-0000-4000-8000-000000000003", nome: "Ana", usuarioId: null, peso: 1 }],
};
const { leads, historico } = gerarLeads({ r: criarAleatorio(7), agora }, empresa, 500);
const triagens = gerarTriagens(criarAleatorio(8), leads, historico);

describe("gerarTriagens (the demo's screening history)", () => {
  it("every screened lead's decisions agree with its status history, at the time it left screening", () => {
    const porLead = new Map<string, typeof triagens>();
    for (const t of triagens) porLead.set(t.id_lead_fk as string, [...(porLead.get(t.id_lead_fk as string) ?? []), t]);
    for (const lead of leads) {
      const saida = historico.find(
        (h) => h.id_lead_fk === lead.id && h.campo === "status_lead" && h.valor_anterior === "Em Triagem IA",
      );
      const ts = porLead.get(lead.id) ?? [];
      const finais = ts.filter((t) => t.decisao !== "duvidas");
      if (!saida) {
        expect(finais).toEqual([]);
        if (lead.status === "Em Triagem IA") expect(ts.map((t) => t.decisao)).toEqual(["duvidas"]);
        continue;
      }
      expect(finais).toHaveLength(1);
      const esperado = {
        "Confirmado pela IA": "qualificado",
        "Desqualificado / Perdido": "rejeitado",
        "Requer Análise Manual IA": "erro",
      };
      expect(finais[0].decisao).toBe(esperado[saida.valor_novo as keyof typeof esperado]);
      expect(finais[0].created_at).toEqual(saida.created_at);
      for (const t of ts) expect((t.created_at as Date) >= lead.criadoEm).toBe(true);
    }
    expect(STATUS_TRIAVEIS).toContain(STATUS_APOS_DECISAO.duvidas);
  });

  it("spreads over the last months and gives a real, imperfect 'Eficiência IA' in each of the last three", () => {
    for (let m = 0; m < 3; m++) {
      const [de, ate] = [agora.getTime() - (m + 1) * 30 * DIA, agora.getTime() - m * 30 * DIA];
      const doMes = triagens.filter((t) => {
        const x = (t.created_at as Date).getTime();
        return x >= de && x < ate && t.decisao !== "duvidas";
      });
      const mantidas = doMes.filter(
        (t) => t.decisao !== "erro" && (t.revisao_decisao === null || t.revisao_decisao === t.decisao),
      ).length;
      const e = eficienciaIa({ concluidas: doMes.length, mantidas });
      expect(e).not.toBeNull();
      expect(e).toBeGreaterThan(50);
      expect(e).toBeLessThan(100);
    }
  });
});

import { metricasCusto } from "@crm/domain/marketing";
import { isoDiaSP } from "@crm/domain/period";
import { ZCustoMarketingForm } from "@crm/domain/schemas/marketing";
import { describe, expect, it } from "vitest";
import { gerarCustos } from "../seed/demo-extras.js";
import { criarAleatorio } from "../seed/random.js";

describe("the demo's marketing costs fit /marketing's form", () => {
  const agora = new Date("2026-11-24T02:00:00Z"); // 23:00 in São Paulo, the day before in UTC terms
  const empresa = {
    id: "00000000-0000-4000-8000-000000000001",
    nome: "Demo",
    plano: "Premium",
    adminUsuarioId: "x",
    consultores: [],
    juridicoUsuarioId: null,
  } as const;
  const linhas = gerarCustos({ r: criarAleatorio(7), agora }, { ...empresa, consultores: [] }, [
    { plataforma: "Facebook", chance: 0.9, base: 180 },
    { plataforma: "TikTok", chance: 0.3, base: 0.001 },
    { plataforma: "Outro", chance: 0.1, base: 40 },
  ]);

  it("every row passes the form's schema and carries the server's ratios", () => {
    expect(linhas.length).toBeGreaterThan(300);
    for (const l of linhas) {
      const form = ZCustoMarketingForm.safeParse(l);
      expect(form.success, JSON.stringify(l)).toBe(true);
      expect({ ctr: l.ctr, cpc: l.cpc, cpm: l.cpm }).toEqual(
        metricasCusto(l.valor_gasto as number, l.impressoes as number, l.cliques as number),
      );
    }
  });

  it("covers the last 30 São Paulo days up to yesterday", () => {
    const dias = new Set(linhas.map((l) => l.data_custo));
    const ontem = isoDiaSP(new Date(agora.getTime() - 86_400_000));
    expect(dias.has(ontem)).toBe(true);
    expect(dias.has(isoDiaSP(agora))).toBe(false);
  });
});

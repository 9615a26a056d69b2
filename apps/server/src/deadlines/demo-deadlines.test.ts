import type { TMeusPrazos } from "@crm/domain/schemas/deadlines";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { entrar } from "../../test/factories.js";
import { seedDemoIfEmpty } from "../seed/demo.js";

const t = useTestApp();

describe("demo deadlines", () => {
  it("the demo Jurídico's 'Meus prazos' shows every urgency, done ones, and a few processes with no next deadline", async () => {
    expect(await seedDemoIfEmpty(t.deps, { info: () => {} })).not.toBeNull();
    const nav = t.navegador();
    await entrar(nav, "juridico@demo.com.br", "demo1234");
    const r = (await nav.req({ url: "/api/prazos" })).json() as TMeusPrazos;
    for (const u of ["vencido", "hoje", "semana", "depois"] as const) expect(r.urgencias[u], u).toBeGreaterThan(0);
    expect(r.semProximo.length).toBeGreaterThan(0);
    expect(r.semProximo.length).toBeLessThan(r.prazos.length);
    const feitos = (await nav.req({ url: "/api/prazos?estado=concluido" })).json() as TMeusPrazos;
    expect(feitos.prazos.length).toBeGreaterThan(0);
    // the admin sees the unassigned processes' deadlines as theirs, and every chain template
    const adm = t.navegador();
    await entrar(adm, "admin@demo.com.br", "demo1234");
    const modelos = (await adm.req({ url: "/api/prazos-modelos" })).json() as unknown[];
    expect(modelos.length).toBeGreaterThanOrEqual(5);
  }, 180_000); // seeding the whole demo (argon2 and ~1,500 rows) on a shared 2-core machine
});

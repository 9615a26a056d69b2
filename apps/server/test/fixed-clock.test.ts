import { intervaloDoPeriodo } from "@crm/domain/period";
import type { TResumoLeads } from "@crm/domain/schemas/leads";
import { afterAll, describe, expect, it } from "vitest";
import { consultar, dadosRegistro } from "../src/auth/testing.js";
import { hojeSP } from "../src/calendar/holidays.js";
import { relogio } from "../src/core/clock.js";
import { unsafeWithSystem } from "../src/db/tenant.js";
import { useTestApp } from "./app.js";
import { criarEmpresaComUsuarios, criarLead } from "./factories.js";

// Decision 1795: business dates read the server's clock. At these instants São Paulo's day differs from UTC's, and
// the second one closes a month and a year: a 'today' taken from UTC or from the machine's day would be seen here.
const INSTANTES = [
  { nome: "Sunday 23:30 in São Paulo", instante: "2026-12-06T23:30:00-03:00", dia: "2026-12-06" },
  { nome: "the last day of a month, 23:30 in São Paulo", instante: "2026-12-31T23:30:00-03:00", dia: "2026-12-31" },
];

const t = useTestApp();
afterAll(() => relogio.fixar(null));

describe.each(INSTANTES)("the server's clock at $nome", ({ instante, dia }) => {
  it("gives São Paulo's day as today", () => {
    relogio.fixar(instante);
    expect(hojeSP()).toBe(dia);
  });

  it("starts a new company's subscription on that day, with its 14-day trial", async () => {
    relogio.fixar(instante);
    const email = `relogio.${dia}@exemplo.com.br`;
    const reg = await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro(email) });
    expect(reg.statusCode, reg.body).toBe(201);
    const [empresa] = await consultar<{ adesao: string; teste: string }>(
      t,
      "SELECT data_adesao::text AS adesao, teste_ate::text AS teste FROM empresas WHERE email_contato = $1",
      [email],
    );
    const fimDoTeste = new Date(`${dia}T12:00:00Z`);
    fimDoTeste.setUTCDate(fimDoTeste.getUTCDate() + 14);
    expect(empresa).toEqual({ adesao: dia, teste: fimDoTeste.toISOString().slice(0, 10) });
  });

  it("counts in 'today' a lead of 23:00 and in 'yesterday' one of 23:59 the day before", async () => {
    relogio.fixar(instante);
    const e = await criarEmpresaComUsuarios(t);
    const inicioDoDia = intervaloDoPeriodo("today", relogio.agora())?.inicio as Date;
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const meiaHoraAntes = new Date(relogio.agora().getTime() - 30 * 60_000);
      await criarLead(tx, { id_empresa_fk: e.empresa.id, nome: "Hoje às 23h", created_at: meiaHoraAntes });
      await criarLead(tx, { id_empresa_fk: e.empresa.id, nome: "Ontem", created_at: new Date(inicioDoDia.getTime() - 60_000) });
    });
    const resumo = async (periodo: string): Promise<TResumoLeads> => {
      const res = await e.navegadores.admin.req({ url: `/api/leads/resumo?periodo=${periodo}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await resumo("today")).total).toBe(1);
    expect((await resumo("yesterday")).total).toBe(1);
  });
});

import { PAPEL } from "@crm/domain/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import type { TAuth } from "../http/auth-context.js";
import { esperarAte, sql } from "../screening/testing.js";
import { criarServicoPresenca } from "./presence.js";

const t = useTestApp();
let e: TEmpresaComUsuarios;
const GRACE = 300;

beforeAll(async () => {
  e = await criarEmpresaComUsuarios(t);
});

const auth = (x: TEmpresaComUsuarios, papel: "consultor" | "admin" = "consultor"): TAuth => ({
  sessaoId: `s-${Math.random()}`,
  usuarioId: x.usuarios[papel].id,
  email: x.usuarios[papel].email,
  nome: x.usuarios[papel].nome,
  papel: papel === "consultor" ? PAPEL.consultor : PAPEL.admin,
  empresaId: x.empresa.id,
  empresaNome: x.empresa.nome_empresa,
});
const status = async (x: TEmpresaComUsuarios) =>
  (await sql(t, "SELECT status_conexao FROM consultores WHERE id = $1", [x.consultor.id]))[0].status_conexao;
/** The graces' timers, held until the test ends them: no sleep, so a loaded machine cannot outrun a grace. */
function gracas() {
  const pendentes = new Set<() => void>();
  return {
    agendar: (fn: () => void) => {
      pendentes.add(fn);
      return () => pendentes.delete(fn);
    },
    /** every grace started so far ends now */
    terminar() {
      const agora = [...pendentes];
      pendentes.clear();
      for (const fn of agora) fn();
    },
  };
}

/** Live events of the company, as an admin's open /consultores would receive them. */
function ouvir(x: TEmpresaComUsuarios) {
  const { recebidos: eventos, sair } = ouvirTempoReal(t.deps, {
    usuarioId: x.usuarios.admin.id,
    empresaId: x.empresa.id,
    papel: PAPEL.admin,
    sessaoId: `ouvinte-${Math.random()}`,
  });
  return { eventos, sair };
}

describe("consultant presence", () => {
  it("follows the consultant's tabs: open → Conectado, all idle → Ocupado, gone (after the grace) → Desconectado", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const graca = gracas();
    const s = criarServicoPresenca(t.deps, { graceMs: GRACE, agendar: graca.agendar });
    const ouvinte = ouvir(x);
    const aba1 = s.abrir(auth(x));
    await s.aguardar();
    expect(await status(x)).toBe("Conectado");
    await esperarAte(
      async () => ouvinte.eventos.length,
      (n) => n > 0,
      3_000,
    );
    expect(ouvinte.eventos).toContainEqual({
      tipo: "consultor.status",
      dados: { consultorId: x.consultor.id, status_conexao: "Conectado" },
    });

    const aba2 = s.abrir(auth(x));
    aba1.mensagem(JSON.stringify({ tipo: "presenca", ocioso: true }));
    await s.aguardar();
    expect(await status(x)).toBe("Conectado"); // the other tab is in use
    aba2.mensagem(JSON.stringify({ tipo: "presenca", ocioso: true }));
    await s.aguardar();
    expect(await status(x)).toBe("Ocupado");
    aba2.mensagem(Buffer.from(JSON.stringify({ tipo: "presenca", ocioso: false })));
    aba2.mensagem("lixo");
    await s.aguardar();
    expect(await status(x)).toBe("Conectado");

    aba2.fechar();
    await s.aguardar();
    graca.terminar();
    await s.aguardar();
    expect(await status(x)).toBe("Ocupado"); // only the idle tab is left
    aba1.fechar();
    await s.aguardar();
    expect(await status(x)).toBe("Ocupado"); // within the grace: a reload is not leaving
    graca.terminar();
    await s.aguardar();
    expect(await status(x)).toBe("Desconectado");
    ouvinte.sair();
    s.parar();
  });

  it("a reload within the grace keeps the consultant online", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const graca = gracas();
    const s = criarServicoPresenca(t.deps, { graceMs: GRACE, agendar: graca.agendar });
    s.abrir(auth(x)).fechar();
    s.abrir(auth(x));
    await s.aguardar();
    graca.terminar();
    await s.aguardar();
    expect(await status(x)).toBe("Conectado");
    s.parar();
  });

  it("is computed from the database: tabs on two server instances count together", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const graca = gracas();
    const a = criarServicoPresenca(t.deps, { graceMs: GRACE, agendar: graca.agendar });
    const b = criarServicoPresenca(t.deps, { graceMs: GRACE, agendar: graca.agendar });
    const abaA = a.abrir(auth(x));
    b.abrir(auth(x));
    await Promise.all([a.aguardar(), b.aguardar()]);
    abaA.fechar();
    await a.aguardar();
    graca.terminar();
    await a.aguardar();
    expect(await status(x)).toBe("Conectado");
    a.parar();
    b.parar();
  });

  it("the sweep settles connections of a crashed instance and stale statuses, sparing recent ones", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const y = await criarEmpresaComUsuarios(t);
    const s = criarServicoPresenca(t.deps, { graceMs: GRACE, expiraMs: 2_000 });
    // x's only tab lives on an instance that died: its row stopped being refreshed
    await sql(
      t,
      "INSERT INTO presencas_consultor (id_empresa_fk, id_consultor_fk, visto_em) VALUES ($1, $2, now() - interval '1 minute')",
      [x.empresa.id, x.consultor.id],
    );
    await sql(
      t,
      "UPDATE consultores SET status_conexao = 'Conectado', ultima_atividade_em = now() - interval '1 minute' WHERE id = $1",
      [x.consultor.id],
    );
    // y was just marked online by another instance (within the grace)
    await sql(t, "UPDATE consultores SET status_conexao = 'Conectado', ultima_atividade_em = now() WHERE id = $1", [
      y.consultor.id,
    ]);
    await s.varrer();
    expect(await status(x)).toBe("Desconectado");
    expect(await status(y)).toBe("Conectado");
    expect(await sql(t, "SELECT 1 FROM presencas_consultor WHERE id_consultor_fk = $1", [x.consultor.id])).toEqual([]);
    // a live socket whose row was swept comes back with its next ping
    const aba = s.abrir(auth(x));
    await s.aguardar();
    await sql(t, "DELETE FROM presencas_consultor WHERE id_consultor_fk = $1", [x.consultor.id]);
    await sql(t, "UPDATE consultores SET status_conexao = 'Desconectado' WHERE id = $1", [x.consultor.id]);
    aba.batimento();
    await s.aguardar();
    expect(await status(x)).toBe("Conectado");
    s.parar();
  });

  it("people without a consultant record are not tracked", async () => {
    const s = criarServicoPresenca(t.deps, { graceMs: GRACE });
    s.abrir(auth(e, "admin")).mensagem(JSON.stringify({ tipo: "presenca", ocioso: true }));
    await s.aguardar();
    expect(await sql(t, "SELECT 1 FROM presencas_consultor WHERE id_empresa_fk = $1", [e.empresa.id])).toEqual([]);
    s.parar();
  });

  it("the /ws socket of a signed-in consultant is their presence", async () => {
    const cookie = [...e.navegadores.consultor.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const ws = await t.app.injectWS("/ws", { headers: { cookie } });
    const linhas = () => sql(t, "SELECT ocioso FROM presencas_consultor WHERE id_consultor_fk = $1", [e.consultor.id]);
    await esperarAte(linhas, (r) => r.length === 1, 3_000);
    expect(await status(e)).toBe("Conectado");
    ws.send(JSON.stringify({ tipo: "presenca", ocioso: true }));
    await esperarAte(
      () => status(e),
      (v) => v === "Ocupado",
      3_000,
    );
    expect(await status(e)).toBe("Ocupado");
    ws.terminate();
    await esperarAte(linhas, (r) => r.length === 0, 3_000);
    expect(await linhas()).toEqual([]);
  });
});

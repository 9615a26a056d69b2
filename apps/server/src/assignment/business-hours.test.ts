import { PAPEL } from "@crm/domain/roles";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/app.js";
import { createTestDatabase } from "../../test/db.js";
import { esperarFilasOciosas } from "../../test/queues.js";
import { relogio } from "../core/clock.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { closeDeps, createDeps, type TDeps } from "../deps.js";
import { criarConsultor, criarEmpresa, criarLead, criarUsuario } from "../seed/factories.js";
import { atribuirFilaDeEspera, varrerInicioDoExpediente } from "./waiting-queue.js";

/**
 * Business hours begin (decision 1503): the waiting leads of a company that assigns to offline
 * consultants during its hours are assigned when the hours open, by a sweep every minute and at an instance's
 * start; with several instances of the server on one database, each lead once.
 */
let url: string;
let drop: () => Promise<void>;
let dono: pg.Pool;
const instancias: TDeps[] = [];
const MIN = 60_000;

const iniciar = async () => {
  const d = await createDeps(testConfig(), url);
  instancias.push(d);
  return d;
};
const parar = async (d: TDeps) => {
  instancias.splice(instancias.indexOf(d), 1);
  await closeDeps(d);
};

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
  dono = new pg.Pool({ connectionString: url, max: 2 });
});
afterAll(async () => {
  for (const d of [...instancias]) await closeDeps(d);
  await dono?.end();
  await drop?.();
});

/** The weekly hours (decision 1881) of the same hours on each of `dias`. */
const semanaDe = (p: { dias: number[]; inicio: string; fim: string }) =>
  JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((d) => (p.dias.includes(d) ? { inicio: p.inicio, fim: p.fim } : null)));

/** A company with the rule on (or off), its hours, and `consultores` consultants who can sign in, all offline. */
async function empresa(d: TDeps, p: { ativo: boolean; dias: number[]; inicio: string; fim: string; consultores: number }) {
  return unsafeWithSystem(d.db.app, "teste", async (tx) => {
    const e = await criarEmpresa(tx, {});
    await tx.query("UPDATE empresas SET atribuir_offline_expediente = $2, expediente_semana = $3 WHERE id = $1", [
      e.id,
      p.ativo,
      semanaDe(p),
    ]);
    const consultores: string[] = [];
    for (let i = 0; i < p.consultores; i++) {
      const u = await criarUsuario(tx, { id_empresa_fk: e.id, papel: PAPEL.consultor });
      const c = await criarConsultor(tx, {
        id_empresa_fk: e.id,
        id_usuario_fk: u.id,
        email: u.email,
        status_conexao: "Desconectado",
      });
      consultores.push(c.id);
    }
    return { id: e.id, consultores };
  });
}

/** `n` qualified leads nobody has, that entered the queue overnight. */
async function esperando(d: TDeps, empresaId: string, n: number) {
  return unsafeWithSystem(d.db.app, "teste", async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const quando = new Date(Date.now() - (600 - i) * MIN);
      const l = await criarLead(tx, { id_empresa_fk: empresaId, status_lead: "Qualificado para Atendente", created_at: quando });
      await tx.query(
        `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, origem, created_at)
         VALUES ($1, $2, 'status_lead', 'Em Triagem IA', 'Qualificado para Atendente', 'ia', $3)`,
        [empresaId, l.id, quando],
      );
      ids.push(l.id);
    }
    return ids;
  });
}

const atribuicoes = async (empresaId: string) =>
  (
    await dono.query<{ lead: string; consultor: string; n: number }>(
      `SELECT id_lead_fk AS lead, min(valor_novo) AS consultor, count(*)::int AS n FROM lead_status_historico
        WHERE id_empresa_fk = $1 AND campo = 'consultor_atribuido_id' GROUP BY id_lead_fk`,
      [empresaId],
    )
  ).rows;

const aguardando = async (empresaId: string) =>
  (
    await dono.query(
      `SELECT count(*)::int AS n FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND consultor_atribuido_id IS NULL AND status_lead = 'Qualificado para Atendente'`,
      [empresaId],
    )
  ).rows[0].n as number;

async function esperarFilaVazia(empresaId: string, ms = 30_000) {
  const fim = Date.now() + ms;
  while ((await aguardando(empresaId)) > 0 && Date.now() < fim) await new Promise((r) => setTimeout(r, 100));
  return aguardando(empresaId);
}

/** Always open: every day, from midnight to midnight (the end is exclusive; 24:00 is the next midnight). */
const SEMPRE = { dias: [0, 1, 2, 3, 4, 5, 6], inicio: "00:00", fim: "24:00" };

describe("the business-hours sweep", () => {
  it("asks for a pass only for companies with the rule on, open at that moment, with leads waiting and someone to receive them", async () => {
    const d = await iniciar();
    // a weekday that is not today in São Paulo by the server's clock (decision 1795; CRM_RELOGIO may shift it), so
    // the passes the sweep asks for on that clock assign nothing
    const hoje = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(
      relogio.agora().toLocaleString("en-US", { timeZone: "America/Sao_Paulo", weekday: "short" }),
    );
    const dia = (hoje + 3) % 7;
    // 2026-11-22 is a Sunday; São Paulo is UTC−3
    const em = (hhmm: string, maisDias = 0) => new Date(`2026-11-${22 + dia + maisDias}T${hhmm}:00-03:00`);
    const horario = { dias: [dia], inicio: "08:00", fim: "18:00" };
    const certa = await empresa(d, { ativo: true, ...horario, consultores: 1 });
    await esperando(d, certa.id, 2);
    const desligada = await empresa(d, { ativo: false, ...horario, consultores: 1 });
    await esperando(d, desligada.id, 1);
    const semFila = await empresa(d, { ativo: true, ...horario, consultores: 1 });
    const semNinguem = await empresa(d, { ativo: true, ...horario, consultores: 0 });
    await esperando(d, semNinguem.id, 1);
    const minhas = (ids: string[]) => ids.filter((id) => [certa, desligada, semFila, semNinguem].some((e) => e.id === id));

    expect(minhas(await varrerInicioDoExpediente(d, em("08:00")))).toEqual([certa.id]);
    expect(minhas(await varrerInicioDoExpediente(d, em("07:59")))).toEqual([]);
    expect(minhas(await varrerInicioDoExpediente(d, em("18:00")))).toEqual([]);
    expect(minhas(await varrerInicioDoExpediente(d, em("10:00", 1)))).toEqual([]); // the next day is not a business day
    // the sweep asked for one pass of the company (its unique key), not one per call
    const { rows } = await dono.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'atribuicao-fila-espera' AND singleton_key = $1",
      [certa.id],
    );
    expect(rows[0].n).toBe(1);
    await esperarFilasOciosas(dono, { filas: ["atribuicao-fila-espera"] });
    // outside the hours on the real clock: the pass left them waiting
    expect(await aguardando(certa.id)).toBe(2);
  });
});

describe("several instances, and a restart mid-hours", () => {
  // "always open" still closes on national holidays: on the real clock these failed on 01/01 (faketime at 31/12
  // 23:59), so the sweeps run on a fixed Wednesday morning that is no holiday (decision 1931)
  beforeAll(() => relogio.fixar("2026-11-25T10:00:00-03:00"));
  afterAll(() => relogio.fixar(null));
  it("two instances sweeping and passing at once assign each waiting lead once, spread by the rule", async () => {
    const um = instancias[0] ?? (await iniciar());
    const dois = await iniciar();
    const e = await empresa(um, { ativo: true, ...SEMPRE, consultores: 2 });
    const leads = await esperando(um, e.id, 6);
    // both instances' sweeps and both instances' passes, at the same time (and the cron of each, whenever it ticks)
    await Promise.all([
      varrerInicioDoExpediente(um),
      varrerInicioDoExpediente(dois),
      atribuirFilaDeEspera(um, e.id),
      atribuirFilaDeEspera(dois, e.id),
    ]);
    expect(await esperarFilaVazia(e.id)).toBe(0);
    await esperarFilasOciosas(dono, { filas: ["atribuicao-fila-espera", "atribuicao.expediente"] });
    const feitas = await atribuicoes(e.id);
    expect(feitas.map((a) => a.lead).sort()).toEqual([...leads].sort());
    expect(feitas.every((a) => a.n === 1)).toBe(true);
    // fewest open leads first: three each
    for (const c of e.consultores) expect(feitas.filter((a) => a.consultor === c)).toHaveLength(3);
    const avisos = await dono.query(
      "SELECT count(*)::int AS n FROM notificacoes WHERE id_empresa_fk = $1 AND tipo = 'lead_assigned'",
      [e.id],
    );
    expect(avisos.rows[0].n).toBe(6);
    // a pass again (a retried job, the next tick) changes nothing
    expect(await atribuirFilaDeEspera(dois, e.id)).toBe(0);
    expect((await atribuicoes(e.id)).every((a) => a.n === 1)).toBe(true);
  }, 120_000); // a wait, not a bound: the queue is waited for up to 30 s, over the 20 s default (decision 1931)

  it("leads that waited while every instance was down are assigned by the start-up sweep of the next one, once", async () => {
    for (const d of [...instancias]) await parar(d);
    // the server was down when the hours began; the leads entered the queue overnight
    const porDono = async <T>(fn: (c: pg.PoolClient) => Promise<T>) => {
      const c = await dono.connect();
      try {
        return await fn(c);
      } finally {
        c.release();
      }
    };
    const e = await porDono(async (c) => {
      const emp = await criarEmpresa(c, {});
      await c.query("UPDATE empresas SET atribuir_offline_expediente = true, expediente_semana = $2 WHERE id = $1", [
        emp.id,
        semanaDe(SEMPRE),
      ]);
      const u = await criarUsuario(c, { id_empresa_fk: emp.id, papel: PAPEL.consultor });
      const con = await criarConsultor(c, {
        id_empresa_fk: emp.id,
        id_usuario_fk: u.id,
        email: u.email,
        status_conexao: "Desconectado",
      });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push((await criarLead(c, { id_empresa_fk: emp.id, status_lead: "Qualificado para Atendente" })).id);
      return { id: emp.id, consultor: con.id, leads: ids };
    });
    const antes = new Date();
    // two instances start together (a deploy): both ask for the start-up sweep
    const [tres, quatro] = await Promise.all([iniciar(), iniciar()]);
    expect(await esperarFilaVazia(e.id)).toBe(0);
    const feitas = await atribuicoes(e.id);
    expect(feitas.map((a) => a.lead).sort()).toEqual([...e.leads].sort());
    expect(feitas.every((a) => a.n === 1 && a.consultor === e.consultor)).toBe(true);
    // it was the start-up sweep (key 'inicio'), not a later tick
    const { rows } = await dono.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'atribuicao.expediente' AND singleton_key = 'inicio' AND created_on >= $1",
      [antes],
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
    await esperarFilasOciosas(dono, { filas: ["atribuicao-fila-espera", "atribuicao.expediente"] });
    expect((await atribuicoes(e.id)).every((a) => a.n === 1)).toBe(true);
    expect(await atribuirFilaDeEspera(tres, e.id)).toBe(0);
    expect(await atribuirFilaDeEspera(quatro, e.id)).toBe(0);
  }, 120_000); // a wait, not a bound: the queue is waited for up to 30 s, over the 20 s default (decision 1931)
});

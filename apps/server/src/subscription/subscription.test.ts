import { isoDiaSP } from "@crm/domain/period";
import type { TAssinatura } from "@crm/domain/schemas/subscription";
import { somarDias } from "@crm/domain/subscription";
import { hasError, isStaticPix, parsePix } from "pix-utils";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarConsultor, criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { relogio } from "../core/clock.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { cobrarEmpresa, executarCobranca } from "./billing.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const hoje = isoDiaSP(relogio.agora());
const CARTAO = { numero: "4111 1111 1111 1111", validade: "12/39", cvc: "123", nome: "Maria Silva" };

/** Puts a company in a known state behind RLS (the owner pool). */
async function definir(id: string, sql: string, valores: unknown[] = []) {
  await t.dono.query(`UPDATE empresas SET ${sql} WHERE id = $1`, [id, ...valores]);
}
async function linhaEmpresa(id: string) {
  const { rows } = await t.dono.query("SELECT * FROM empresas WHERE id = $1", [id]);
  return rows[0];
}
async function faturas(id: string) {
  const { rows } = await t.dono.query(
    "SELECT id, valor::text, status, tipo, vencimento::text, periodo_inicio::text, avisos FROM faturas WHERE id_empresa_fk = $1 ORDER BY created_at",
    [id],
  );
  return rows;
}
const ver = async (e: TEmpresaComUsuarios) => (await e.navegadores.admin.req({ url: "/api/assinatura" })).json() as TAssinatura;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
});

describe("roles and tenants", () => {
  it("refuses company roles other than Admin Empresa, and platform routes to company roles", async () => {
    for (const p of ["consultor", "juridico"] as const) {
      expect((await a.navegadores[p].req({ url: "/api/assinatura" })).statusCode).toBe(403);
      const r = await a.navegadores[p].req({ method: "POST", url: "/api/assinatura/plano", payload: { plano: "Premium" } });
      expect(r.statusCode).toBe(403);
      expect((await a.navegadores[p].req({ url: "/api/planos/atual" })).json()).toEqual({ plano: "Básico", ciclo: "mensal" });
    }
    for (const p of ["admin", "consultor", "juridico"] as const) {
      const r = await a.navegadores[p].req({
        method: "POST",
        url: `/api/assinatura/operador?empresaId=${a.empresa.id}`,
        payload: { estenderTesteDias: 30 },
      });
      expect(r.statusCode).toBe(403);
    }
    const { rows } = await t.dono.query("SELECT teste_ate::text FROM empresas WHERE id = $1", [a.empresa.id]);
    expect(rows[0].teste_ate).toBe(somarDias(hoje, 14));
  });

  it("keeps a company admin on their own company and away from another's invoices", async () => {
    const { rows } = await t.dono.query(
      `INSERT INTO faturas (id_empresa_fk, plano, valor, status, data, vencimento, periodo_inicio, periodo_fim)
       VALUES ($1, 'Básico', 199, 'pending', $2, $2, $2, $3) RETURNING id`,
      [b.empresa.id, hoje, somarDias(hoje, 30)],
    );
    // naming another company is answered as if it did not exist (decision 1791); without a name, their own
    const outra = await a.navegadores.admin.req({ url: `/api/assinatura?empresaId=${b.empresa.id}` });
    expect([outra.statusCode, outra.json().erro]).toEqual([404, "Empresa não encontrada"]);
    const v = (await (await a.navegadores.admin.req({ url: "/api/assinatura" })).json()) as TAssinatura;
    expect(v.empresaId).toBe(a.empresa.id);
    expect((await a.navegadores.admin.req({ url: `/api/assinatura/faturas/${rows[0].id}/cobranca` })).statusCode).toBe(404);
    const pagar = await a.navegadores.admin.req({ method: "POST", url: `/api/assinatura/faturas/${rows[0].id}/pagar` });
    expect(pagar.statusCode).toBe(404);
    expect((await faturas(b.empresa.id))[0].status).toBe("pending");
  });
});

describe("/assinatura", () => {
  it("shows the trial, the usage and an empty invoice history of a new company", async () => {
    const v = await ver(a);
    expect(v).toMatchObject({ plano: "Básico", status: "Ativo", testeAte: somarDias(hoje, 14), faturas: [] });
    expect(v.uso).toEqual({ consultores: 1, administradores: 1, leadsMes: 0 });
  });

  it("upgrades with the prorated amount invoiced, Básico → Premium", async () => {
    await definir(a.empresa.id, "teste_ate = NULL, data_renovacao = $2::date", [somarDias(hoje, 15)]);
    const r = await a.navegadores.admin.req({ method: "POST", url: "/api/assinatura/plano", payload: { plano: "Premium" } });
    expect(r.statusCode).toBe(200);
    expect(r.json().mensagem).toBe("Plano atualizado para Premium com sucesso!");
    const v = await ver(a);
    expect(v.plano).toBe("Premium");
    expect(v.faturas).toHaveLength(1);
    expect(v.faturas[0]).toMatchObject({ tipo: "upgrade", valor: 150, status: "pending", plano: "Premium" });
    const aud = await t.dono.query(
      "SELECT acao, id_usuario_fk FROM auditoria WHERE id_empresa_fk = $1 AND acao = 'assinatura.upgrade'",
      [a.empresa.id],
    );
    expect(aud.rows[0].id_usuario_fk).toBe(a.usuarios.admin.id);
  });

  it("refuses a target plan that is missing ('Dados inválidos') and leaves the plan as it was", async () => {
    const r = await a.navegadores.admin.req({ method: "POST", url: "/api/assinatura/plano", payload: {} });
    expect(r.statusCode).toBe(400);
    expect(r.json().erro).toBe("Dados inválidos");
    expect((await linhaEmpresa(a.empresa.id)).plano_assinatura).toBe("Premium");
  });

  it("refuses a downgrade while usage exceeds the lower plan, naming what exceeds", async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      for (let i = 0; i < 4; i++) await criarConsultor(tx, { id_empresa_fk: a.empresa.id });
    });
    const r = await a.navegadores.admin.req({ method: "POST", url: "/api/assinatura/plano", payload: { plano: "Básico" } });
    expect(r.statusCode).toBe(409);
    expect(r.json().erro).toBe(
      "O uso atual não cabe no plano Básico: 5 consultores (máximo 3). Reduza o uso antes de mudar de plano.",
    );
    const e = await linhaEmpresa(a.empresa.id);
    expect([e.plano_assinatura, e.plano_agendado]).toEqual(["Premium", null]);
  });

  it("validates the card (Luhn, expiry) and keeps only brand, last 4 and expiry", async () => {
    const antes = await linhaEmpresa(a.empresa.id);
    for (const [cartao, erro] of [
      [{ ...CARTAO, numero: "4111 1111 1111 1112" }, "Número do cartão inválido"],
      [{ ...CARTAO, validade: "01/20" }, "Cartão vencido: informe uma validade futura"],
      [{ ...CARTAO, validade: "13/30" }, "Validade inválida: use MM/AA"],
      [{ ...CARTAO, cvc: "1" }, "CVC inválido"],
    ] as const) {
      const r = await a.navegadores.admin.req({
        method: "PUT",
        url: "/api/assinatura/pagamento",
        payload: { tipo: "cartao", cartao },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().erro).toBe(erro);
    }
    expect(await linhaEmpresa(a.empresa.id)).toEqual(antes);
    const ok = await a.navegadores.admin.req({
      method: "PUT",
      url: "/api/assinatura/pagamento",
      payload: { tipo: "cartao", cartao: CARTAO },
    });
    expect(ok.statusCode).toBe(200);
    expect((await ver(a)).pagamento).toEqual({ tipo: "cartao", bandeira: "Visa", ultimos4: "1111", expMes: 12, expAno: 2039 });
    // the full number is nowhere in the database
    const { rows } = await t.dono.query(
      `SELECT (SELECT count(*) FROM empresas e WHERE e::text LIKE '%4111111111111111%' OR e::text LIKE '%4111 1111%')
            + (SELECT count(*) FROM auditoria x WHERE x::text LIKE '%411111111111%' OR x::text LIKE '%4111 1111%') AS n`,
    );
    expect(Number(rows[0].n)).toBe(0);
  });

  it("gives a pending invoice a valid PIX BR Code for its amount, and 'Simular pagamento' marks it Pago", async () => {
    const f = (await ver(a)).faturas[0];
    const r = await a.navegadores.admin.req({ url: `/api/assinatura/faturas/${f.id}/cobranca` });
    expect(r.statusCode).toBe(200);
    const c = r.json();
    const pix = parsePix(c.pixCopiaECola);
    if (hasError(pix) || !isStaticPix(pix)) throw new Error("BR Code inválido");
    expect(pix.transactionAmount).toBe(150);
    expect(c.pixQrSvg).toMatch(/^<svg/);
    expect(c.linhaBoleto).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    const pago = await a.navegadores.admin.req({ method: "POST", url: `/api/assinatura/faturas/${f.id}/pagar` });
    expect(pago.statusCode).toBe(200);
    expect((await ver(a)).faturas[0].status).toBe("paid");
  });

  it("cancels at the period end with a reason; the billing job makes it Inativo then", async () => {
    const semMotivo = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/assinatura/cancelar",
      payload: { motivo: " " },
    });
    expect(semMotivo.statusCode).toBe(400);
    const r = await a.navegadores.admin.req({ method: "POST", url: "/api/assinatura/cancelar", payload: { motivo: "Fechamos" } });
    expect(r.json().mensagem).toBe("Assinatura cancelada com sucesso!");
    const de = await a.navegadores.admin.req({ method: "POST", url: "/api/assinatura/cancelar", payload: { motivo: "De novo" } });
    expect(de.statusCode).toBe(409);
    await cobrarEmpresa(t.deps, a.empresa.id, somarDias(hoje, 14));
    expect((await linhaEmpresa(a.empresa.id)).status_assinatura).toBe("Ativo");
    await cobrarEmpresa(t.deps, a.empresa.id, somarDias(hoje, 15));
    expect((await linhaEmpresa(a.empresa.id)).status_assinatura).toBe("Inativo");
    const r2 = await a.navegadores.admin.req({ method: "POST", url: "/api/assinatura/cancelar", payload: { motivo: "x" } });
    expect(r2.statusCode).toBe(409);
  });
});

describe("the operator", () => {
  it("changes plan and status and extends a trial, each written to auditoria", async () => {
    const op = b.navegadores.plataforma;
    const url = `/api/assinatura/operador?empresaId=${b.empresa.id}`;
    expect((await op.req({ method: "POST", url, payload: { estenderTesteDias: 7 } })).statusCode).toBe(200);
    expect((await op.req({ method: "POST", url, payload: { plano: "Enterprise" } })).statusCode).toBe(200);
    expect((await op.req({ method: "POST", url, payload: {} })).statusCode).toBe(400);
    const v = (await (await op.req({ url: `/api/assinatura?empresaId=${b.empresa.id}` })).json()) as TAssinatura;
    expect(v).toMatchObject({ plano: "Enterprise", testeAte: somarDias(hoje, 21) });
    const { rows } = await t.dono.query(
      "SELECT acao, id_usuario_fk, created_at FROM auditoria WHERE id_empresa_fk = $1 AND acao LIKE 'operador.%' ORDER BY id",
      [b.empresa.id],
    );
    expect(rows.map((r) => r.acao)).toEqual(["operador.assinatura.teste", "operador.assinatura.plano"]);
    expect(rows.every((r) => r.id_usuario_fk === b.usuarios.plataforma.id && r.created_at)).toBe(true);
  });
});

describe("renewal and dunning (the clock is a parameter)", () => {
  let c: TEmpresaComUsuarios;
  const D = somarDias(hoje, 20); // the period end: the renewal invoice's due day

  beforeAll(async () => {
    c = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
    await definir(c.empresa.id, "teste_ate = NULL, data_renovacao = $2::date, pagamento_tipo = 'pix'", [D]);
  });

  it("issues one renewal invoice 7 days ahead, however often the job runs", async () => {
    await cobrarEmpresa(t.deps, c.empresa.id, somarDias(D, -8));
    expect(await faturas(c.empresa.id)).toHaveLength(0);
    await cobrarEmpresa(t.deps, c.empresa.id, somarDias(D, -7));
    await cobrarEmpresa(t.deps, c.empresa.id, somarDias(D, -7));
    await executarCobranca(t.deps, somarDias(D, -7));
    const fs = await faturas(c.empresa.id);
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ valor: "199.00", status: "pending", vencimento: D, periodo_inicio: D, tipo: "renovacao" });
  });

  it("does not bill periods that were already over when the job first saw them", async () => {
    const velha = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
    await definir(velha.empresa.id, "teste_ate = NULL, data_renovacao = $2::date, pagamento_tipo = 'pix'", [
      somarDias(hoje, -100),
    ]);
    await cobrarEmpresa(t.deps, velha.empresa.id, hoje);
    const fs = await faturas(velha.empresa.id);
    expect(fs).toHaveLength(1); // only the period running today (day -10 to +20), not the three before it
    expect(fs[0].periodo_inicio).toBe(somarDias(hoje, -10));
    const { rows } = await t.dono.query("SELECT data_renovacao::text FROM empresas WHERE id = $1", [velha.empresa.id]);
    expect(rows[0].data_renovacao).toBe(somarDias(hoje, 20));
  });

  it("reminds, then goes read-only (writes refused, reads allowed), then suspends and ends the sessions", async () => {
    for (const d of [-3, -3, 0, 3]) await cobrarEmpresa(t.deps, c.empresa.id, somarDias(D, d));
    expect((await faturas(c.empresa.id))[0].avisos).toEqual(["lembrete:-3", "lembrete:0", "lembrete:3"]);
    expect((await linhaEmpresa(c.empresa.id)).somente_leitura_desde).toBeNull();
    await cobrarEmpresa(t.deps, c.empresa.id, somarDias(D, 7));
    expect((await linhaEmpresa(c.empresa.id)).somente_leitura_desde).not.toBeNull();

    const escrita = await c.navegadores.admin.req({ method: "POST", url: "/api/leads", payload: { nome: "X" } });
    expect(escrita.statusCode).toBe(403);
    expect(escrita.json().codigo).toBe("somente_leitura");
    expect(escrita.json().erro).toMatch(/somente leitura: a fatura de R\$\s199,00 vencida em .* está em aberto.*\/assinatura/);
    expect((await c.navegadores.admin.req({ url: "/api/leads" })).statusCode).toBe(200);

    await cobrarEmpresa(t.deps, c.empresa.id, somarDias(D, 15));
    expect((await linhaEmpresa(c.empresa.id)).status_assinatura).toBe("Suspenso");
    const sessoes = await t.dono.query(
      `SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS abertas FROM auth_sessoes s
         JOIN usuarios_plataforma u ON u.id = s.id_usuario_fk WHERE u.id_empresa_fk = $1`,
      [c.empresa.id],
    );
    expect(sessoes.rows[0].abertas).toBe(0);
    // each step announced to the company's admins: bell and email
    const n = await t.dono.query("SELECT count(*)::int AS n FROM notificacoes WHERE id_empresa_fk = $1 AND id_usuario_fk = $2", [
      c.empresa.id,
      c.usuarios.admin.id,
    ]);
    expect(n.rows[0].n).toBe(6); // issued, 3 reminders, read-only, suspended
    const m = await t.dono.query("SELECT count(*)::int AS n FROM emails_saida WHERE para = $1", [c.usuarios.admin.email]);
    expect(m.rows[0].n).toBe(6);
    const consultor = await t.dono.query("SELECT count(*)::int AS n FROM notificacoes WHERE id_usuario_fk = $1", [
      c.usuarios.consultor.id,
    ]);
    expect(consultor.rows[0].n).toBe(0);
  });
});

describe("checkout by boleto (yearly payment only, 001 §9 FAQ)", () => {
  let d: TEmpresaComUsuarios;
  beforeAll(async () => {
    d = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
    await definir(d.empresa.id, "teste_ate = NULL, data_renovacao = $2::date", [somarDias(hoje, 30)]);
  });

  it("refuses boleto for monthly payment, naming the field, and changes nothing", async () => {
    const antes = await linhaEmpresa(d.empresa.id);
    const r = await d.navegadores.admin.req({
      method: "POST",
      url: "/api/assinatura/plano",
      payload: { plano: "Premium", forma: "boleto" },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      erro: "Boleto bancário só está disponível no pagamento anual.",
      campos: { forma: "Boleto bancário só está disponível no pagamento anual." },
    });
    expect(await linhaEmpresa(d.empresa.id)).toEqual(antes);
  });

  it("checks out yearly by boleto: the same simulated charge as the card, a pending invoice with its boleto line", async () => {
    await definir(d.empresa.id, "ciclo_cobranca = 'anual', data_renovacao = $2::date", [somarDias(hoje, 73)]);
    const r = await d.navegadores.admin.req({
      method: "POST",
      url: "/api/assinatura/plano",
      payload: { plano: "Premium", ciclo: "anual", forma: "boleto" },
    });
    expect(r.statusCode, r.body).toBe(200);
    // (4.990 − 1.990) × 73 / 365 = 600
    expect(r.json().mensagem).toMatch(
      /^Plano atualizado para Premium com sucesso! Boleto \(simulado\) de R\$\s600,00 emitido, com vencimento em/,
    );
    const v = await ver(d);
    expect(v).toMatchObject({ plano: "Premium", pagamento: { tipo: "boleto", ultimos4: null } });
    expect(v.faturas[0]).toMatchObject({ tipo: "upgrade", valor: 600, status: "pending", metodo: "boleto" });
    const c = (await d.navegadores.admin.req({ url: `/api/assinatura/faturas/${v.faturas[0].id}/cobranca` })).json();
    expect(c.linhaBoleto).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(c.linhaBoleto.endsWith("0000060000")).toBe(true);
    const pago = await d.navegadores.admin.req({ method: "POST", url: `/api/assinatura/faturas/${v.faturas[0].id}/pagar` });
    expect(pago.statusCode).toBe(200);
    expect((await ver(d)).faturas[0]).toMatchObject({ status: "paid", metodo: "boleto" });
  });
});

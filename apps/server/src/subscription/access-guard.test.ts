import { isoDiaSP } from "@crm/domain/period";
import type { TAssinatura } from "@crm/domain/schemas/subscription";
import { somarDias } from "@crm/domain/subscription";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, entrar, type TEmpresaComUsuarios } from "../../test/factories.js";
import { relogio } from "../core/clock.js";
import { unsafeWithSystem } from "../db/tenant.js";

/**
 * The subscription state machine on the server (decision 1621): one guard on every /api route of a company's
 * person, and the ways back (reactivate, pay). Each test starts from a fresh company.
 */
const t = useTestApp();
// today by the server's clock (decision 1795), read per test: a run that meets midnight must follow the server
let hoje = isoDiaSP(relogio.agora());
let c: TEmpresaComUsuarios;
let leadId: string;

async function definir(sql: string, valores: unknown[] = []) {
  await t.dono.query(`UPDATE empresas SET ${sql} WHERE id = $1`, [c.empresa.id, ...valores]);
}
async function status() {
  const { rows } = await t.dono.query("SELECT status_assinatura, cancelar_no_fim FROM empresas WHERE id = $1", [c.empresa.id]);
  return rows[0].status_assinatura as string;
}
const mudarLead = (quem: keyof TEmpresaComUsuarios["navegadores"] = "admin") =>
  c.navegadores[quem].req({ method: "PATCH", url: `/api/leads/${leadId}/status`, payload: { status: "Em Atendimento" } });
const operador = (payload: object) =>
  c.navegadores.plataforma.req({ method: "POST", url: `/api/assinatura/operador?empresaId=${c.empresa.id}`, payload });
async function faturaPendente(vencimento: string) {
  const { rows } = await t.dono.query(
    `INSERT INTO faturas (id_empresa_fk, plano, valor, status, data, vencimento, periodo_inicio, periodo_fim)
     VALUES ($1, 'Básico', 199, 'pending', $2, $2, $2, $3) RETURNING id`,
    [c.empresa.id, vencimento, somarDias(vencimento, 30)],
  );
  return rows[0].id as string;
}

beforeEach(async () => {
  hoje = isoDiaSP(relogio.agora());
  c = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
  await definir("teste_ate = NULL, data_renovacao = $2::date, pagamento_tipo = 'pix'", [somarDias(hoje, 20)]);
  leadId = (await unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: c.empresa.id }))).id;
});

describe("an Inativo company", () => {
  it("refuses its people's writes with what to do, keeps reads, and lets its admin reactivate", async () => {
    expect((await operador({ status: "Inativo" })).statusCode).toBe(200);
    const r = await mudarLead();
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({
      codigo: "assinatura_inativa",
      erro: "A assinatura da empresa está inativa: os dados podem ser consultados, mas não alterados. Reative a assinatura em Assinatura para voltar a alterar dados.",
    });
    const consultor = await c.navegadores.consultor.req({
      method: "POST",
      url: "/api/modelos-mensagem",
      payload: { nome: "X", conteudo: "Y" },
    });
    expect(consultor.statusCode).toBe(403);
    expect(consultor.json().erro).toMatch(/Peça a um administrador da empresa que a reative/);
    expect((await c.navegadores.admin.req({ url: "/api/leads" })).statusCode).toBe(200);
    const { rows } = await t.dono.query("SELECT status FROM leads_juros_check WHERE id = $1", [leadId]);
    expect(rows[0].status).not.toBe("Em Atendimento");

    // the shell's banner reads the same state
    const sit = (await c.navegadores.juridico.req({ url: "/api/assinatura/situacao" })).json();
    expect(sit).toMatchObject({ fase: "inativa", podeEscrever: false });

    // no scheduled cancel to undo: 'Reativar' is the way back
    const retomar = await c.navegadores.admin.req({ method: "POST", url: "/api/assinatura/retomar" });
    expect(retomar.statusCode).toBe(409);
    expect((await c.navegadores.consultor.req({ method: "POST", url: "/api/assinatura/reativar" })).statusCode).toBe(403);
    const reativar = await c.navegadores.admin.req({ method: "POST", url: "/api/assinatura/reativar" });
    expect(reativar.statusCode).toBe(200);
    expect(reativar.json().mensagem).toBe("Assinatura reativada: a empresa volta a usar o sistema.");
    expect(await status()).toBe("Ativo");
    expect((await mudarLead()).statusCode).toBe(204);
    // twice is refused, the state left as it was
    const de = await c.navegadores.admin.req({ method: "POST", url: "/api/assinatura/reativar" });
    expect(de.statusCode).toBe(409);
    expect(de.json().erro).toBe("A assinatura já está ativa.");
  });

  it("starts a new invoiced period when the paid one is over", async () => {
    await definir("status_assinatura = 'Inativo', data_renovacao = $2::date", [somarDias(hoje, -40)]);
    const r = await c.navegadores.admin.req({ method: "POST", url: "/api/assinatura/reativar" });
    expect(r.statusCode).toBe(200);
    expect(r.json().mensagem).toMatch(/A fatura do novo período, de R\$\s199,00, vence em/);
    const v = (await (await c.navegadores.admin.req({ url: "/api/assinatura" })).json()) as TAssinatura;
    expect(v).toMatchObject({ status: "Ativo", dataRenovacao: somarDias(hoje, 30) });
    expect(v.faturas[0]).toMatchObject({ status: "pending", valor: 199, periodoInicio: hoje, vencimento: somarDias(hoje, 3) });
  });

  it("is Ativo again once its pending invoice is paid", async () => {
    const f = await faturaPendente(somarDias(hoje, -2));
    await operador({ status: "Inativo" });
    expect((await c.navegadores.admin.req({ url: "/api/assinatura/situacao" })).json().fase).toBe("inativa");
    const pagar = await c.navegadores.admin.req({ method: "POST", url: `/api/assinatura/faturas/${f}/pagar` });
    expect(pagar.statusCode).toBe(200);
    expect(await status()).toBe("Ativo");
    expect((await mudarLead()).statusCode).toBe(204);
  });

  it("after a scheduled cancel the operator made Inativo, offers no 'Desfazer cancelamento' to fail", async () => {
    await c.navegadores.admin.req({ method: "POST", url: "/api/assinatura/cancelar", payload: { motivo: "Fechamos" } });
    await operador({ status: "Inativo" });
    const v = (await (await c.navegadores.admin.req({ url: "/api/assinatura" })).json()) as TAssinatura;
    expect(v).toMatchObject({ status: "Inativo", cancelarNoFim: false });
  });
});

describe("a Suspenso company", () => {
  it("lets only its admin sign in, to /assinatura alone, and paying brings it back", async () => {
    const f = await faturaPendente(somarDias(hoje, -16));
    await operador({ status: "Suspenso" });
    const admin = t.navegador();
    await entrar(admin, c.usuarios.admin.email);
    const consultor = t.navegador();
    const login = await consultor.req({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: c.usuarios.consultor.email, password: "senha123" },
    });
    expect(login.statusCode).toBe(403);

    expect((await admin.req({ url: "/api/assinatura" })).statusCode).toBe(200);
    const sit = (await admin.req({ url: "/api/assinatura/situacao" })).json();
    expect(sit.oQueFazer).toBe(
      "A assinatura da empresa está suspensa por falta de pagamento. Pague a fatura em aberto em Assinatura para reativá-la.",
    );
    const leitura = await admin.req({ url: "/api/leads" });
    expect(leitura.statusCode).toBe(403);
    expect(leitura.json().codigo).toBe("assinatura_suspensa");
    expect(
      (await admin.req({ method: "PATCH", url: `/api/leads/${leadId}/status`, payload: { status: "Em Atendimento" } }))
        .statusCode,
    ).toBe(403);

    expect((await admin.req({ method: "POST", url: `/api/assinatura/faturas/${f}/pagar` })).statusCode).toBe(200);
    expect(await status()).toBe("Ativo");
    expect((await admin.req({ url: "/api/leads" })).statusCode).toBe(200);
    await entrar(consultor, c.usuarios.consultor.email);
  });
});

describe("the guard covers every write route", () => {
  it("refuses every company write route of the API document to an Inativo company's admin", async () => {
    await operador({ status: "Inativo" });
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    // open in every state: the person's own account, /assinatura (the way back), routes outside a session, and a
    // titular's public privacy page (a right of LGPD art. 18 does not lapse with the company's subscription, 1824)
    const abertas =
      /^\/api\/(auth|perfil|notificacoes|assinatura|v1|webhooks?|whatsapp\/webhook|dev|testing|convites?|health|publico)(\/|$)/;
    const livres: string[] = [];
    let recusadas = 0;
    for (const [caminho, ops] of Object.entries(doc.paths)) {
      for (const metodo of Object.keys(ops)) {
        if (!["post", "put", "patch", "delete"].includes(metodo)) continue;
        if (abertas.test(caminho)) continue;
        const url = caminho.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
        const r = await c.navegadores.admin.req({ method: metodo.toUpperCase() as "POST", url, payload: {} });
        if (r.statusCode === 403 && r.json().codigo === "assinatura_inativa") recusadas++;
        // the operator's routes: refused to the role first (the permission table runs before this guard)
        else if (r.statusCode !== 403) livres.push(`${metodo} ${caminho} → ${r.statusCode}`);
      }
    }
    expect(livres).toEqual([]);
    expect(recusadas).toBeGreaterThan(50);
  });
});

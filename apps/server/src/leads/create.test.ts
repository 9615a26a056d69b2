import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { contarLeads, empresaBasicaComLeads } from "./test-helpers.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
});

const valido = {
  nome: "Marina Lopes",
  email: "Marina.Lopes@Exemplo.com",
  telefone: "(11) 94444-1111",
  tipo_financiamento: "Casa",
  valor_total_financiado: "R$ 250.000,00",
  valor_parcela: "2.345,67",
  quantidade_parcelas_pagas: "36",
  objetivo_cliente: "Reduzir juros",
  origem_lead: "Indicação",
};

const contar = (empresaId = a.empresa.id) => contarLeads(t, empresaId);

describe("POST /api/leads (manual lead form, 001 §5)", () => {
  it("stores every field of the form, money read as pt-BR, status Novo Lead", async () => {
    const res = await a.navegadores.admin.req({ method: "POST", url: "/api/leads", payload: valido });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const lead = await unsafeWithSystem(
      t.deps.db.app,
      "teste",
      async (tx) => (await tx.query("SELECT * FROM leads_juros_check WHERE id = $1", [id])).rows[0],
    );
    expect(lead).toMatchObject({
      id_empresa_fk: a.empresa.id,
      nome: "Marina Lopes",
      email: "marina.lopes@exemplo.com",
      // one phone identity (decision 1501): canonical digits in both columns
      telefone: "5511944441111",
      telefone_normalizado: "5511944441111",
      tipo_financiamento: "Casa",
      valor_contrato: "250000.00",
      valor_parcela: "2345.67",
      quantidade_parcelas_pagas: 36,
      objetivo_cliente: "Reduzir juros",
      origem_lead: "Indicação",
      status_lead: "Novo Lead",
    });
  });

  it("answers each field with the spec's message and creates nothing", async () => {
    const antes = await contar();
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads",
      payload: {
        nome: " ",
        email: "sem-arroba",
        telefone: "",
        tipo_financiamento: "",
        valor_total_financiado: "0,00",
        valor_parcela: "",
        quantidade_parcelas_pagas: "-1",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toEqual({
      nome: "Nome é obrigatório",
      email: "Email inválido",
      telefone: "Telefone é obrigatório",
      tipo_financiamento: "Tipo de financiamento é obrigatório",
      valor_total_financiado: "Valor total financiado deve ser maior que zero",
      valor_parcela: "Valor da parcela deve ser maior que zero",
      quantidade_parcelas_pagas: "Quantidade de parcelas pagas deve ser um número positivo",
    });
    const semEmail = await a.navegadores.admin.req({ method: "POST", url: "/api/leads", payload: { ...valido, email: "" } });
    expect(semEmail.json().campos.email).toBe("Email é obrigatório");
    const valorTorto = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads",
      payload: { ...valido, valor_parcela: "12,345" },
    });
    expect(valorTorto.json().campos.valor_parcela).toBe("Valor inválido. Use números, como 45.000,00");
    expect(await contar()).toBe(antes);
  });

  it("refuses a phone that is already a lead of the company, in any format (409)", async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: a.empresa.id, telefone: "21 98888-7777" }),
    );
    const antes = await contar();
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads",
      payload: { ...valido, telefone: "+55 (21) 8888-7777" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().erro).toBe("Já existe um lead com este telefone nesta empresa.");
    expect(await contar()).toBe(antes);
  });

  it("is for administrators (the spec's message for a Consultor)", async () => {
    const res = await a.navegadores.consultor.req({
      method: "POST",
      url: "/api/leads",
      payload: { ...valido, telefone: "11 95555-0000" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().erro).toBe("Acesso negado. Apenas administradores podem importar leads.");
  });

  it("enforces the plan's monthly limit with a message naming plan and limit", async () => {
    const basico = await empresaBasicaComLeads(t, 100);
    const res = await basico.navegadores.admin.req({ method: "POST", url: "/api/leads", payload: valido });
    expect(res.statusCode).toBe(403);
    expect(res.json().erro).toBe(
      "Limite do plano Básico atingido: 100 novos leads por mês. Este mês já foram cadastrados 100. Faça upgrade do plano em Assinatura para cadastrar mais leads.",
    );
    expect(await contar(basico.empresa.id)).toBe(100);
    const enterprise = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      for (let i = 0; i < 501; i++) await criarLead(tx, { id_empresa_fk: enterprise.empresa.id });
    });
    const ok = await enterprise.navegadores.admin.req({ method: "POST", url: "/api/leads", payload: valido });
    expect(ok.statusCode).toBe(201);
  });
});

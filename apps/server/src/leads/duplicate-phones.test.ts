import { MSG } from "@crm/domain/messages";
import type { TTelefonesRepetidos } from "@crm/domain/schemas/waiting";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

const ler = async (x: TEmpresaComUsuarios, papel: "admin" | "consultor" | "juridico" = "admin") => {
  const res = await x.navegadores[papel].req({ url: "/api/leads/telefones-repetidos" });
  return { status: res.statusCode, corpo: res.json() as TTelefonesRepetidos };
};

describe("migration 0027's duplicate report on screen (GET /api/leads/telefones-repetidos)", () => {
  it("lists the pairs whose phones became equal, older lead first, only while both still share the phone; only to the company's admins", async () => {
    const dia = 86_400_000;
    const leads = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      // as the original product stored them: typed text; the migration makes them equal
      const em = (x: TEmpresaComUsuarios, nome: string, telefone: string, haDias: number) =>
        criarLead(tx, {
          id_empresa_fk: x.empresa.id,
          nome,
          telefone,
          telefone_normalizado: null,
          created_at: new Date(Date.now() - haDias * dia),
        });
      return {
        antigo: await em(a, "Cliente Antigo", "(11) 97000-5555", 30),
        novo: await em(a, "Cliente Novo", "11 7000-5555", 2),
        outroAntigo: await em(a, "Outra Antiga", "(31) 98888-1212", 20),
        outroNovo: await em(a, "Outra Nova", "31988881212", 1),
        sozinho: await em(a, "Sem Par", "(41) 99999-0000", 5),
        deB: await em(b, "Da Outra Empresa", "(11) 97000-5555", 3),
      };
    });
    expect((await ler(a)).corpo).toEqual({ total: 0, pares: [] });
    await t.dono.query("SELECT telefones_migrar()");

    const { status, corpo } = await ler(a);
    expect(status).toBe(200);
    expect(corpo.total).toBe(2);
    expect(corpo.pares.map((p) => [p.telefone, p.original.nome, p.repetido.nome])).toEqual([
      ["5511970005555", "Cliente Antigo", "Cliente Novo"],
      ["5531988881212", "Outra Antiga", "Outra Nova"],
    ]);
    expect(corpo.pares[0].original.id).toBe(leads.antigo.id);
    expect(corpo.pares[0].repetido.id).toBe(leads.novo.id);
    // the other company's lead with the same number is no pair of A's, and B has none
    expect((await ler(b)).corpo).toEqual({ total: 0, pares: [] });
    // the platform admin names the company
    const p = await a.navegadores.plataforma.req({ url: `/api/leads/telefones-repetidos?empresaId=${a.empresa.id}` });
    expect((p.json() as TTelefonesRepetidos).total).toBe(2);
    // consultants and the legal team are refused, with the permission's message
    for (const papel of ["consultor", "juridico"] as const) expect((await ler(a, papel)).status).toBe(403);

    // the admin fixes one phone: the pair leaves the report (the record stays behind, nothing is lost)
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE leads_juros_check SET telefone = '5531977770000', telefone_normalizado = '5531977770000' WHERE id = $1", [
        leads.outroNovo.id,
      ]),
    );
    expect((await ler(a)).corpo.pares.map((x) => x.repetido.nome)).toEqual(["Cliente Novo"]);
    // deletes the duplicate: none left
    const del = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "excluir", ids: [leads.novo.id] },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await ler(a)).corpo).toEqual({ total: 0, pares: [] });
    expect(MSG.telefonesRepetidos(2)).toBe("2 leads com telefone repetido");
  });
});

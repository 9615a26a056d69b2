import { randomUUID } from "node:crypto";
import { PAPEL } from "@crm/domain/roles";
import { describe, expect, it, vi } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios } from "../../test/factories.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import { registrarMudancas } from "../change-log/record.js";
import { withTenant } from "../db/tenant.js";
import { eventosDasMudancas } from "./change-log-events.js";

// Realtime from the change log (decision 1701): the screens hear of committed changes through one small NOTIFY per
// company and entity per statement, whatever wrote them.
const t = useTestApp();

describe("realtime events from the change log", () => {
  it("tells the company's screens and the platform admins which leads changed, once committed, and no one else", async () => {
    const a = await criarEmpresaComUsuarios(t);
    const b = await criarEmpresaComUsuarios(t);
    const ctxA = { empresaId: a.empresa.id, usuarioId: a.usuarios.admin.id, papel: PAPEL.admin };
    const daA = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.consultor.id, empresaId: a.empresa.id, papel: PAPEL.consultor });
    const daB = ouvirTempoReal(t.deps, { usuarioId: b.usuarios.consultor.id, empresaId: b.empresa.id, papel: PAPEL.consultor });
    const operador = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.plataforma.id, empresaId: null, papel: PAPEL.plataforma });
    const leadId = randomUUID();
    const mudanca = { entidade: "lead", id: leadId, tipo: "lead.status", antes: { status_lead: "Novo" }, depois: {} } as const;

    // rolled back: nothing is told
    await withTenant(t.deps.db.app, ctxA, async (tx) => {
      await registrarMudancas(tx, {
        empresaId: a.empresa.id,
        autor: { origem: "usuario", usuarioId: ctxA.usuarioId },
        mudancas: [mudanca],
      });
      throw new Error("desfeita");
    }).catch(() => {});
    await withTenant(t.deps.db.app, ctxA, (tx) =>
      registrarMudancas(tx, {
        empresaId: a.empresa.id,
        autor: { origem: "usuario", usuarioId: ctxA.usuarioId },
        mudancas: [mudanca],
      }),
    );

    await vi.waitFor(() => expect(daA.recebidos).toHaveLength(2));
    expect(daA.recebidos).toEqual([
      { tipo: "leads.alterados", dados: { empresaId: a.empresa.id, leadIds: [leadId] } },
      { tipo: "lead.atualizado", dados: { leadId } },
    ]);
    await vi.waitFor(() =>
      expect(operador.recebidos).toEqual([{ tipo: "leads.alterados", dados: { empresaId: a.empresa.id, leadIds: [leadId] } }]),
    );
    expect(daB.recebidos).toEqual([]);
    for (const o of [daA, daB, operador]) o.sair();
  });

  it("tells a bulk change of thousands of leads in one small notification, without the ids", async () => {
    const a = await criarEmpresaComUsuarios(t);
    const daA = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.admin.id, empresaId: a.empresa.id, papel: PAPEL.admin });
    // one statement, as an import writes its rows (decision 1701)
    await t.dono.query(
      `INSERT INTO mudancas (id_empresa_fk, entidade, id_entidade, tipo, origem, depois)
       SELECT $1, 'lead', gen_random_uuid(), 'lead.criado', 'importacao', '{}' FROM generate_series(1, 5000)`,
      [a.empresa.id],
    );
    await vi.waitFor(() => expect(daA.recebidos).toHaveLength(1));
    // a marker after it: everything the bulk insert caused has been delivered before the marker's event
    await t.dono.query(
      `INSERT INTO mudancas (id_empresa_fk, entidade, id_entidade, tipo, origem, depois) VALUES ($1, 'lead', $2, 'lead.alterado', 'sistema', '{}')`,
      [a.empresa.id, randomUUID()],
    );
    await vi.waitFor(() => expect(daA.recebidos.length).toBeGreaterThanOrEqual(2));
    expect(daA.recebidos[0]).toEqual({ tipo: "leads.alterados", dados: { empresaId: a.empresa.id } });
    expect(daA.recebidos.filter((e) => e.tipo === "leads.alterados")).toHaveLength(2);
    daA.sair();
  });
});

describe("eventosDasMudancas", () => {
  it("ignores what it cannot read and entities told otherwise", () => {
    expect(eventosDasMudancas("não é json")).toEqual([]);
    expect(eventosDasMudancas(JSON.stringify({ e: "x", n: "lead" }))).toEqual([]);
    expect(eventosDasMudancas(JSON.stringify({ e: "x", n: "mensagem", q: 1, t: ["mensagem.recebida"], ids: ["m"] }))).toEqual([]);
  });
});

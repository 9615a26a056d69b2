import { readFileSync } from "node:fs";
import path from "node:path";
import { MSG } from "@crm/domain/messages";
import { STATUS_LEAD, STATUS_LEAD_RETIRADO } from "@crm/domain/status";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { MIGRATIONS_DIR } from "../../db/migrate.js";
import { unsafeWithSystem } from "../../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
});

const sistema = <T>(sql: string, params: unknown[]) =>
  unsafeWithSystem(t.deps.db.app, "teste", async (tx) => (await tx.query(sql, params)).rows as T[]);
const statusDe = async (id: string) =>
  (await sistema<{ status_lead: string }>("SELECT status_lead FROM leads_juros_check WHERE id = $1", [id]))[0].status_lead;

/** Decision 1631: 'Processo Jurídico' opened no process and told no one; it is no longer a status anyone can set. */
describe("the retired status 'Processo Jurídico'", () => {
  it("is refused with a pt-BR 400 by every route that sets a status, and the lead stays as it was", async () => {
    expect(STATUS_LEAD as readonly string[]).not.toContain(STATUS_LEAD_RETIRADO);
    const lead = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: a.empresa.id, status_lead: "Em Atendimento", consultor_atribuido_id: a.consultor.id }),
    );
    const tentativas = [
      a.navegadores.admin.req({
        method: "PATCH",
        url: `/api/leads/${lead.id}/status`,
        payload: { status: STATUS_LEAD_RETIRADO },
      }),
      a.navegadores.admin.req({
        method: "POST",
        url: "/api/leads/em-massa",
        payload: { acao: "status", ids: [lead.id], status: STATUS_LEAD_RETIRADO },
      }),
      a.navegadores.consultor.req({
        method: "PATCH",
        url: `/api/meus-leads/${lead.id}/status`,
        payload: { status: STATUS_LEAD_RETIRADO },
      }),
    ];
    for (const res of await Promise.all(tentativas)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().erro).toBe(MSG.statusProcessoJuridicoRetirado);
    }
    const outro = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/status`,
      payload: { status: "x" },
    });
    expect([outro.statusCode, outro.json().erro]).toEqual([400, MSG.statusLeadInvalido]);
    expect(await statusDe(lead.id)).toBe("Em Atendimento");
    // the database refuses it too, whatever path writes
    await expect(
      sistema("UPDATE leads_juros_check SET status_lead = $2 WHERE id = $1", [lead.id, STATUS_LEAD_RETIRADO]),
    ).rejects.toThrow(/check/);
  });

  it("migration 0047 makes its leads legal processes in 'Convertido (Ganho)', listed on /processos, with their history", async () => {
    // the table as it was before 0047: the status allowed, two leads in it (one converted before, one never)
    await t.dono.query(`ALTER TABLE leads_juros_check DROP CONSTRAINT leads_juros_check_status_lead_check;
      ALTER TABLE leads_juros_check ADD CONSTRAINT leads_juros_check_status_lead_check CHECK (status_lead IS NOT NULL)`);
    const convertidoEm = new Date("2026-03-02T15:00:00Z");
    const [antigo, direto] = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => [
      await criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        nome: "Antigo Processo",
        status_lead: STATUS_LEAD_RETIRADO,
        status_juridico_lead: "Laudo em Andamento",
        convertido_em: convertidoEm,
      } as never),
      await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Direto Processo", status_lead: STATUS_LEAD_RETIRADO } as never),
    ]);
    const chegou = new Date("2026-04-10T12:00:00Z");
    await sistema(
      `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, origem, created_at)
       VALUES ($1, $2, 'status_lead', 'Em Atendimento', $3, 'usuario', $4)`,
      [a.empresa.id, direto.id, STATUS_LEAD_RETIRADO, chegou],
    );
    const antes = (await a.navegadores.admin.req({ url: "/api/processos/resumo" })).json();

    const c = await t.dono.connect();
    try {
      await c.query("BEGIN");
      await c.query(readFileSync(path.join(MIGRATIONS_DIR, "0048_processo_juridico_retirado.sql"), "utf8"));
      await c.query("COMMIT");
    } finally {
      c.release();
    }

    const linhas = await sistema<{ id: string; status_lead: string; status_juridico_lead: string; convertido_em: Date }>(
      "SELECT id, status_lead, status_juridico_lead, convertido_em FROM leads_juros_check WHERE id = ANY ($1::uuid[]) ORDER BY nome",
      [[antigo.id, direto.id]],
    );
    expect(linhas).toEqual([
      {
        id: antigo.id,
        status_lead: "Convertido (Ganho)",
        status_juridico_lead: "Laudo em Andamento",
        convertido_em: convertidoEm,
      },
      {
        id: direto.id,
        status_lead: "Convertido (Ganho)",
        status_juridico_lead: "Aguardando Contato Jurídico",
        convertido_em: chegou,
      },
    ]);
    const historico = await sistema<{ id_lead_fk: string; campo: string; valor_anterior: string | null; valor_novo: string }>(
      `SELECT id_lead_fk, campo, valor_anterior, valor_novo FROM lead_status_historico
        WHERE id_lead_fk = ANY ($1::uuid[]) AND origem = 'sistema' ORDER BY id_lead_fk = $2 DESC, campo`,
      [[antigo.id, direto.id], antigo.id],
    );
    expect(historico).toEqual([
      { id_lead_fk: antigo.id, campo: "status_lead", valor_anterior: STATUS_LEAD_RETIRADO, valor_novo: "Convertido (Ganho)" },
      { id_lead_fk: direto.id, campo: "status_juridico_lead", valor_anterior: null, valor_novo: "Aguardando Contato Jurídico" },
      { id_lead_fk: direto.id, campo: "status_lead", valor_anterior: STATUS_LEAD_RETIRADO, valor_novo: "Convertido (Ganho)" },
    ]);
    // /processos lists both, and its counters (kept by triggers) moved with them
    const pagina = (await a.navegadores.admin.req({ url: "/api/processos?busca=Processo" })).json();
    expect(pagina.itens.map((p: { id: string }) => p.id).sort()).toEqual([antigo.id, direto.id].sort());
    const depois = (await a.navegadores.admin.req({ url: "/api/processos/resumo" })).json();
    expect(depois.total).toBe(antes.total + 2);
    await expect(
      sistema("UPDATE leads_juros_check SET status_lead = $2 WHERE id = $1", [direto.id, STATUS_LEAD_RETIRADO]),
    ).rejects.toThrow(/check/);
  });
});

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarAleatorio, criarEmpresaComUsuarios, linhaLead } from "../../test/factories.js";
import { excluirLeads, mudarLeads } from "../../test/logged-writes.js";
import { repetirEmConflito } from "../db/retry-conflicts.js";
import { withCompanyJob } from "../db/tenant.js";
import { inserirVarios } from "../seed/bulk.js";
import { reconstruirDerivados } from "./rebuild.js";
import { alcancarRollup, diferencas } from "./test-helpers.js";

const t = useTestApp();
const SEMENTE = Number(process.env.DERIVADOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STATUS = ["Novo Lead", "Qualificado para Atendente", "Em Negociação", "Convertido (Ganho)", "Perdido"];

/**
 * The rebuild is safe while the product serves (decision 1722): it repairs a corrupted summary without losing or
 * doubling what writers do at the same time, because it adds `deve − é` from one snapshot (a writer's increment
 * commutes with it) and changes set rows only if they are still what it read.
 */
describe(`rebuilding while 4 writers change leads (DERIVADOS_SEED=${SEMENTE})`, () => {
  it("repairs the corrupted items and ends with every item equal to its definition, with no rebuild after the writers", async () => {
    const a = await criarEmpresaComUsuarios(t);
    const e = a.empresa.id;
    const r = criarAleatorio(SEMENTE);
    const instante = () =>
      new Date(Date.parse(`${r.escolher(["2025-01-31", "2025-02-01", "2025-03-01"])}T03:00:00Z`) + r.int(-7200, 7200) * 1000);
    const lead = () =>
      linhaLead({
        id_empresa_fk: e,
        nome: `${r.escolher(["Ana", "Bia", "Caio"])} ${r.escolher(["Souza", "Lima"])}`,
        created_at: instante(),
        status_lead: r.escolher(STATUS),
        origem_lead: r.escolher(["Manual", "Google Ads"]),
        consultor_atribuido_id: r.chance(0.5) ? a.consultor.id : null,
        campanha_origem: r.escolher(["Camp A", null]),
        valor_contrato_fechado: r.chance(0.5) ? "1500.00" : null,
        convertido_em: instante(),
        quantidade_parcelas: 24,
        quantidade_parcelas_pagas: r.int(0, 24),
        revisional_sobrepago_centavos: r.chance(0.6) ? r.int(0, 90_000) : null,
        telefone: `119${String(r.int(0, 99_999_999)).padStart(8, "0")}`,
      });
    await withCompanyJob(t.deps.db.app, e, "teste", (tx) =>
      inserirVarios(tx, "leads_juros_check", Array.from({ length: 60 }, lead)),
    );
    expect(await diferencas(t.dono, e)).toEqual([]);
    // the rolled-up summaries hold their rows (not only the log's unread tail), so corrupting them changes a figure
    await alcancarRollup(t.deps.db.app, t.dono);
    // behind the triggers' back: counters moved, search words lost, a process's signal wrong
    await t.dono.query("UPDATE leads_contagem_diaria SET n = n + 5 WHERE id_empresa_fk = $1", [e]);
    await t.dono.query("UPDATE financas_leads_diaria SET receita = receita - 10, leads = leads + 1 WHERE id_empresa_fk = $1", [
      e,
    ]);
    await t.dono.query("DELETE FROM leads_busca WHERE id_empresa_fk = $1 AND termo = 'ana'", [e]);
    await t.dono.query("UPDATE processos_sinais SET prazos_pendentes = 9 WHERE id_empresa_fk = $1", [e]);
    expect((await diferencas(t.dono, e)).map((d) => d.nome)).toEqual(
      expect.arrayContaining(["leads_contagem_diaria", "financas_leads_diaria", "leads_busca", "processos_sinais"]),
    );

    let passes = 0;
    let passos = 0;
    const escritor = async (w: number) => {
      // each writer keeps going until the rebuild has made two whole passes, and a few steps more after the last
      for (let depois = 0; passes < 2 || depois < 3; passes >= 2 && depois++) {
        const semente = (w * 1000 + passos++) / 10_000;
        // several statements that move summaries in one transaction (the product's writers have one per family): two
        // of these synthetic writers can still meet in opposite orders across their statements, so they ask again
        // more often than the product's guard would; what is tested here is the rebuild, not them
        await repetirEmConflito(
          "teste.escritor",
          () =>
            withCompanyJob(t.deps.db.app, e, "teste", async (tx) => {
              await tx.query("SELECT setseed($1)", [semente]);
              // as every writer of the product does (decision 1731): the leads it changes first, locked in id order,
              // then what moves summaries of new rows
              const { rows } = await tx.query<{ id: string }>(
                `SELECT id FROM leads_juros_check WHERE id IN (SELECT id FROM leads_juros_check ORDER BY random() LIMIT 3)
                ORDER BY id FOR UPDATE`,
              );
              const [um, dois, tres] = rows.map((x) => x.id);
              await mudarLeads(tx, "status_lead = $1, created_at = $2", "id = $3", [r.escolher(STATUS), instante(), um]);
              await mudarLeads(tx, "valor_contrato_fechado = $1, nome = $2", "id = $3", ["99.90", `Nome ${w}`, dois ?? um]);
              if (w % 2 && tres) await excluirLeads(tx, "id = $1", [tres]);
              await inserirVarios(tx, "leads_juros_check", Array.from({ length: 1 + (w % 3) }, lead));
            }),
          20,
        );
      }
    };
    const reconstrutor = async () => {
      while (passes < 2) {
        await reconstruirDerivados(t.dono, { empresaId: e });
        passes++;
      }
    };
    await Promise.all([reconstrutor(), escritor(0), escritor(1), escritor(2), escritor(3)]);
    expect(passos).toBeGreaterThan(10);
    // no rebuild after the writers stopped: what the passes did while they wrote is what is left
    expect(await diferencas(t.dono, e)).toEqual([]);
  }, 300_000);
});

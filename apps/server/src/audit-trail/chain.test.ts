import { randomUUID } from "node:crypto";
import { CADEIA_PLATAFORMA } from "@crm/domain/audit-trail";
import { PAPEL } from "@crm/domain/roles";
import { describe, expect, it, vi } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresa, criarUsuario, type TEmpresa, type TUsuario } from "../../test/factories.js";
import { redigirEventosAuditoria } from "../audit-redaction/redact.js";
import { registrarAuditoria } from "../auth/audit.js";
import { registrarMudancas } from "../change-log/record.js";
import { unsafeWithSystem, withTenant } from "../db/tenant.js";
import { encadearAuditoria } from "./chain.js";
import { aplicarRetencao } from "./retention.js";
import { verificarTrilhas } from "./verify-all.js";

// The tamper-evident trail (decisions 1821, 1823): what writers append (the change log, the intake) is chained per
// company by one follower; audit:verify finds the first broken link; erasure and retention keep the chain whole.
const t = useTestApp();

async function empresaComAdmin(plano: TEmpresa["plano_assinatura"] = "Básico") {
  return unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const empresa = await criarEmpresa(tx, { plano_assinatura: plano });
    const admin = await criarUsuario(tx, { id_empresa_fk: empresa.id, papel: PAPEL.admin });
    return { empresa, admin };
  });
}

const entrar = (empresa: TEmpresa, u: TUsuario, ip: string) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    registrarAuditoria(tx, {
      empresaId: empresa.id,
      usuarioId: u.id,
      acao: "login",
      entidade: "usuario",
      entidadeId: u.id,
      dados: { userAgent: "Teste/1.0", email: u.email },
      ip,
    }),
  );
const mudarLead = (empresa: TEmpresa, u: TUsuario, leadId: string) =>
  withTenant(t.deps.db.app, { empresaId: empresa.id, usuarioId: u.id, papel: PAPEL.admin }, (tx) =>
    registrarMudancas(tx, {
      empresaId: empresa.id,
      autor: { origem: "usuario", usuarioId: u.id },
      mudancas: [
        {
          entidade: "lead",
          id: leadId,
          tipo: "lead.status",
          antes: { status_lead: "Novo" },
          depois: { status_lead: "Em Contato" },
        },
      ],
    }),
  );

/** Chains until the company's trail holds `n` events (another file's open transaction may hold the follower back). */
async function encadearAte(empresaId: string, n: number) {
  await vi.waitFor(
    async () => {
      while ((await encadearAuditoria(t.deps.db.app)) > 0);
      const { rows } = await t.dono.query("SELECT count(*)::int AS n FROM auditoria_eventos WHERE cadeia = $1", [empresaId]);
      expect(rows[0].n).toBeGreaterThanOrEqual(n);
    },
    { timeout: 15_000, interval: 100 },
  );
}
const verificar = async (empresaId: string) => (await verificarTrilhas(t.dono, empresaId)).resultados[0];

describe("the audit chain", () => {
  it("chains the change log and the intake per company, each row pointing to the previous one's hash", async () => {
    const a = await empresaComAdmin();
    const b = await empresaComAdmin();
    await entrar(a.empresa, a.admin, "203.0.113.7");
    await mudarLead(a.empresa, a.admin, randomUUID());
    await entrar(b.empresa, b.admin, "198.51.100.2");
    await mudarLead(a.empresa, a.admin, randomUUID());
    await encadearAte(a.empresa.id, 3);
    await encadearAte(b.empresa.id, 1);
    const { rows } = await t.dono.query(
      `SELECT seq::int, acao, ip, pessoais, dados, encode(hash_anterior, 'hex') AS anterior, encode(hash, 'hex') AS hash
         FROM auditoria_eventos WHERE cadeia = $1 ORDER BY seq`,
      [a.empresa.id],
    );
    expect(rows.map((r) => [r.seq, r.acao])).toEqual([
      [1, "login"],
      [2, "lead.status"],
      [3, "lead.status"],
    ]);
    expect(rows[0].anterior).toBe("0".repeat(64));
    expect(rows[1].anterior).toBe(rows[0].hash);
    expect(rows[2].anterior).toBe(rows[1].hash);
    // personal values sit apart from the chained details
    expect(rows[0].ip).toBe("203.0.113.7");
    expect(rows[0].pessoais).toEqual({ userAgent: "Teste/1.0", email: a.admin.email });
    expect(rows[0].dados).toEqual({});
    expect(rows[1].dados).toEqual({ antes: { status_lead: "Novo" }, depois: { status_lead: "Em Contato" } });
    // another company's events are its own chain, starting at 1
    const outra = await t.dono.query("SELECT seq::int FROM auditoria_eventos WHERE cadeia = $1", [b.empresa.id]);
    expect(outra.rows).toEqual([{ seq: 1 }]);
    expect((await verificar(a.empresa.id)).quebra).toBeNull();
  });

  it("chains each row once when the ids of one batch cross a power of ten (9 → 10, 99 → 100)", async () => {
    const { empresa, admin } = await empresaComAdmin();
    // the intake's next ids are 995…1004, in one transaction: as text, '1000' sorts before '995'
    await t.dono.query("SELECT setval(pg_get_serial_sequence('auditoria', 'id'), 994)");
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      for (let i = 0; i < 10; i++)
        await registrarAuditoria(tx, {
          empresaId: empresa.id,
          usuarioId: admin.id,
          acao: "login",
          entidade: "usuario",
          entidadeId: admin.id,
          ip: "203.0.113.9",
        });
    });
    await encadearAte(empresa.id, 10);
    // the follower again, and again: nothing already chained comes back
    for (let i = 0; i < 3; i++) while ((await encadearAuditoria(t.deps.db.app)) > 0);
    const { rows } = await t.dono.query(
      "SELECT fonte_id::int AS id, count(*)::int AS n FROM auditoria_eventos WHERE cadeia = $1 GROUP BY fonte_id ORDER BY fonte_id",
      [empresa.id],
    );
    expect(rows).toEqual(Array.from({ length: 10 }, (_, i) => ({ id: 995 + i, n: 1 })));
    expect(await verificar(empresa.id)).toMatchObject({ eventos: 10, quebra: null });
  });

  it("audit:verify passes, then names the row a manual UPDATE changed", async () => {
    const a = await empresaComAdmin();
    for (let i = 0; i < 4; i++) await mudarLead(a.empresa, a.admin, randomUUID());
    await encadearAte(a.empresa.id, 4);
    expect(await verificar(a.empresa.id)).toMatchObject({ eventos: 4, quebra: null });
    await t.dono.query(
      `UPDATE auditoria_eventos SET dados = jsonb_set(dados, '{depois,status_lead}', '"Convertido"')
        WHERE cadeia = $1 AND seq = 3`,
      [a.empresa.id],
    );
    const v = await verificarTrilhas(t.dono, a.empresa.id);
    expect(v.quebradas).toBe(1);
    expect(v.resultados[0].quebra).toEqual({ seq: "3", motivo: "conteudo" });
    expect(v.linhas[0]).toContain("primeiro elo quebrado no evento seq 3");
  });

  it("audit:verify names a removed row, and a row whose personal values were swapped", async () => {
    const a = await empresaComAdmin();
    await entrar(a.empresa, a.admin, "203.0.113.8");
    for (let i = 0; i < 3; i++) await mudarLead(a.empresa, a.admin, randomUUID());
    await encadearAte(a.empresa.id, 4);
    await t.dono.query("UPDATE auditoria_eventos SET ip = '10.0.0.1' WHERE cadeia = $1 AND seq = 1", [a.empresa.id]);
    expect((await verificar(a.empresa.id)).quebra).toEqual({ seq: "1", motivo: "compromisso" });
    await t.dono.query("UPDATE auditoria_eventos SET ip = '203.0.113.8' WHERE cadeia = $1 AND seq = 1", [a.empresa.id]);
    await t.dono.query("DELETE FROM auditoria_eventos WHERE cadeia = $1 AND seq = 2", [a.empresa.id]);
    expect((await verificar(a.empresa.id)).quebra).toEqual({ seq: "3", motivo: "elo" });
  });

  it("redigirEventosAuditoria erases a person's personal values and the chain still verifies", async () => {
    const a = await empresaComAdmin();
    const outro = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarUsuario(tx, { id_empresa_fk: a.empresa.id, papel: PAPEL.admin }),
    );
    await entrar(a.empresa, a.admin, "203.0.113.9");
    await entrar(a.empresa, outro, "203.0.113.10");
    await encadearAte(a.empresa.id, 2);
    const n = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      redigirEventosAuditoria(tx, { empresaId: a.empresa.id, usuarioId: a.admin.id }),
    );
    expect(n).toBe(1);
    const { rows } = await t.dono.query(
      "SELECT id_usuario_fk, ip, pessoais, sal, redigido_em IS NOT NULL AS redigido FROM auditoria_eventos WHERE cadeia = $1 ORDER BY seq",
      [a.empresa.id],
    );
    expect(rows[0]).toMatchObject({ id_usuario_fk: a.admin.id, ip: null, pessoais: null, sal: null, redigido: true });
    expect(rows[1]).toMatchObject({ ip: "203.0.113.10", redigido: false });
    // the intake's copy is gone too
    const intake = await t.dono.query("SELECT ip_address, dados FROM auditoria WHERE id_usuario_fk = $1", [a.admin.id]);
    expect(intake.rows).toEqual([{ ip_address: null, dados: {} }]);
    expect((await verificar(a.empresa.id)).quebra).toBeNull();
  });

  it("the app cannot rewrite a chained column, nor read another company's trail", async () => {
    const a = await empresaComAdmin();
    const b = await empresaComAdmin();
    await mudarLead(a.empresa, a.admin, randomUUID());
    await encadearAte(a.empresa.id, 1);
    await expect(
      unsafeWithSystem(t.deps.db.app, "teste", (tx) => tx.query("UPDATE auditoria_eventos SET dados = '{}'::jsonb")),
    ).rejects.toThrow(/permission denied/);
    const visto = await withTenant(t.deps.db.app, { empresaId: b.empresa.id, usuarioId: b.admin.id, papel: PAPEL.admin }, (tx) =>
      tx.query("SELECT count(*)::int AS n FROM auditoria_eventos WHERE cadeia = $1", [a.empresa.id]),
    );
    expect(visto.rows[0].n).toBe(0);
    await expect(
      withTenant(t.deps.db.app, { empresaId: a.empresa.id, usuarioId: a.admin.id, papel: PAPEL.admin }, (tx) =>
        tx.query("DELETE FROM auditoria_eventos WHERE cadeia = $1", [a.empresa.id]),
      ),
    ).resolves.toMatchObject({ rowCount: 0 });
  });
});

describe("retention by plan (decision 1823)", () => {
  it("removes what the plan no longer keeps, anchors the chain there, and it still verifies", async () => {
    const basico = await empresaComAdmin("Básico");
    const premium = await empresaComAdmin("Premium");
    for (const { empresa, admin } of [basico, premium]) {
      for (let i = 0; i < 3; i++) await mudarLead(empresa, admin, randomUUID());
      await encadearAte(empresa.id, 3);
    }
    // the first two events of each company are 8 months old: past Básico's 6 months, inside Premium's 2 years
    await t.dono.query(
      "UPDATE auditoria_eventos SET ocorrido_em = now() - interval '8 months' WHERE cadeia IN ($1, $2) AND seq <= 2",
      [basico.empresa.id, premium.empresa.id],
    );
    // that UPDATE broke both chains' hashes; re-hash them as the follower would have (the test's own time travel)
    await rehash(basico.empresa.id);
    await rehash(premium.empresa.id);
    expect((await verificar(basico.empresa.id)).quebra).toBeNull();

    const feitas = await aplicarRetencao(t.deps.db.app);
    expect(feitas.find((r) => r.cadeia === basico.empresa.id)).toMatchObject({ meses: 6, removidos: 2, ancoraSeq: "2" });
    expect(feitas.find((r) => r.cadeia === premium.empresa.id)).toBeUndefined();
    const { rows } = await t.dono.query("SELECT seq::int FROM auditoria_eventos WHERE cadeia = $1 ORDER BY seq", [
      basico.empresa.id,
    ]);
    expect(rows.map((r) => r.seq)).toEqual([3]);
    expect((await verificar(basico.empresa.id)).quebra).toBeNull();
    // the cut is itself chained, with the anchor it left
    await encadearAte(basico.empresa.id, 2);
    const ancora = await t.dono.query("SELECT dados FROM auditoria_eventos WHERE cadeia = $1 AND acao = 'auditoria.retencao'", [
      basico.empresa.id,
    ]);
    expect(ancora.rows[0].dados).toMatchObject({ meses: 6, ancoraSeq: "2", removidos: 2 });
    expect((await verificar(basico.empresa.id)).quebra).toBeNull();
    expect((await verificar(premium.empresa.id)).eventos).toBe(3);
  });

  it("keeps the platform's own events in their own chain", async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      registrarAuditoria(tx, { empresaId: null, usuarioId: null, acao: "login.falhou", entidade: "usuario", ip: "192.0.2.1" }),
    );
    await encadearAte(CADEIA_PLATAFORMA, 1);
    expect((await verificar(CADEIA_PLATAFORMA)).quebra).toBeNull();
  });
});

/** Recomputes a chain's hashes in order, as the follower computes them (only for the retention test's time travel). */
async function rehash(cadeia: string) {
  await t.dono.query(
    `DO $$
     DECLARE r record; prev bytea := decode(repeat('00', 32), 'hex'); h bytea;
     BEGIN
       FOR r IN SELECT * FROM auditoria_eventos WHERE cadeia = '${cadeia}' ORDER BY seq LOOP
         h := sha256(prev || auditoria_conteudo(r.cadeia, r.seq, r.id_empresa_fk, r.fonte, r.fonte_id, r.ocorrido_em,
              r.id_usuario_fk, r.origem, r.acao, r.entidade, r.entidade_id, r.dados, r.compromisso));
         UPDATE auditoria_eventos SET hash_anterior = prev, hash = h WHERE cadeia = r.cadeia AND seq = r.seq;
         prev := h;
       END LOOP;
       UPDATE auditoria_cadeias SET ultimo_hash = prev WHERE cadeia = '${cadeia}';
     END $$`,
  );
}

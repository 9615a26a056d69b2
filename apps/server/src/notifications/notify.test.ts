import { PAPEL, type TPapel } from "@crm/domain/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresa, criarUsuario, type TEmpresa, type TUsuario } from "../../test/factories.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import { unsafeWithSystem, withTenant } from "../db/tenant.js";
import { notificar } from "./notify.js";

const t = useTestApp();
let empresa: TEmpresa;
let outra: TEmpresa;
const u = {} as Record<"admin" | "consultor1" | "consultor2" | "juridico" | "inativo" | "outraConsultor", TUsuario>;

beforeAll(async () => {
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    empresa = await criarEmpresa(tx);
    outra = await criarEmpresa(tx);
    const e = { id_empresa_fk: empresa.id };
    u.admin = await criarUsuario(tx, { ...e, papel: PAPEL.admin });
    u.consultor1 = await criarUsuario(tx, { ...e, papel: PAPEL.consultor });
    u.consultor2 = await criarUsuario(tx, { ...e, papel: PAPEL.consultor });
    u.juridico = await criarUsuario(tx, { ...e, papel: PAPEL.juridico });
    u.inativo = await criarUsuario(tx, { ...e, papel: PAPEL.consultor, ativo: false });
    u.outraConsultor = await criarUsuario(tx, { id_empresa_fk: outra.id, papel: PAPEL.consultor });
  });
});

const ctxAdmin = () => ({ empresaId: empresa.id, usuarioId: u.admin.id, papel: PAPEL.admin as TPapel });

async function destinatarios(titulo: string): Promise<string[]> {
  return unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const { rows } = await tx.query("SELECT id_usuario_fk FROM notificacoes WHERE titulo = $1 ORDER BY id_usuario_fk", [titulo]);
    return rows.map((r) => r.id_usuario_fk);
  });
}

/** A fake WebSocket of one user, as ws-route.ts registers real ones. */
function conexao(usuario: TUsuario) {
  const { recebidos, sair } = ouvirTempoReal(t.deps, {
    usuarioId: usuario.id,
    empresaId: usuario.id_empresa_fk,
    papel: usuario.papel,
    sessaoId: `sessao-${usuario.id}`,
  });
  return { recebidos, sair };
}

async function esperar(cond: () => boolean, ms = 3_000) {
  const fim = Date.now() + ms;
  while (!cond() && Date.now() < fim) await new Promise((r) => setTimeout(r, 20));
}

describe("notificar", () => {
  it("fans out to the active users of the given roles only, from a company user's transaction", async () => {
    const criadas = await withTenant(t.deps.db.app, ctxAdmin(), (tx) =>
      notificar(t.deps, tx, {
        empresaId: empresa.id,
        destino: { papeis: [PAPEL.consultor] },
        tipo: "lead_assigned",
        titulo: "para consultores",
        conteudo: "Um lead novo",
        dados: { leadId: "00000000-0000-4000-8000-000000000001", leadName: "Maria" },
      }),
    );
    const esperados = [u.consultor1.id, u.consultor2.id].sort();
    expect(criadas.map((c) => c.usuarioId).sort()).toEqual(esperados);
    expect(await destinatarios("para consultores")).toEqual(esperados);
    expect(criadas[0].notificacao).toMatchObject({
      tipo: "lead_assigned",
      lida: false,
      read_at: null,
      dados_extras: { leadName: "Maria" },
    });
  });

  it("reaches every active user of the company, and one user only within their own company", async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      await notificar(t.deps, tx, {
        empresaId: empresa.id,
        destino: { empresa: true },
        tipo: "system",
        titulo: "para todos",
        conteudo: "",
      });
      await notificar(t.deps, tx, {
        empresaId: empresa.id,
        destino: { usuarioId: u.juridico.id },
        tipo: "system",
        titulo: "só um",
        conteudo: "",
      });
      // a user of another company is never reached through this company
      await notificar(t.deps, tx, {
        empresaId: empresa.id,
        destino: { usuarioId: u.outraConsultor.id },
        tipo: "system",
        titulo: "vazamento",
        conteudo: "",
      });
    });
    expect(await destinatarios("para todos")).toEqual([u.admin.id, u.consultor1.id, u.consultor2.id, u.juridico.id].sort());
    expect(await destinatarios("só um")).toEqual([u.juridico.id]);
    expect(await destinatarios("vazamento")).toEqual([]);
  });

  it("publishes notificacao.nova to each recipient after commit, and nothing for a rolled-back transaction", async () => {
    const c1 = conexao(u.consultor1);
    const adm = conexao(u.admin);
    try {
      await expect(
        withTenant(t.deps.db.app, ctxAdmin(), async (tx) => {
          await notificar(t.deps, tx, {
            empresaId: empresa.id,
            destino: { usuarioId: u.consultor1.id },
            tipo: "system",
            titulo: "desfeita",
            conteudo: "",
          });
          throw new Error("falhou depois");
        }),
      ).rejects.toThrow("falhou depois");
      expect(await destinatarios("desfeita")).toEqual([]);

      const [criada] = await withTenant(t.deps.db.app, ctxAdmin(), (tx) =>
        notificar(t.deps, tx, {
          empresaId: empresa.id,
          destino: { usuarioId: u.consultor1.id },
          tipo: "new_message",
          titulo: "confirmada",
          conteudo: "Olá",
        }),
      );
      await esperar(() => c1.recebidos.length > 0);
      expect(c1.recebidos).toEqual([{ tipo: "notificacao.nova", dados: criada.notificacao }]);
      expect(adm.recebidos).toEqual([]);
    } finally {
      c1.sair();
      adm.sair();
    }
  });

  it("keeps notifications short enough for one NOTIFY", async () => {
    const [criada] = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      notificar(t.deps, tx, {
        empresaId: empresa.id,
        destino: { usuarioId: u.admin.id },
        tipo: "system",
        titulo: "longa",
        conteudo: "é".repeat(5_000),
      }),
    );
    expect(criada.notificacao.conteudo.length).toBe(1000);
  });
});

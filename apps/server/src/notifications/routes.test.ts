import type { TPaginaNotificacoes, TSino } from "@crm/domain/schemas/notifications";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import {
  criarEmpresaComUsuarios,
  criarNotificacao,
  type TEmpresaComUsuarios,
  type TNotificacaoRow,
} from "../../test/factories.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import { unsafeWithSystem } from "../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let deOutraEmpresa: TNotificacaoRow;
let doColega: TNotificacaoRow;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const meu = { id_empresa_fk: a.empresa.id, id_usuario_fk: a.usuarios.consultor.id };
    for (let i = 0; i < 55; i++) {
      await criarNotificacao(tx, {
        ...meu,
        tipo: i % 2 ? "new_message" : "lead_assigned",
        titulo: `n${i}`,
        created_at: new Date(Date.UTC(2025, 0, 1, 0, i)),
        ...(i < 5 ? { lida: true, read_at: new Date(Date.UTC(2025, 0, 2)) } : {}),
      });
    }
    doColega = await criarNotificacao(tx, {
      id_empresa_fk: a.empresa.id,
      id_usuario_fk: a.usuarios.admin.id,
      titulo: "do colega",
    });
    deOutraEmpresa = await criarNotificacao(tx, {
      id_empresa_fk: b.empresa.id,
      id_usuario_fk: b.usuarios.consultor.id,
      titulo: "de B",
    });
  });
});

const sino = async (nav = a.navegadores.consultor) => {
  const res = await nav.req({ url: "/api/notificacoes" });
  expect(res.statusCode).toBe(200);
  return res.json() as TSino;
};

describe("GET /api/notificacoes", () => {
  it("lists the caller's 50 newest with the unread count, nobody else's", async () => {
    const s = await sino();
    expect(s.itens).toHaveLength(50);
    expect(s.itens[0].titulo).toBe("n54");
    expect(s.itens.every((n) => n.titulo.startsWith("n"))).toBe(true);
    expect(s.naoLidas).toBe(50);
    expect(s.itens[0].created_at).toBe("2025-01-01T00:54:00.000Z");
  });

  it("gives a platform admin (no company) an empty bell", async () => {
    expect(await sino(a.navegadores.plataforma)).toEqual({ itens: [], naoLidas: 0 });
  });

  it("needs a session", async () => {
    const res = await t.navegador().req({ url: "/api/notificacoes" });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/notificacoes/pagina", () => {
  it("pages and filters by type and read state", async () => {
    const res = await a.navegadores.consultor.req({ url: "/api/notificacoes/pagina?pagina=2&tamanho=10&tipo=new_message" });
    const p = res.json() as TPaginaNotificacoes;
    expect(p.total).toBe(27);
    expect(p.itens.map((n) => n.titulo)).toEqual(["n33", "n31", "n29", "n27", "n25", "n23", "n21", "n19", "n17", "n15"]);
    const lidas = (
      await a.navegadores.consultor.req({ url: "/api/notificacoes/pagina?situacao=lidas" })
    ).json() as TPaginaNotificacoes;
    expect(lidas.total).toBe(5);
    expect(lidas.itens.every((n) => n.lida && n.read_at)).toBe(true);
  });
});

describe("marking read", () => {
  it("marks one of the caller's own read and tells their other tabs", async () => {
    const { recebidos, sair } = ouvirTempoReal(t.deps, {
      usuarioId: a.usuarios.consultor.id,
      empresaId: a.empresa.id,
      papel: a.usuarios.consultor.papel,
      sessaoId: "outra-aba",
    });
    try {
      const alvo = (await sino()).itens[0];
      const res = await a.navegadores.consultor.req({ method: "POST", url: `/api/notificacoes/${alvo.id}/lida` });
      expect(res.statusCode).toBe(204);
      const depois = await sino();
      expect(depois.naoLidas).toBe(49);
      const lida = depois.itens.find((n) => n.id === alvo.id);
      expect(lida?.lida).toBe(true);
      expect(lida?.read_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const fim = Date.now() + 3_000;
      while (!recebidos.length && Date.now() < fim) await new Promise((r) => setTimeout(r, 20));
      expect(recebidos).toEqual([{ tipo: "notificacoes.atualizadas" }]);
    } finally {
      sair();
    }
  });

  it("answers 404 for another company's or a colleague's notification and leaves it unread", async () => {
    for (const n of [deOutraEmpresa, doColega]) {
      const res = await a.navegadores.consultor.req({ method: "POST", url: `/api/notificacoes/${n.id}/lida` });
      expect(res.statusCode).toBe(404);
      expect(res.json().erro).toBe("Notificação não encontrada.");
    }
    const ainda = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("SELECT lida FROM notificacoes WHERE id = ANY($1::uuid[])", [[deOutraEmpresa.id, doColega.id]]),
    );
    expect(ainda.rows.map((r) => r.lida)).toEqual([false, false]);
  });

  it("marks all of the caller's unread read, and only theirs", async () => {
    const res = await a.navegadores.consultor.req({ method: "POST", url: "/api/notificacoes/lidas" });
    expect(res.statusCode).toBe(204);
    expect((await sino()).naoLidas).toBe(0);
    expect((await sino(a.navegadores.admin)).naoLidas).toBe(1);
    expect((await sino(b.navegadores.consultor)).naoLidas).toBe(1);
  });

  it("refuses a write without the CSRF header", async () => {
    const nav = a.navegadores.consultor;
    const res = await nav.req({ method: "POST", url: "/api/notificacoes/lidas", headers: { "x-csrf-token": "errado" } });
    expect(res.statusCode).toBe(403);
  });
});

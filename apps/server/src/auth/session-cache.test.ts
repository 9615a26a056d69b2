import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, entrar } from "../../test/factories.js";
import { criarLeitorDeSessoes } from "./session-cache.js";
import { COOKIE_SESSAO } from "./sessions.js";

const t = useTestApp();

type THandlers = { aoNotificar: (p: string) => void; aoEstado: (ouvindo: boolean) => void };

/** A reader wired to a stand-in LISTEN connection the test drives, on the app's real database. */
function leitorControlado() {
  let h: THandlers | undefined;
  const leitor = criarLeitorDeSessoes(t.deps.db.app, {
    ouvir: (_c, handlers) => {
      h = handlers;
    },
  });
  return { leitor, canal: h as THandlers };
}

async function tokenDoAdmin() {
  const { usuarios, navegadores } = await criarEmpresaComUsuarios(t);
  return { usuario: usuarios.admin, token: navegadores.admin.cookies.get(COOKIE_SESSAO) as string, navegadores };
}

// a change made where this instance cannot see it (another instance, psql): only the NOTIFY reaches us
const revogarPorFora = (usuarioId: string) =>
  t.dono.query("UPDATE auth_sessoes SET revoked_at = now() WHERE id_usuario_fk = $1", [usuarioId]);

describe("remembered sessions", () => {
  it("remembers a session while notifications are received and forgets it on a notification", async () => {
    const { leitor, canal } = leitorControlado();
    const { usuario, token } = await tokenDoAdmin();
    canal.aoEstado(true);
    expect((await leitor.ler(token))?.usuarioId).toBe(usuario.id);
    await revogarPorFora(usuario.id);
    expect((await leitor.ler(token))?.usuarioId).toBe(usuario.id); // remembered: no notification yet
    canal.aoNotificar("");
    expect(await leitor.ler(token)).toBeNull();
  });

  it("remembers nothing while the LISTEN connection is down", async () => {
    const { leitor, canal } = leitorControlado();
    const { usuario, token } = await tokenDoAdmin();
    canal.aoEstado(true);
    expect(await leitor.ler(token)).not.toBeNull();
    canal.aoEstado(false);
    await revogarPorFora(usuario.id);
    expect(await leitor.ler(token)).toBeNull();
  });

  it("does not remember a read that was under way when a change was notified", async () => {
    const { leitor, canal } = leitorControlado();
    const { usuario, token } = await tokenDoAdmin();
    canal.aoEstado(true);
    const emCurso = leitor.ler(token);
    canal.aoNotificar("");
    expect(await emCurso).not.toBeNull();
    await revogarPorFora(usuario.id);
    expect(await leitor.ler(token)).toBeNull();
  });

  it("signs a revoked session out on the very next request of the instance that revoked it", async () => {
    const { usuarios, navegadores } = await criarEmpresaComUsuarios(t);
    const outro = t.navegador();
    await entrar(outro, usuarios.consultor.email);
    expect((await outro.req({ url: "/api/auth/sessao" })).statusCode).toBe(200); // now remembered
    const fim = await navegadores.consultor.req({ method: "POST", url: "/api/perfil/sessoes/encerrar-outras" });
    expect(fim.json()).toEqual({ sessoesEncerradas: 1 });
    expect((await outro.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
  });

  it("sees a change made by another instance through the notification", async () => {
    const { usuario, navegadores } = await tokenDoAdmin();
    expect((await navegadores.admin.req({ url: "/api/auth/sessao" })).statusCode).toBe(200);
    await revogarPorFora(usuario.id);
    const ate = Date.now() + 2_000;
    let status = 200;
    while (status === 200 && Date.now() < ate) {
      status = (await navegadores.admin.req({ url: "/api/auth/sessao" })).statusCode;
      if (status === 200) await new Promise((r) => setTimeout(r, 10));
    }
    expect(status).toBe(401);
  });
});

import { CONTAS_DEMO, DEMO_SENHA } from "@crm/domain/demo";
import { ZConfigPublica } from "@crm/domain/schemas/session";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem, withTenant } from "../db/tenant.js";
import { instalacaoDemo, podeVerFerramentasDev, somenteFerramentasDev } from "../http/auth-context.js";
import { COOKIE_CSRF } from "../http/csrf.js";
import { COOKIE_SESSAO } from "./sessions.js";

const ZDebugAuth = z.object({
  conexao: z.object({ ok: z.boolean(), latenciaMs: z.number() }),
  sessao: z
    .object({ email: z.string(), papel: z.string(), empresa: z.string().nullable(), expira: z.string().nullable() })
    .nullable(),
  cookies: z.object({ sessao: z.boolean(), csrf: z.boolean() }),
});

const TEMPO_MAXIMO_TESTE_MS = 5_000;

/** Round trip to the database through the application pool, as a request would make it. */
async function testarConexao(deps: TDeps): Promise<{ ok: boolean; latenciaMs: number }> {
  const t = performance.now();
  const limite = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), TEMPO_MAXIMO_TESTE_MS).unref());
  const ok = await Promise.race([
    deps.db.app.query("SELECT 1").then(
      () => true,
      () => false,
    ),
    limite,
  ]);
  return { ok, latenciaMs: Math.round(performance.now() - t) };
}

/**
 * What signed-out pages need (GET /api/config/publica) and the /debug-auth diagnostics (GET /api/debug/auth,
 * on a demo installation only, for a caller on this machine or the platform admin: 404 to anyone else).
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The seed runs before the server listens and demo accounts are not expected to disappear, so a "yes"
  // is kept for the life of the process; a "no" is asked again (one indexed query) in case they appear.
  let demoExiste = false;
  async function demoDisponivel(): Promise<boolean> {
    if (!deps.config.seedDemo) return false;
    if (demoExiste) return true;
    const emails = CONTAS_DEMO.map((c) => c.email);
    // crossing tenants is inherent: the demo accounts belong to several companies (and none)
    const { rows } = await unsafeWithSystem(deps.db.app, "config-publica", (tx) =>
      tx.query("SELECT count(*) AS n FROM usuarios_plataforma WHERE email = ANY($1) AND ativo", [emails]),
    );
    demoExiste = rows[0].n === emails.length;
    return demoExiste;
  }

  app.get("/config/publica", { config: { publica: true }, schema: { response: { 200: ZConfigPublica } } }, async (req) => ({
    demo: (await demoDisponivel())
      ? { senha: DEMO_SENHA, contas: CONTAS_DEMO.map(({ rotulo, email }) => ({ rotulo, email })) }
      : null,
    // the link to the dev mailbox only where it would open for this caller
    caixaDeEmailsDev: podeVerFerramentasDev(req),
  }));

  // the diagnostics tell whether a session cookie is valid and whom it belongs to: a dev tool, like the mailbox
  if (!instalacaoDemo(deps)) return;
  const rotaDebug = {
    config: { publica: true },
    onRequest: somenteFerramentasDev,
    schema: { response: { 200: ZDebugAuth } },
  } as const;
  app.get("/debug/auth", rotaDebug, async (req) => {
    const conexao = await testarConexao(deps);
    let sessao: z.infer<typeof ZDebugAuth>["sessao"] = null;
    const auth = req.auth;
    if (auth) {
      const { rows } = await withTenant(deps.db.app, auth, (tx) =>
        tx.query("SELECT expires_at FROM auth_sessoes WHERE id = $1", [auth.sessaoId]),
      );
      const expira = rows[0]?.expires_at as Date | undefined;
      sessao = { email: auth.email, papel: auth.papel, empresa: auth.empresaNome, expira: expira?.toISOString() ?? null };
    }
    // what the browser sent: a session cookie without a session means it expired or was revoked
    return { conexao, sessao, cookies: { sessao: !!req.cookies[COOKIE_SESSAO], csrf: !!req.cookies[COOKIE_CSRF] } };
  });
};

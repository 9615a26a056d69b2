import { zId } from "@crm/domain/schemas/id";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unsafeWithSystem } from "../db/tenant.js";
import { instalacaoDemo, somenteFerramentasDev } from "../http/auth-context.js";

const ZCaixaDev = z.object({
  itens: z.array(
    z.object({
      id: zId(),
      para: z.string(),
      assunto: z.string(),
      texto: z.string(),
      html: z.string(),
      created_at: z.string(),
    }),
  ),
});

const LIMITE_EMAILS = 100;

/**
 * GET /api/dev/emails: the dev mailbox (the outbox when no SMTP is configured), newest first.
 * It shows every company's emails, sign-in and invitation links included: so the route exists only on a demo
 * installation (demo data, no SMTP, not production) and answers only a caller on this machine or the platform
 * admin; anyone else gets 404 (http/auth-context.ts, decision 0015).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  if (!instalacaoDemo(deps)) return;

  const rota = { config: { publica: true }, onRequest: somenteFerramentasDev, schema: { response: { 200: ZCaixaDev } } } as const;
  app.get("/dev/emails", rota, async () => {
    // crossing tenants is inherent: the dev mailbox holds every company's email
    const { rows } = await unsafeWithSystem(deps.db.app, "caixa-dev", (tx) =>
      tx.query("SELECT id, para, assunto, texto, html, created_at FROM emails_saida ORDER BY created_at DESC, id DESC LIMIT $1", [
        LIMITE_EMAILS,
      ]),
    );
    return { itens: rows.map((r) => ({ ...r, created_at: (r.created_at as Date).toISOString() })) };
  });
};

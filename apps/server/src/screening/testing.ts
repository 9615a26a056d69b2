import type { TTestApp } from "../../test/app.js";
import { criarLead, criarMensagem } from "../../test/factories.js";
import { cofreDe } from "../crypto/secrets.js";
import { unsafeWithSystem } from "../db/tenant.js";

/** Helpers shared by the screening and assignment API tests (imported only by *.test.ts, never by the server). */

export function sql<T = Record<string, unknown>>(t: TTestApp, texto: string, params: unknown[] = []): Promise<T[]> {
  return unsafeWithSystem(t.deps.db.app, "teste", async (tx) => (await tx.query(texto, params)).rows as T[]);
}

/** Points the company at a (fake) OpenAI-compatible server, with the key encrypted as the settings store it. */
export async function configurarIa(
  t: TTestApp,
  empresaId: string,
  ia: { url: string; chave: string | null; modelo?: string; temperature?: number; max_tokens?: number },
  ativa = true,
): Promise<void> {
  const config = ia.chave
    ? {
        api_key: cofreDe(t.deps.config.appSecret).cifrar(ia.chave),
        modelo: ia.modelo ?? "gpt-3.5-turbo",
        temperature: ia.temperature ?? 0.7,
        max_tokens: ia.max_tokens ?? 500,
        base_url: ia.url,
      }
    : {};
  await sql(t, "UPDATE empresas SET config_chatgpt_api = $2::jsonb, ia_triagem_ativa = $3 WHERE id = $1", [
    empresaId,
    JSON.stringify(config),
    ativa,
  ]);
}

/** A WhatsApp lead that wrote these messages (one second apart, oldest first). */
export async function leadComMensagens(
  t: TTestApp,
  empresaId: string,
  textos: string[],
  p: { status_lead?: string; nome?: string } = {},
): Promise<{ id: string; nome: string }> {
  return unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const lead = await criarLead(tx, {
      id_empresa_fk: empresaId,
      origem_lead: "WhatsApp",
      telefone: `+55 11 9${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
      ...(p as object),
    });
    const base = Date.now() - textos.length * 1000;
    for (const [i, message] of textos.entries())
      await criarMensagem(tx, { id_empresa_fk: empresaId, id_lead_fk: lead.id, message, timestamp: new Date(base + i * 1000) } as never);
    return { id: lead.id, nome: lead.nome };
  });
}

/** The lead writes one more message (now). */
export async function leadEscreve(t: TTestApp, empresaId: string, leadId: string, message: string): Promise<void> {
  await sql(
    t,
    `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, message, status, timestamp)
     VALUES ($1, $2, 'entrada', 'lead', $3, 'received', clock_timestamp())`,
    [empresaId, leadId, message],
  );
}

export async function esperarAte<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const fim = Date.now() + ms;
  let v = await fn();
  while (!ok(v) && Date.now() < fim) {
    await new Promise((r) => setTimeout(r, 50));
    v = await fn();
  }
  return v;
}

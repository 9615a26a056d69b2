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
      await criarMensagem(tx, {
        id_empresa_fk: empresaId,
        id_lead_fk: lead.id,
        message,
        timestamp: new Date(base + i * 1000),
      } as never);
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

/** The consultant has an app open right now: a fresh presence row and Conectado (what presence/ would write). */
export async function conectar(t: TTestApp, empresaId: string, consultorId: string, status = "Conectado"): Promise<void> {
  await sql(t, "INSERT INTO presencas_consultor (id_empresa_fk, id_consultor_fk, ocioso) VALUES ($1, $2, $3)", [
    empresaId,
    consultorId,
    status === "Ocupado",
  ]);
  await sql(t, "UPDATE consultores SET status_conexao = $3, ultima_atividade_em = now() WHERE id_empresa_fk = $1 AND id = $2", [
    empresaId,
    consultorId,
    status,
  ]);
}

export async function desconectar(t: TTestApp, empresaId: string, consultorId: string): Promise<void> {
  await sql(t, "DELETE FROM presencas_consultor WHERE id_empresa_fk = $1 AND id_consultor_fk = $2", [empresaId, consultorId]);
  await sql(t, "UPDATE consultores SET status_conexao = 'Desconectado' WHERE id_empresa_fk = $1 AND id = $2", [
    empresaId,
    consultorId,
  ]);
}

/** A screening row as the engine writes it (history and review tests). */
export async function registrarTriagem(
  t: TTestApp,
  empresaId: string,
  leadId: string,
  p: { decisao: string; motivo?: string; erro?: string; fatos?: Record<string, unknown>; criadaHa?: number },
): Promise<string> {
  const [r] = await sql<{ id: string }>(
    t,
    `INSERT INTO triagens_ia (id_empresa_fk, id_lead_fk, decisao, motivo, fatos, motor, erro, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, 'regras', $6, now() - make_interval(secs => $7)) RETURNING id`,
    [empresaId, leadId, p.decisao, p.motivo ?? null, JSON.stringify(p.fatos ?? {}), p.erro ?? null, p.criadaHa ?? 0],
  );
  return r.id;
}

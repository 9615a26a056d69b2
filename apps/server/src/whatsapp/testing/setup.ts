import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import type { TNavegador, TTestApp } from "../../../test/app.js";
import { unsafeWithSystem } from "../../db/tenant.js";

export const APP_SECRET_META = "meta-app-secret-de-teste";

/** Saves the company's WhatsApp block through the settings API, as an admin would. */
async function salvarWhatsApp(admin: TNavegador, whatsapp: Record<string, string>): Promise<TConfiguracoes> {
  const res = await admin.req({ method: "PUT", url: "/api/empresa/configuracoes", payload: { whatsapp, ia: {} } });
  if (res.statusCode !== 200) throw new Error(`configurar ${whatsapp.provedor}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The official provider (Cloud API) with the test app secret that signs the fake Graph's webhooks. */
export const configurarOficial = (admin: TNavegador, g: { token: string; phoneNumberId: string; wabaId: string }) =>
  salvarWhatsApp(admin, {
    provedor: "official",
    access_token: g.token,
    phone_number_id: g.phoneNumberId,
    app_id: "1234567890",
    app_secret: APP_SECRET_META,
    business_account_id: g.wabaId,
  });

/** The unofficial provider (Evolution API v2 style gateway). */
export const configurarNaoOficial = (admin: TNavegador, e: { url: string; apiKey: string; instancia: string }) =>
  salvarWhatsApp(admin, {
    provedor: "unofficial",
    unofficial_api_url: e.url,
    unofficial_api_key: e.apiKey,
    unofficial_instance_id: e.instancia,
  });

/** Path of the company's webhook (from the settings' full URL). */
export const caminhoWebhook = (c: TConfiguracoes) => new URL(c.webhook.url).pathname;

export async function contar(t: TTestApp, sql: string, params: unknown[]): Promise<number> {
  return unsafeWithSystem(t.deps.db.app, "teste", async (tx) => Number((await tx.query(sql, params)).rows[0].n));
}

export async function linha<T = Record<string, unknown>>(t: TTestApp, sql: string, params: unknown[]): Promise<T> {
  return unsafeWithSystem(t.deps.db.app, "teste", async (tx) => (await tx.query(sql, params)).rows[0] as T);
}

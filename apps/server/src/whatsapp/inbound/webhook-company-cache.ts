import type { TConfigWhatsApp } from "../providers/company-config.js";

/** How long an instance trusts the company it found for a webhook URL token. */
export const CACHE_EMPRESA_WEBHOOK_MS = 5_000;

// Company by URL token, cached briefly: a busy number delivers thousands of events a second.
// Saving the settings forgets the entry on this instance; other instances follow within CACHE_EMPRESA_WEBHOOK_MS.
export const cacheEmpresaDoWebhook = new Map<string, { cfg: TConfigWhatsApp | null; ate: number }>();

/** Called when a company's WhatsApp settings are saved (company-settings/save-settings.ts). */
export const esquecerEmpresaDoWebhook = (token: string) => cacheEmpresaDoWebhook.delete(token);

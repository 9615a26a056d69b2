import type { TPlano } from "@crm/domain/plans";
import { relogio } from "../core/clock.js";
import type { TAleatorio } from "./random.js";

export const MIN = 60_000;
export const HORA = 60 * MIN;
export const DIA = 24 * HORA;

export const mais = (d: Date, ms: number) => new Date(d.getTime() + ms);
export const diaISO = (d: Date) => d.toISOString().slice(0, 10);
export const centavos = (v: number) => Math.round(v * 100) / 100;

/**
 * The seed's default clock: the start of the current hour by the server's clock (decision 1795, so a server under
 * CRM_RELOGIO seeds the demo around its own "today"). Every generated date is relative to it, so "Hoje" already has
 * leads and seeding twice within the hour (or with the same `agora`) gives identical data.
 */
export function inicioDaHora(d: Date = relogio.agora()): Date {
  return new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);
}

export type TConsultorDemo = { id: string; nome: string; usuarioId: string | null; peso: number };

/** What the generators need to know about a seeded company. */
export type TEmpresaDemo = {
  id: string;
  nome: string;
  plano: TPlano;
  adminUsuarioId: string;
  consultores: TConsultorDemo[];
  /** the Jurídico user that legal processes are assigned to, if the company has one */
  juridicoUsuarioId: string | null;
};

export type TGeracao = { r: TAleatorio; agora: Date };

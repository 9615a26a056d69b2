import { PAPEL, type TPapel } from "./roles";

/**
 * The demo accounts, written once: the seed creates them, GET /api/config/publica announces them
 * (only when they exist) and the login page's quick-fill buttons use them. Demo data exists only on
 * the embedded default or when SEED_DEMO=true, never on a production database.
 */
export const DEMO_SENHA = "demo1234";

export type TContaDemo = { rotulo: string; email: string; papel: TPapel };

export const CONTAS_DEMO: readonly TContaDemo[] = [
  { rotulo: "Admin Plataforma", email: "plataforma@demo.com.br", papel: PAPEL.plataforma },
  { rotulo: "Admin Empresa", email: "admin@demo.com.br", papel: PAPEL.admin },
  { rotulo: "Consultor", email: "consultor@demo.com.br", papel: PAPEL.consultor },
  { rotulo: "Jurídico", email: "juridico@demo.com.br", papel: PAPEL.juridico },
];

import type { TDiagnostico } from "@crm/domain/doctor";
import type { TConfig } from "../config/config.js";
import type { TDb } from "../db/pool.js";
import type { TArmazenamento } from "../storage/storage.js";
import { protegida } from "./check.js";
import { verificarBanco } from "./database-checks.js";
import { verificarArmazenamento, verificarDisco, verificarRelogio, verificarSmtp } from "./service-checks.js";
import { verificarWhatsApp } from "./whatsapp-checks.js";

export type TAlvoDiagnostico = { db: TDb; config: TConfig; storage: TArmazenamento };

/**
 * `npm run doctor` and GET /api/plataforma/diagnostico (decision 1858): every check at once, each bounded by its own
 * timeout, in a fixed order. A check that fails to run is reported as that check's error.
 */
export async function diagnosticar(d: TAlvoDiagnostico): Promise<TDiagnostico> {
  const grupos = await Promise.all([
    protegida("banco", "Banco de dados", () => verificarBanco(d.db), "Confira DATABASE_URL e se o PostgreSQL está no ar."),
    verificarArmazenamento(d.storage, d.config).then((v) => [v]),
    verificarSmtp(d.config).then((v) => [v]),
    protegida("whatsapp", "WhatsApp", () => verificarWhatsApp(d.db, d.config), "Confira o banco de dados (acima)."),
    protegida("relogio", "Relógio", async () => [await verificarRelogio(d.db)], "Confira o banco de dados (acima)."),
    protegida("disco", "Espaço em disco", async () => [await verificarDisco(d.config)], `Confira se DATA_DIR existe.`),
  ]);
  return { verificadoEm: new Date().toISOString(), verificacoes: grupos.flat() };
}

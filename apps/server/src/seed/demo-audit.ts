import type { TTx } from "../db/tenant.js";

const DIA = 86_400_000;
const IPS = ["189.40.88.12", "177.22.131.7", "200.150.4.66"];

/**
 * A month of the demo company's audit intake (decision 1822), so /auditoria has people, actions, entities and IPs to
 * filter on a fresh `npm start`: sign-ins (and two refused ones), contract views, document and export reads. The
 * follower chains them once the seed commits.
 */
export async function semearAuditoriaDemo(
  tx: TTx,
  agora: Date,
  empresaId: string,
  pessoas: { admin: string; consultor: string; juridico: string },
  leadIds: string[],
): Promise<number> {
  const linhas: unknown[][] = [];
  const quem = [pessoas.admin, pessoas.consultor, pessoas.juridico];
  for (let d = 29; d >= 0; d--) {
    for (const [i, u] of quem.entries()) {
      const em = new Date(agora.getTime() - d * DIA - (3 - i) * 3_600_000);
      linhas.push([u, "login", "usuario", u, { userAgent: "Mozilla/5.0 (demo)" }, IPS[i], em]);
      const lead = leadIds[(d * 3 + i) % leadIds.length];
      if (u !== pessoas.juridico)
        linhas.push([u, "lead.contrato_visto", "lead", lead, {}, IPS[i], new Date(em.getTime() + 600_000)]);
    }
    if (d % 7 === 0)
      linhas.push([
        pessoas.admin,
        "leads.exportados",
        "exportacao",
        null,
        { rota: "/api/leads/exportar" },
        IPS[0],
        new Date(agora.getTime() - d * DIA),
      ]);
  }
  linhas.push([
    pessoas.consultor,
    "login.falhou",
    "usuario",
    pessoas.consultor,
    {},
    "45.70.12.3",
    new Date(agora.getTime() - 2 * DIA),
  ]);
  linhas.push([
    pessoas.consultor,
    "login.falhou",
    "usuario",
    pessoas.consultor,
    {},
    "45.70.12.3",
    new Date(agora.getTime() - 2 * DIA + 60_000),
  ]);
  await tx.query(
    `INSERT INTO auditoria (id_empresa_fk, id_usuario_fk, acao, entidade, entidade_id, dados, ip_address, created_at)
     SELECT $1, (x->>0)::uuid, x->>1, x->>2, x->>3, x->4, x->>5, (x->>6)::timestamptz FROM jsonb_array_elements($2::jsonb) x`,
    [empresaId, JSON.stringify(linhas)],
  );
  return linhas.length;
}

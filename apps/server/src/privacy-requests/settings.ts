import {
  DIREITOS_TITULAR,
  PALAVRAS_CHAVE_PADRAO,
  type TPalavraChave,
  type TPrazosPorDireito,
} from "@crm/domain/privacy-requests";
import type { TConfigPrivacidade } from "@crm/domain/schemas/privacy-requests";
import type { TTx } from "../db/tenant.js";

export type TConfigLida = {
  encarregado_nome: string | null;
  encarregado_email: string | null;
  encarregado_telefone: string | null;
  palavras_chave: TPalavraChave[];
  prazos_dias: TPrazosPorDireito;
};

/** A company's privacy settings (decision 1825), the defaults where it has not set any. */
export async function lerConfigPrivacidade(tx: TTx, empresaId: string): Promise<TConfigLida> {
  const { rows } = await tx.query(
    `SELECT encarregado_nome, encarregado_email, encarregado_telefone, palavras_chave, prazos_dias
       FROM privacidade_config WHERE id_empresa_fk = $1`,
    [empresaId],
  );
  const r = rows[0];
  const prazos: TPrazosPorDireito = {};
  for (const d of DIREITOS_TITULAR) if (typeof r?.prazos_dias?.[d] === "number") prazos[d] = r.prazos_dias[d];
  return {
    encarregado_nome: r?.encarregado_nome ?? null,
    encarregado_email: r?.encarregado_email ?? null,
    encarregado_telefone: r?.encarregado_telefone ?? null,
    palavras_chave: r?.palavras_chave ?? PALAVRAS_CHAVE_PADRAO,
    prazos_dias: prazos,
  };
}

/** Saves the settings (the caller logs `configuracao.alterada`). */
export async function gravarConfigPrivacidade(tx: TTx, empresaId: string, c: TConfigPrivacidade): Promise<void> {
  await tx.query(
    `INSERT INTO privacidade_config (id_empresa_fk, encarregado_nome, encarregado_email, encarregado_telefone, palavras_chave, prazos_dias)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id_empresa_fk) DO UPDATE SET encarregado_nome = $2, encarregado_email = $3, encarregado_telefone = $4,
       palavras_chave = $5, prazos_dias = $6, updated_at = now()`,
    [
      empresaId,
      c.encarregado_nome || null,
      c.encarregado_email || null,
      c.encarregado_telefone || null,
      JSON.stringify(c.palavras_chave),
      JSON.stringify(c.prazos_dias),
    ],
  );
}

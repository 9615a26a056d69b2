import { contagemIncidente, fimDoDiaSP, riscoRelevante, type TCriterioRisco, type TFatosIncidente } from "@crm/domain/incidents";
import type { TIncidente } from "@crm/domain/schemas/incidents";
import { ehFeriadoNacional } from "../calendar/holidays.js";
import type { TTx } from "../db/tenant.js";

/** The columns of an incident as the screens and the drafts read it. */
export const COLUNAS_INCIDENTE = `i.id, i.numero, i.id_incidente_plataforma, i.titulo, i.descricao, i.categoria, i.impactos,
  i.categorias_dados, i.afeta_significativamente, i.criterios, i.ocorrido_em::text AS ocorrido_em, i.conhecido_em,
  i.pequeno_porte, i.prazo_dias_uteis, i.vence_em::text AS vence_em, i.operador, i.medidas_seguranca, i.medidas_mitigacao,
  i.riscos, i.motivo_demora, i.titulares_criancas, i.titulares_idosos, i.titulares_afetados, i.status,
  i.comunicado_em::text AS comunicado_em, i.protocolo_anpd, i.encerrado_em, i.conclusao, i.created_at,
  (SELECT count(*)::int FROM privacidade_incidente_titulares t
    WHERE t.id_empresa_fk = i.id_empresa_fk AND t.id_incidente_fk = i.id AND t.aviso_em IS NOT NULL) AS titulares_avisados`;

export type TLinha = Record<string, unknown> & {
  id: string;
  vence_em: string;
  status: TIncidente["status"];
  comunicado_em: string | null;
  conhecido_em: Date;
  criterios: TCriterioRisco[];
  afeta_significativamente: boolean;
};

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

/**
 * An incident as the API answers it: the countdown to the ANPD communication by the server's clock (decision 1795),
 * over business days that skip weekends and national holidays (decision 1876); none once communicated or closed.
 */
export function paraIncidente(r: TLinha, agora: Date): TIncidente {
  const aberto = r.status === "em_avaliacao";
  return {
    id: r.id,
    numero: r.numero as string,
    da_plataforma: r.id_incidente_plataforma !== null,
    titulo: r.titulo as string,
    descricao: r.descricao as string,
    categoria: r.categoria as TIncidente["categoria"],
    impactos: r.impactos as TIncidente["impactos"],
    categorias_dados: r.categorias_dados as TIncidente["categorias_dados"],
    afeta_significativamente: r.afeta_significativamente,
    criterios: r.criterios,
    risco_relevante: riscoRelevante(r.afeta_significativamente, r.criterios),
    ocorrido_em: (r.ocorrido_em as string | null) ?? null,
    conhecido_em: iso(r.conhecido_em) as string,
    pequeno_porte: r.pequeno_porte as boolean,
    prazo_dias_uteis: r.prazo_dias_uteis as number,
    vence_em: r.vence_em,
    operador: (r.operador as string | null) ?? null,
    medidas_seguranca: (r.medidas_seguranca as string | null) ?? null,
    medidas_mitigacao: (r.medidas_mitigacao as string | null) ?? null,
    riscos: (r.riscos as string | null) ?? null,
    motivo_demora: (r.motivo_demora as string | null) ?? null,
    titulares_criancas: (r.titulares_criancas as number | null) ?? null,
    titulares_idosos: (r.titulares_idosos as number | null) ?? null,
    titulares_afetados: r.titulares_afetados as number,
    titulares_avisados: r.titulares_avisados as number,
    status: r.status,
    comunicado_em: r.comunicado_em,
    protocolo_anpd: (r.protocolo_anpd as string | null) ?? null,
    encerrado_em: iso(r.encerrado_em),
    conclusao: (r.conclusao as string | null) ?? null,
    contagem: aberto ? contagemIncidente(r.vence_em, agora, ehFeriadoNacional) : null,
    fora_do_prazo: r.comunicado_em ? r.comunicado_em > r.vence_em : null,
    registrado_em: iso(r.created_at) as string,
  };
}

/** One incident of the company, locked for an action when `travar`; null when it is not the company's. */
export async function lerIncidente(tx: TTx, empresaId: string, id: string, travar = false): Promise<TLinha | null> {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_INCIDENTE} FROM privacidade_incidentes i WHERE i.id_empresa_fk = $1 AND i.id = $2${travar ? " FOR UPDATE" : ""}`,
    [empresaId, id],
  );
  return (rows[0] as TLinha | undefined) ?? null;
}

/** What the drafts need besides the incident: the company, its encarregado, the size of its base. */
export async function fatosDoIncidente(tx: TTx, empresaId: string, r: TLinha): Promise<TFatosIncidente> {
  const { rows } = await tx.query(
    `SELECT e.nome_empresa, c.encarregado_nome, coalesce(c.encarregado_email, e.email_contato) AS encarregado_email,
            c.encarregado_telefone,
            (SELECT count(*)::int FROM leads_juros_check l WHERE l.id_empresa_fk = e.id) AS base
       FROM empresas e LEFT JOIN privacidade_config c ON c.id_empresa_fk = e.id WHERE e.id = $1`,
    [empresaId],
  );
  const e = rows[0];
  const i = paraIncidente(r, new Date());
  return {
    numero: i.numero,
    empresa: e.nome_empresa,
    cnpj: null,
    pequeno_porte: i.pequeno_porte,
    encarregado: { nome: e.encarregado_nome, email: e.encarregado_email, telefone: e.encarregado_telefone },
    operador: i.operador,
    titulo: i.titulo,
    descricao: i.descricao,
    categoria: i.categoria,
    impactos: i.impactos,
    categorias_dados: i.categorias_dados,
    afeta_significativamente: i.afeta_significativamente,
    criterios: i.criterios,
    ocorrido_em: i.ocorrido_em,
    conhecido_em: new Date(i.conhecido_em),
    vence_em: i.vence_em,
    titulares_afetados: i.titulares_afetados,
    titulares_criancas: i.titulares_criancas,
    titulares_idosos: i.titulares_idosos,
    titulares_total_base: e.base,
    medidas_seguranca: i.medidas_seguranca,
    medidas_mitigacao: i.medidas_mitigacao,
    riscos: i.riscos,
    motivo_demora: i.motivo_demora,
  };
}

/** Whether `agora` is past the end of the due day (a late communication needs its reasons, art. 6). */
export const foraDoPrazo = (venceEm: string, instante: Date) => instante.getTime() > fimDoDiaSP(venceEm).getTime();

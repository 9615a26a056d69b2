import { SQL } from "./terms.js";
import type { TDerivado } from "./types.js";

/** the words a lead is found by (0002, 0049): its name's and e-mail's words and the whole e-mail, stop words left out */
const palavras = `SELECT DISTINCT left(t, 64) COLLATE "C" AS termo, l.id AS id_lead_fk
                    FROM ${SQL.leads} CROSS JOIN LATERAL unnest(leads_termos_busca(l.nome, l.email)) AS t
                   WHERE t <> '' AND t NOT IN ('da', 'de', 'do', 'das', 'dos', 'e')`;

export const LINHAS_DE_BUSCA: TDerivado[] = [
  {
    nome: "leads_busca",
    tipo: "conjunto",
    tabela: "leads_busca",
    chave: ["termo", "id_lead_fk"],
    medidas: [],
    definicao: palavras,
    fontes: ["leads_juros_check"],
    eventos: ["lead.criado", "lead.alterado", "lead.excluido", "lead.eliminado"],
    exatidao: "na_transacao",
    origem: "0002/0012/0049: the top bar's and /leads' search by name and e-mail",
  },
  {
    nome: "leads_telefone_busca",
    tipo: "conjunto",
    tabela: "leads_telefone_busca",
    chave: ["sufixo", "id_lead_fk"],
    medidas: ["created_at"],
    definicao: `SELECT DISTINCT s COLLATE "C" AS sufixo, l.id AS id_lead_fk, l.created_at
                  FROM ${SQL.leads} CROSS JOIN LATERAL unnest(telefone_sufixos(l.telefone_normalizado)) AS s
                 WHERE l.telefone_normalizado IS NOT NULL`,
    fontes: ["leads_juros_check"],
    eventos: ["lead.criado", "lead.alterado", "lead.excluido", "lead.eliminado"],
    exatidao: "na_transacao",
    origem: "0025/0044: the search by any part of a phone number",
  },
  {
    nome: "leads_juros_check.busca_mascara",
    tipo: "coluna",
    tabela: "leads_juros_check",
    chave: ["id"],
    medidas: ["busca_mascara"],
    definicao: `SELECT l.id, leads_mascara_termos(leads_termos_busca(l.nome, l.email)) AS busca_mascara
                  FROM ${SQL.leads} WHERE ${SQL.processo}`,
    fontes: ["leads_juros_check"],
    eventos: ["lead.criado", "lead.alterado", "lead.status", "lead.eliminado"],
    exatidao: "na_transacao",
    origem: "0045: /processos' search mask of a process's words",
  },
  {
    nome: "empresas_busca",
    tipo: "conjunto",
    tabela: "empresas_busca",
    chave: ["sufixo"],
    medidas: [],
    definicao: `SELECT s COLLATE "C" AS sufixo FROM empresas e CROSS JOIN LATERAL empresas_busca_sufixos(e.nome_empresa, e.email_contato) AS s
                 WHERE e.id = $1`,
    fontes: ["empresas"],
    eventos: [],
    semEvento: "a company's name and e-mail have no kind in the change log yet",
    exatidao: "na_transacao",
    origem: "0029 (decision 1307): /empresas' search by any part of a name or e-mail",
  },
  {
    nome: "conversas_recentes",
    tipo: "conjunto",
    tabela: "conversas_recentes",
    chave: ["id_lead_fk"],
    medidas: ["ultima_mensagem_em"],
    definicao: `SELECT l.id AS id_lead_fk, l.ultima_mensagem_em FROM ${SQL.leads} WHERE l.ultima_mensagem_em IS NOT NULL`,
    fontes: ["leads_juros_check"],
    eventos: ["lead.criado", "mensagem.recebida", "mensagem.enviada", "lead.excluido", "lead.eliminado"],
    exatidao: "na_transacao",
    origem: "0008: Conversas, the leads by their last message",
  },
  {
    nome: "leads_juros_check.revisional",
    tipo: "fila",
    tabela: "leads_juros_check",
    chave: ["id"],
    medidas: ["revisional_razao", "revisional_faixa", "revisional_sobrepago_centavos", "revisional_calculado_em"],
    fontes: ["leads_juros_check", "taxas_bacen", "empresas"],
    eventos: ["lead.criado", "lead.alterado"],
    exatidao: "rollup",
    origem: "0024/0031 (decisions 1401, 1403): the pre-analysis computed by the domain's formula in revisional/recompute.ts",
  },
];

import { formatarNumeroIncidente, prazoDiasUteis, venceIncidenteEm } from "@crm/domain/incidents";
import { isoDiaSP } from "@crm/domain/period";
import { ehFeriadoNacional } from "../calendar/holidays.js";
import type { TTx } from "../db/tenant.js";
import { registrarAcaoIncidente, type TAcaoIncidente } from "../security-incidents/log.js";

const DIA = 86_400_000;

type TIncidenteDemo = {
  titulo: string;
  descricao: string;
  categoria: string;
  diasAtras: number;
  afeta: boolean;
  criterios: string[];
  categorias: string[];
  titulares: number;
  avisados: number;
  comunicado?: { aposDias: number; protocolo: string };
  encerrado?: { aposDias: number; conclusao: string };
  plataforma?: string;
};

const BASE = {
  medidas_seguranca: "Acesso por senha individual, registro de auditoria e cópias de segurança diárias.",
  medidas_mitigacao: "Senhas trocadas, acesso revogado e titulares orientados a desconfiar de contatos sobre o contrato.",
  riscos: "Contato fraudulento em nome da empresa usando dados do contrato de crédito.",
};

const DA_EMPRESA: TIncidenteDemo[] = [
  {
    titulo: "Planilha de leads enviada a destinatário externo",
    descricao: "Um consultor anexou a planilha de leads da semana a um email enviado por engano a um endereço externo.",
    categoria: "envio_indevido",
    diasAtras: 0,
    afeta: true,
    criterios: ["financeiros", "idosos"],
    categorias: ["identificacao", "contato", "financeiros"],
    titulares: 12,
    avisados: 2,
  },
  {
    titulo: "Acesso indevido com senha vazada de consultor",
    descricao: "A senha de um consultor, reutilizada em outro site vazado, foi usada para abrir conversas do CRM.",
    categoria: "credenciais_vazadas",
    diasAtras: 40,
    afeta: true,
    criterios: ["financeiros", "autenticacao"],
    categorias: ["identificacao", "contato", "conversas"],
    titulares: 30,
    avisados: 30,
    comunicado: { aposDias: 2, protocolo: "00261.004512/2026-31" },
  },
  {
    titulo: "Notebook da recepção furtado (disco cifrado)",
    descricao: "Notebook furtado do escritório; o disco era cifrado e a sessão do CRM expirou sem uso.",
    categoria: "perda_ou_roubo",
    diasAtras: 200,
    afeta: false,
    criterios: [],
    categorias: ["contato"],
    titulares: 0,
    avisados: 0,
    encerrado: { aposDias: 5, conclusao: "Sem acesso aos dados: disco cifrado; não comunicado por não haver risco relevante." },
  },
];

/** The platform's incident across the demo companies (decision 1877): one part in each. */
const DA_PLATAFORMA: TIncidenteDemo = {
  titulo: "Falha no provedor de armazenamento de arquivos",
  descricao: "O provedor de armazenamento expôs por 3 horas uma listagem de nomes de arquivos de documentos enviados.",
  categoria: "falha_de_sistema",
  diasAtras: 1,
  afeta: true,
  criterios: ["financeiros"],
  categorias: ["documentos"],
  titulares: 5,
  avisados: 0,
  plataforma: "",
};

async function inserir(
  tx: TTx,
  agora: Date,
  empresaId: string,
  numero: number,
  leads: string[],
  x: TIncidenteDemo,
  plataformaId: string | null,
): Promise<void> {
  const conhecido = new Date(agora.getTime() - x.diasAtras * DIA - 3_600_000);
  const dias = prazoDiasUteis(false);
  const vence = venceIncidenteEm(conhecido, dias, ehFeriadoNacional);
  const comunicado = x.comunicado ? isoDiaSP(new Date(conhecido.getTime() + x.comunicado.aposDias * DIA)) : null;
  const encerrado = x.encerrado ? new Date(conhecido.getTime() + x.encerrado.aposDias * DIA) : null;
  const { rows } = await tx.query(
    `INSERT INTO privacidade_incidentes (id_empresa_fk, numero, id_incidente_plataforma, titulo, descricao, categoria,
        impactos, categorias_dados, afeta_significativamente, criterios, ocorrido_em, conhecido_em, prazo_dias_uteis,
        vence_em, medidas_seguranca, medidas_mitigacao, riscos, titulares_afetados, status, comunicado_em, protocolo_anpd,
        encerrado_em, conclusao, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, '{confidencialidade}', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
             $21, $22, $11)
     RETURNING id`,
    [
      empresaId,
      formatarNumeroIncidente(Number(isoDiaSP(conhecido).slice(0, 4)), numero),
      plataformaId,
      x.titulo,
      x.descricao,
      x.categoria,
      x.categorias,
      x.afeta,
      x.criterios,
      isoDiaSP(new Date(conhecido.getTime() - DIA)),
      conhecido,
      dias,
      vence,
      BASE.medidas_seguranca,
      BASE.medidas_mitigacao,
      BASE.riscos,
      Math.min(x.titulares, leads.length),
      encerrado ? "encerrado" : comunicado ? "comunicado_anpd" : "em_avaliacao",
      comunicado,
      x.comunicado?.protocolo ?? null,
      encerrado,
      x.encerrado?.conclusao ?? null,
    ],
  );
  const id: string = rows[0].id;
  const escolhidos = leads.slice(0, x.titulares);
  await tx.query(
    `INSERT INTO privacidade_incidente_titulares (id_empresa_fk, id_incidente_fk, id_lead_fk, aviso_canal, aviso_em)
     SELECT $1, $2, l, CASE WHEN n <= $4 THEN 'email' END, CASE WHEN n <= $4 THEN $5::timestamptz END
       FROM unnest($3::uuid[]) WITH ORDINALITY AS t (l, n)`,
    [empresaId, id, escolhidos, x.avisados, new Date(conhecido.getTime() + DIA)],
  );
  const acoes: TAcaoIncidente[] = ["registrado"];
  if (x.avisados) acoes.push("titular_avisado");
  if (comunicado) acoes.push("comunicado");
  if (encerrado) acoes.push("encerrado");
  for (const acao of acoes) await registrarAcaoIncidente(tx, { empresaId, incidenteId: id, acao, autor: { origem: "sistema" } });
}

/**
 * The demo's security incidents (decisions 1875–1877), so /privacidade/incidentes is meaningful on a fresh
 * `npm start`: an open one with its countdown (green: known an hour before the seed), one communicated to ANPD,
 * one closed without communication, and the platform's incident with a part in each demo company.
 */
export async function semearIncidentesDemo(tx: TTx, agora: Date, empresas: { id: string; leads: string[] }[]): Promise<number> {
  const [demo, ...outras] = empresas;
  for (const [i, x] of DA_EMPRESA.entries()) await inserir(tx, agora, demo.id, i + 1, demo.leads, x, null);
  const { rows } = await tx.query("SELECT gen_random_uuid() AS id");
  for (const e of [demo, ...outras]) {
    const n = e === demo ? DA_EMPRESA.length + 1 : 1;
    await inserir(tx, agora, e.id, n, e.leads, DA_PLATAFORMA, rows[0].id);
  }
  for (const e of empresas)
    await tx.query(
      `INSERT INTO privacidade_config (id_empresa_fk, ultimo_incidente) VALUES ($1, $2)
       ON CONFLICT (id_empresa_fk) DO UPDATE SET ultimo_incidente = $2`,
      [e.id, e === demo ? DA_EMPRESA.length + 1 : 1],
    );
  return DA_EMPRESA.length + empresas.length;
}

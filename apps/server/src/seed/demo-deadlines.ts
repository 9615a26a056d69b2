import { dataSegurancaPadrao, somarDias } from "@crm/domain/deadlines";
import { isoDiaSP } from "@crm/domain/period";
import { ehFeriadoNacional } from "../calendar/holidays.js";
import type { TTx } from "../db/tenant.js";
import { DIA, type TEmpresaDemo, type TGeracao } from "./demo-context.js";
import type { TLeadDemo } from "./demo-leads.js";

const TITULOS = [
  "Protocolar petição inicial",
  "Cobrar documentos",
  "Enviar cálculo revisional ao cliente",
  "Revisar laudo pericial",
  "Prazo para réplica",
  "Juntar extratos bancários",
  "Audiência de conciliação",
  "Responder notificação do banco",
];
/** Fatal dates around today: overdue, today, this week and later, so 'Meus prazos' shows every urgency. */
const DESLOCAMENTOS = [-4, 0, 2, 9, -1, 1, 5, 20, 0, 3, 15, 40];

/**
 * Demo deadlines (decision 1106): the open processes carry deadlines in every urgency, most owned by their legal
 * professional (the demo Jurídico), the unassigned ones' by the admin; some done ones; every eighth process has none,
 * so 'Processos sem próximo prazo' has something to say.
 */
export async function semearPrazos(tx: TTx, g: TGeracao, empresa: TEmpresaDemo, leads: TLeadDemo[]): Promise<number> {
  const hoje = isoDiaSP(g.agora);
  const processos = leads
    .map((l) => l.linha)
    .filter((l) => l.status_lead === "Convertido (Ganho)" && l.status_juridico_lead !== "Finalizado Jurídico");
  const linhas: Record<string, unknown>[] = [];
  processos.forEach((l, i) => {
    if (i % 8 === 7) return;
    const dono = (l.profissional_juridico_atribuido_id as string | null) ?? empresa.adminUsuarioId;
    const autor = empresa.juridicoUsuarioId ?? empresa.adminUsuarioId;
    const criadoEm = new Date(g.agora.getTime() - (3 + (i % 10)) * DIA);
    const fatal = somarDias(hoje, DESLOCAMENTOS[i % DESLOCAMENTOS.length]);
    linhas.push({
      id: g.r.uuid(),
      lead: l.id,
      titulo: TITULOS[i % TITULOS.length],
      descricao: i % 3 === 0 ? "Conferir com o cliente antes de protocolar." : null,
      fatal,
      seguranca: dataSegurancaPadrao(fatal, ehFeriadoNacional),
      dono,
      estado: "pendente",
      autor,
      criado: criadoEm,
      concluido_por: null,
      concluido_em: null,
    });
    if (i % 3 === 0) {
      const feito = somarDias(hoje, -2 - (i % 5));
      linhas.push({
        id: g.r.uuid(),
        lead: l.id,
        titulo: "Primeiro contato com o cliente",
        descricao: null,
        fatal: feito,
        seguranca: dataSegurancaPadrao(feito, ehFeriadoNacional),
        dono,
        estado: "concluido",
        autor,
        criado: new Date(criadoEm.getTime() - 5 * DIA),
        concluido_por: dono,
        concluido_em: new Date(g.agora.getTime() - (3 + (i % 5)) * DIA),
      });
    }
  });
  if (!linhas.length) return 0;
  await tx.query(
    `INSERT INTO prazos_processo (id, id_empresa_fk, id_lead_fk, titulo, descricao, data_fatal, data_seguranca,
            id_responsavel_fk, estado, criado_por_fk, created_at, updated_at, concluido_por_fk, concluido_em)
     SELECT x.id, $1, x.lead, x.titulo, x.descricao, x.fatal, x.seguranca, x.dono, x.estado, x.autor, x.criado, x.criado,
            x.concluido_por, x.concluido_em
       FROM jsonb_to_recordset($2::jsonb) AS x (id uuid, lead uuid, titulo text, descricao text, fatal date, seguranca date,
            dono uuid, estado text, autor uuid, criado timestamptz, concluido_por uuid, concluido_em timestamptz)`,
    [empresa.id, JSON.stringify(linhas)],
  );
  return linhas.length;
}

import type { TTx } from "../db/tenant.js";
import { aplicarRetencao } from "../privacy-records/retention.js";
import { gerarVersaoRopa } from "../privacy-records/ropa.js";
import { inserirVarios } from "./bulk.js";
import { DIA, HORA, mais } from "./demo-context.js";
import { linhaLead, linhaMensagem } from "./factories.js";

/** Three leads that stopped writing 14 months ago and never converted: what last night's retention removed. */
const ANTIGOS = ["Otávio Esquecido", "Lúcia Sumida", "Renan Silencioso"];

/**
 * The demo company's records (decisions 1872–1873), so /privacidade/registro is meaningful on a fresh `npm start`:
 * the controller's data, two ROPA versions a month apart, and last night's retention run, which anonymised three
 * leads silent for 14 months (the demo's other leads are all under a year old, so none of them is touched).
 */
export async function semearRegistroDemo(tx: TTx, agora: Date, empresaId: string, adminId: string): Promise<{ leads: number }> {
  await tx.query(
    `UPDATE privacidade_config SET controlador_cnpj = '12345678000190', controlador_endereco = $2,
            controlador_atividade = 'Assessoria em revisão de contratos de crédito ao consumidor',
            controlador_responsavel = 'Ricardo Menezes'
      WHERE id_empresa_fk = $1`,
    [empresaId, "Av. Paulista, 1000, conj. 101, São Paulo/SP, 01310-100"],
  );
  await gerarVersaoRopa(tx, { empresaId, usuarioId: adminId }, mais(agora, -30 * DIA));
  await gerarVersaoRopa(tx, { empresaId, usuarioId: adminId }, mais(agora, -2 * DIA));
  const silencio = mais(agora, -430 * DIA);
  const leads = await inserirVarios<{ id: string }>(
    tx,
    "leads_juros_check",
    ANTIGOS.map((nome, i) =>
      linhaLead({
        id_empresa_fk: empresaId,
        nome,
        telefone: `1197000${String(4100 + i)}`,
        origem_lead: "WhatsApp",
        created_at: mais(silencio, -3 * DIA),
        ultima_mensagem_em: silencio,
      }),
    ),
    { retornar: true },
  );
  await inserirVarios(
    tx,
    "mensagens_whatsapp",
    leads.map((l) =>
      linhaMensagem({ id_empresa_fk: empresaId, id_lead_fk: l.id, message: "Quero saber da revisão", timestamp: silencio }),
    ),
  );
  // last night at 04:00 São Paulo (07:00 UTC), as the nightly job would have run it
  const noite = new Date(Math.floor((agora.getTime() - 7 * HORA) / DIA) * DIA + 7 * HORA);
  await aplicarRetencao(tx, empresaId, "agendada", noite);
  return { leads: leads.length };
}

import type { TEventoTempoReal } from "@crm/domain/realtime";
import { PAPEL, type TPapel } from "@crm/domain/roles";
import { z } from "zod";

/** The channel the change log's statement trigger notifies on (migration 0051, decision 1701). */
export const CANAL_MUDANCAS = "crm_mudancas";

/** Who hears it (a subset of realtime.ts's TDestino, which imports this file). */
type TDestinoMudanca = { empresaId: string | null; papeis?: TPapel[] };

/** One notification: a company, an entity, how many of them changed, the kinds, and their ids when ≤ 50. */
const ZAvisoMudancas = z.object({
  e: z.string(),
  n: z.string(),
  q: z.number().int(),
  t: z.array(z.string()),
  ids: z.array(z.string()).nullable(),
});

/**
 * What the open screens are told when changes of the log commit (decision 1701): ids only, the screens refetch what
 * they show. Entities whose screens are told otherwise for now (messages, documents, deadlines: their events carry
 * the lead, which the log's notification does not) give nothing here.
 */
export function eventosDasMudancas(payload: string): { destino: TDestinoMudanca; evento: TEventoTempoReal }[] {
  let aviso: z.infer<typeof ZAvisoMudancas>;
  try {
    aviso = ZAvisoMudancas.parse(JSON.parse(payload));
  } catch {
    return [];
  }
  if (aviso.n !== "lead") return [];
  const empresaId = aviso.e;
  const dados = { empresaId, ...(aviso.ids ? { leadIds: aviso.ids } : {}) };
  const eventos: { destino: TDestinoMudanca; evento: TEventoTempoReal }[] = [
    { destino: { empresaId }, evento: { tipo: "leads.alterados", dados } },
    { destino: { empresaId: null, papeis: [PAPEL.plataforma] }, evento: { tipo: "leads.alterados", dados } },
  ];
  if (aviso.ids?.length === 1)
    eventos.push({ destino: { empresaId }, evento: { tipo: "lead.atualizado", dados: { leadId: aviso.ids[0] } } });
  return eventos;
}

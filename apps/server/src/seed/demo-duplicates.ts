import { STATUS_LEAD_ENCERRADOS } from "@crm/domain/assignment";
import type { TLinha } from "./bulk.js";
import type { TLeadDemo } from "./demo-leads.js";
import type { TAleatorio } from "./random.js";

/**
 * Migration 0027's duplicate report, on the demo (decision 1501): `pares` pairs of the company's closed leads with no
 * conversation (no journey writes to them) whose phones, typed two ways by the original product, became the same
 * number when phones were standardized. The newer lead takes the older's phone; the rows are what telefones_migrar()
 * records for it (the typed text before, the number after, the older lead it repeats). Call before the leads are
 * inserted; returns the leads_telefones_migrados rows. Its own random stream: the rest of the demo stays the same.
 */
export function gerarTelefonesRepetidos(
  r: TAleatorio,
  leads: TLeadDemo[],
  semConversa: (l: TLeadDemo) => boolean,
  pares: number,
) {
  const candidatos = leads
    .filter((l) => semConversa(l) && (STATUS_LEAD_ENCERRADOS as readonly string[]).includes(l.status))
    .sort((a, b) => a.criadoEm.getTime() - b.criadoEm.getTime() || (a.id < b.id ? -1 : 1));
  const linhas: TLinha[] = [];
  const usados = new Set<string>();
  for (let i = 0; i < pares && candidatos.length - usados.size >= 2; i++) {
    const livres = candidatos.filter((l) => !usados.has(l.id));
    const a = livres[r.int(0, livres.length - 2)];
    const depois = livres.filter((l) => l.criadoEm > a.criadoEm);
    if (!depois.length) break;
    const b = depois[r.int(0, depois.length - 1)];
    usados.add(a.id).add(b.id);
    const numero = a.linha.telefone_normalizado as string;
    // as it was typed on the newer lead: no country code, no ninth digit
    const digitado = `(${numero.slice(2, 4)}) ${numero.slice(5, 9)}-${numero.slice(9)}`;
    b.linha.telefone = numero;
    b.linha.telefone_normalizado = numero;
    linhas.push({
      id_empresa_fk: b.linha.id_empresa_fk,
      id_lead_fk: b.id,
      telefone_anterior: digitado,
      telefone_normalizado_anterior: null,
      telefone_novo: numero,
      id_lead_duplicado_de_fk: a.id,
    });
  }
  return linhas;
}

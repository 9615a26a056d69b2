import { MIME_DOCUMENTO_JURIDICO, type TTipoConteudoDocumento } from "@crm/domain/documents";
import { formatarBRL } from "@crm/domain/format";
import type { TStatusJuridico } from "@crm/domain/status";
import type { TTx } from "../db/tenant.js";
import { gerarPdf, gerarPng, gerarTxt, gerarXlsx } from "../documents/sample-files.js";
import type { TArmazenamento } from "../storage/storage.js";
import { inserirVarios, type TLinha } from "./bulk.js";
import { DIA, MIN, mais, type TEmpresaDemo, type TGeracao } from "./demo-context.js";
import type { TLeadDemo } from "./demo-leads.js";

type TModelo = {
  tipo: TTipoConteudoDocumento;
  nome: string;
  descricao: string;
  gerar: (l: TLeadDemo, valor: number) => Buffer | Promise<Buffer>;
};

const MODELOS: TModelo[] = [
  {
    tipo: "pdf",
    nome: "contrato-financiamento.pdf",
    descricao: "Contrato de financiamento assinado",
    gerar: (l, valor) =>
      gerarPdf(`Contrato de financiamento - ${l.nome}`, [
        `Instituição: ${l.banco}`,
        `Modalidade: ${l.tipo}`,
        `Valor financiado: ${formatarBRL(valor)}`,
        "Cláusula 4ª - Dos juros remuneratórios e encargos de mora.",
        "Documento de demonstração gerado pelo CRM Revisional.",
      ]),
  },
  {
    tipo: "png",
    nome: "documento-identidade.png",
    descricao: "Documento de identidade (frente)",
    gerar: () => gerarPng(320, 220, [21, 128, 61]),
  },
  {
    tipo: "xlsx",
    nome: "extrato-parcelas.xlsx",
    descricao: "Extrato das parcelas pagas",
    gerar: (_l, valor) =>
      gerarXlsx(
        "Parcelas",
        ["Parcela", "Vencimento", "Valor (R$)", "Situação"],
        Array.from({ length: 12 }, (_, i) => [
          i + 1,
          `10/${String(i + 1).padStart(2, "0")}/2025`,
          Math.round((valor * 1.35 * 100) / 48) / 100,
          i < 9 ? "Paga" : "Em aberto",
        ]),
      ),
  },
  {
    tipo: "txt",
    nome: "anotacoes-atendimento.txt",
    descricao: "Anotações do primeiro contato jurídico",
    gerar: (l) =>
      gerarTxt([
        `Cliente: ${l.nome}`,
        `Banco: ${l.banco}`,
        "Cliente relata parcelas acima do esperado e cobrança de tarifas não informadas.",
        "Solicitados: contrato, extrato das parcelas e documento de identidade.",
      ]),
  },
  {
    tipo: "pdf",
    nome: "procuracao.pdf",
    descricao: "Procuração ad judicia",
    gerar: (l) =>
      gerarPdf(`Procuração - ${l.nome}`, [
        "Outorgante nomeia e constitui seus procuradores para o foro em geral,",
        "com poderes para propor ação revisional de contrato bancário.",
      ]),
  },
];

/** How many documents a process at each legal status has received (some 'Documentação Solicitada' none yet). */
const QUANTOS: Record<TStatusJuridico, [number, number]> = {
  "Aguardando Contato Jurídico": [0, 0],
  "Em Contato Jurídico": [0, 1],
  "Documentação Solicitada": [0, 2],
  "Laudo em Andamento": [2, 4],
  "Finalizado Jurídico": [3, 5],
  "Jurídico Pendente": [1, 3],
};

/**
 * Real small files (PDF, PNG, XLSX, TXT) for the demo company's legal processes, written through the storage layer
 * and recorded in `documentos`, so /documentos, the process dialog's previews and the legal dashboard's recent
 * documents show something on `npm start`. Uploaded by the Jurídico (or the admin) after the conversion.
 */
export async function semearDocumentos(
  tx: TTx,
  storage: TArmazenamento,
  g: TGeracao,
  empresa: TEmpresaDemo,
  leads: TLeadDemo[],
): Promise<number> {
  const { r, agora } = g;
  const linhas: TLinha[] = [];
  for (const l of leads) {
    const status = l.linha.status_juridico_lead as TStatusJuridico | null;
    if (l.status !== "Convertido (Ganho)" || !status) continue;
    const [min, max] = QUANTOS[status];
    const n = r.int(min, max);
    const convertido = (l.linha.convertido_em as Date | null) ?? l.criadoEm;
    const janela = Math.max(MIN, agora.getTime() - convertido.getTime());
    const valor = Number(l.linha.valor_contrato);
    const escolhidos = [...MODELOS].sort(() => r.num() - 0.5).slice(0, n);
    for (const m of escolhidos) {
      const id = r.uuid();
      const dados = await m.gerar(l, valor);
      const chave = `${empresa.id}/documentos/${l.id}/${id}.${m.tipo}`;
      await storage.gravar(chave, dados);
      const quando = mais(convertido, Math.floor(janela * (0.1 + r.num() * 0.85)));
      linhas.push({
        id,
        id_empresa_fk: empresa.id,
        id_lead_fk: l.id,
        id_usuario_upload_fk: empresa.juridicoUsuarioId && r.chance(0.8) ? empresa.juridicoUsuarioId : empresa.adminUsuarioId,
        nome_arquivo: m.nome,
        descricao: m.descricao,
        tipo_arquivo: MIME_DOCUMENTO_JURIDICO[m.tipo],
        tamanho_arquivo: dados.length,
        url_storage: chave,
        data_upload: quando.getTime() > agora.getTime() ? mais(agora, -DIA / 24) : quando,
      });
    }
  }
  await inserirVarios(tx, "documentos", linhas);
  return linhas.length;
}

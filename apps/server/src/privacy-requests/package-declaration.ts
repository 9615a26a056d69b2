import { createRequire } from "node:module";
import { formatarData, formatarDataHora } from "@crm/domain/format";
import { SECOES_DECLARACAO as S, TEXTOS_DECLARACAO as T } from "@crm/domain/privacy-package";
import { ROTULO_DIREITO, type TDireitoTitular } from "@crm/domain/privacy-requests";
import type { TFichaTitular } from "./package-data.js";

/** DejaVu Sans, embedded like the Pré-laudo's (decision 1653): names and texts print as written, searchable. */
const fonte = (arquivo: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${arquivo}`);
const FONTE = fonte("DejaVuSans.ttf");
const FONTE_NEGRITO = fonte("DejaVuSans-Bold.ttf");

/**
 * The readable declaration of the package (art. 19 II: origin, whether records exist, criteria and purposes; art. 18
 * VII: with whom it was shared), a few pages whatever the titular's volume: the messages themselves are in dados.json.
 */
export async function gerarDeclaracao(f: TFichaTitular, geradoEm: Date, expiraEm: string): Promise<Buffer> {
  // loaded on the first package: pdfkit weighs on every start (decision 1753)
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 50, font: FONTE, info: { Title: S.titulo, Author: f.empresa } });
  doc.registerFont("Texto", FONTE).registerFont("Negrito", FONTE_NEGRITO);
  const partes: Buffer[] = [];
  doc.on("data", (b: Buffer) => partes.push(b));
  const pronto = new Promise<Buffer>((ok, erro) => {
    doc.on("end", () => ok(Buffer.concat(partes)));
    doc.on("error", erro);
  });
  const titulo = (t: string) => doc.moveDown(0.8).font("Negrito").fontSize(12).text(t).moveDown(0.3).font("Texto").fontSize(10);
  const linha = (rotulo: string, v: string) => doc.font("Negrito").text(`${rotulo}: `, { continued: true }).font("Texto").text(v);
  const itens = (lista: readonly string[]) => {
    for (const i of lista) doc.text(`• ${i}`, { paragraphGap: 2 });
  };

  doc.font("Negrito").fontSize(16).text(S.titulo);
  doc
    .font("Texto")
    .fontSize(10)
    .fillColor("#334155")
    .text(`${f.empresa} · gerada em ${formatarDataHora(geradoEm)} · LGPD (Lei 13.709/2018), art. 18 e art. 19, II`)
    .fillColor("black");

  titulo(S.titular);
  linha("Titular", f.nome);
  if (f.telefone) linha("Telefone", f.telefone);
  linha("Protocolo", f.protocolo);
  linha("Direito", ROTULO_DIREITO[f.direito as TDireitoTitular] ?? f.direito);
  linha("Link do pacote válido até", expiraEm);

  titulo(S.origem);
  doc.text(
    `Seus dados chegaram a ${f.empresa} por ${f.origem} em ${formatarData(f.primeiroContato)}, quando você entrou em contato ou foi cadastrado para atendimento. Desde então, registramos a conversa e os dados do contrato que você informou.`,
  );

  titulo(S.dados);
  itens([
    "Cadastro: nome, telefone, e-mail, cidade e dados do contrato de crédito informados",
    `Mensagens da conversa: ${f.mensagens}; arquivos enviados na conversa: ${f.arquivos}`,
    `Triagens do atendimento (entradas, resultados e revisões): ${f.triagens}`,
    `Documentos do processo jurídico: ${f.documentos}`,
    `Registros de consentimento: ${f.consentimentos}`,
  ]);
  doc.text("Todos esses dados estão no arquivo dados.json deste pacote, em formato legível por máquina (JSON).");

  titulo(S.criterios);
  itens(T.criterios);
  if (f.limiarRevisional)
    doc.text(
      `Limiar da empresa: a taxa do contrato é destacada quando passa de ${f.limiarRevisional.replace(".", ",")} vez(es) a taxa média de referência.`,
    );

  titulo(S.finalidades);
  itens(T.finalidades);

  titulo(S.baseLegal);
  itens(T.baseLegal);

  titulo(S.destinatarios);
  itens(f.destinatarios);

  titulo(S.direitos);
  doc.text(T.direitos);

  doc.end();
  return pronto;
}

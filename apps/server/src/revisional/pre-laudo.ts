import { createRequire } from "node:module";
import { formatarBRL, formatarDataHora } from "@crm/domain/format";
import { formatarRazao, LIMITES_FAIXA, ROTULO_FAIXA } from "@crm/domain/revisional/bands";
import { ROTULO_MODALIDADE } from "@crm/domain/revisional/modalities";
import { SERIES_BACEN, serieDoCodigo } from "@crm/domain/revisional/series";
import { CAMPOS_CONTRATO, ressalvaDaModalidade, TEXTO_REVISIONAL } from "@crm/domain/revisional/texts";
import type { TPreAnaliseLead } from "@crm/domain/schemas/revisional";

/**
 * DejaVu Sans, embedded (decision 1653): pdfkit's built-in Helvetica is WinAnsi only, so the formulas' −, ≤ and the
 * like printed as '"'. DejaVu has every character the document writes; pdfkit embeds only the glyphs used.
 */
const fonte = (arquivo: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${arquivo}`);
const FONTE = fonte("DejaVuSans.ttf");
const FONTE_NEGRITO = fonte("DejaVuSans-Bold.ttf");

const pct = (f: number, casas = 4) =>
  `${(f * 100).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: casas })}%`;
const reais = (c: number | null) => (c === null ? "—" : formatarBRL(c / 100));
const valor = (v: number | null) => (v === null ? "não informado" : formatarBRL(v));

/**
 * The 'Pré-laudo' of a lead (decision 1403): the inputs, the formulas, the result and the sources with their
 * dates, for the legal team. An estimate from the data given, said on every page (decision 1403).
 */
export async function gerarPreLaudo(
  p: TPreAnaliseLead,
  empresa: string,
  geradoEm: Date,
  serieAtualizada: string | null,
): Promise<Buffer> {
  // loaded on the first pré-laudo: pdfkit is ~0.4 s of every start and of every API test file's import (decision 1753)
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    font: FONTE,
    info: { Title: `Pré-laudo revisional — ${p.nome}`, Author: empresa },
  });
  doc.registerFont("Texto", FONTE).registerFont("Negrito", FONTE_NEGRITO);
  const partes: Buffer[] = [];
  doc.on("data", (b: Buffer) => partes.push(b));
  const pronto = new Promise<Buffer>((ok, erro) => {
    doc.on("end", () => ok(Buffer.concat(partes)));
    doc.on("error", erro);
  });

  const titulo = (t: string) => doc.moveDown(0.8).font("Negrito").fontSize(12).text(t).moveDown(0.3).font("Texto").fontSize(10);
  const linha = (rotulo: string, v: string) => doc.font("Negrito").text(`${rotulo}: `, { continued: true }).font("Texto").text(v);

  doc.font("Negrito").fontSize(18).text("Pré-laudo revisional");
  doc
    .font("Texto")
    .fontSize(10)
    .fillColor("#334155")
    .text(`${empresa} · gerado em ${formatarDataHora(geradoEm)}`);
  doc.fillColor("#b91c1c").text(TEXTO_REVISIONAL.aviso).fillColor("black");

  const c = p.contrato;
  titulo("Cliente e contrato");
  linha("Cliente", p.nome);
  linha("Modalidade", c.modalidade_credito ? ROTULO_MODALIDADE[c.modalidade_credito] : "não informada");
  linha("Banco", c.banco ?? "não informado");
  linha("Data do contrato", c.data_contrato ? c.data_contrato.split("-").reverse().join("/") : "não informada");
  linha("Valor financiado", valor(c.valor_contrato));
  linha("Valor liberado", valor(c.valor_liberado));
  linha("Parcela", valor(c.valor_parcela));
  linha("Número de parcelas", c.quantidade_parcelas === null ? "não informado" : String(c.quantidade_parcelas));
  linha("Parcelas pagas", c.quantidade_parcelas_pagas === null ? "não informado" : String(c.quantidade_parcelas_pagas));
  linha("Taxa informada", c.taxa_informada_mensal === null ? "não informada" : `${pct(c.taxa_informada_mensal / 100)} a.m.`);

  const a = p.analise;
  titulo("Resultado");
  if (a.estado === "incompleta")
    doc.text(`${TEXTO_REVISIONAL.incompleta} Faltam: ${a.faltando.map((k) => CAMPOS_CONTRATO[k]).join(", ")}.`);
  if (a.estado === "invalida") doc.text(a.mensagem);
  if (a.estado === "calculada") {
    linha(
      a.origemTaxa === "calculada" ? "Taxa implícita do contrato" : "Taxa informada",
      `${pct(a.taxa.mensal)} a.m. (${pct(a.taxa.anual, 2)} a.a.)`,
    );
    if (a.taxaSobreLiberado)
      linha("Taxa sobre o valor liberado", `${pct(a.taxaSobreLiberado.mensal)} a.m. (${pct(a.taxaSobreLiberado.anual, 2)} a.a.)`);
    if (a.referencia) {
      const r = a.referencia;
      linha(
        r.tipo === "teto_inss" ? "Teto do consignado INSS" : `Taxa média BACEN (${r.competencia.split("-").reverse().join("/")})`,
        `${pct(r.taxaMensal)} a.m.${r.taxaAnualPublicada === null ? "" : ` (equivalente aos ${pct(r.taxaAnualPublicada, 2)} a.a. publicados pela série)`}${r.ilustrativa ? ` — ${TEXTO_REVISIONAL.ilustrativa}` : ""}`,
      );
    } else doc.text(p.motivoSemReferencia ?? TEXTO_REVISIONAL.semReferencia);
    if (a.razao !== null && a.faixa) {
      linha("Razão taxa do contrato ÷ referência", `${formatarRazao(a.razao)} (${ROTULO_FAIXA[a.faixa]})`);
      linha(
        "Limiar de triagem da empresa",
        `${formatarRazao(a.limiar)} — ${a.acimaDoLimiar ? "acima do limiar" : "dentro do limiar"}`,
      );
    }
    if (a.prestacaoNaReferenciaCentavos !== null) linha("Parcela à taxa de referência", reais(a.prestacaoNaReferenciaCentavos));
    if (a.excessoPorParcelaCentavos !== null) linha("Diferença por parcela", reais(a.excessoPorParcelaCentavos));
    if (a.sobrepagoAteAgoraCentavos !== null) linha("Pago a mais até agora", reais(a.sobrepagoAteAgoraCentavos));
    if (a.sobrepagoTotalCentavos !== null) linha("A mais no contrato todo", reais(a.sobrepagoTotalCentavos));
    linha("Dados usados", a.usados.map((k) => CAMPOS_CONTRATO[k]).join(", "));
    const ressalva = ressalvaDaModalidade(c.modalidade_credito);
    if (ressalva) doc.moveDown(0.3).fillColor("#92400e").text(ressalva).fillColor("black");
  }

  titulo("Fórmulas");
  doc.text("Contrato de parcelas fixas (Tabela Price): PV = PMT × (1 − (1 + i)^−n) ÷ i, resolvida para a taxa mensal i");
  doc.text("pelo método de Newton com salvaguarda por bissecção (converge sempre; tolerância 1e-12).");
  doc.text("Taxa anual equivalente: (1 + i)^12 − 1. Parcela à taxa de referência: PMT = PV × i ÷ (1 − (1 + i)^−n).");
  doc.text("Pago a mais: (parcela do contrato − parcela à referência) × parcelas pagas (ou × prazo, no contrato todo).");
  if (a.estado === "calculada" && a.referencia?.taxaAnualPublicada != null)
    doc.text(
      "Referência publicada em % a.a. (a): comparada pela taxa mensal equivalente i = (1 + a)^(1/12) − 1, a mesma capitalização composta da taxa anual do contrato.",
    );
  doc.text(
    "Tarifas e IOF ficam fora da equação, como na Calculadora do Cidadão do Banco Central; o cálculo sobre o valor liberado mostra o efeito das tarifas financiadas.",
  );

  titulo("Fontes");
  const serie =
    a.estado === "calculada" && a.referencia?.tipo === "media_bacen"
      ? serieDoCodigo(Number(a.referencia.fonte.replace(/\D/g, "")))
      : undefined;
  if (serie) {
    doc.text(
      `Banco Central do Brasil, SGS série ${serie.codigo}: ${serie.titulo} (${serie.unidade})${serie.codigoAnual === null ? "" : `; série anual ${serie.codigoAnual}`}.`,
    );
    if (serieAtualizada) doc.text(`Série atualizada em ${formatarDataHora(serieAtualizada)}.`);
  } else if (a.estado === "calculada" && a.referencia?.tipo === "teto_inss") {
    doc.text(a.referencia.fonte);
  } else {
    doc.text(
      `Séries do SGS usadas: ${Object.values(SERIES_BACEN)
        .map((s) => s.codigo)
        .join(", ")}.`,
    );
  }
  doc.text(
    `STJ, REsp 1.061.530/RS (recurso repetitivo, 2008): a jurisprudência "tem considerado abusivas taxas superiores a uma vez e meia…, ao dobro… ou ao triplo… da média", cabendo ao juiz o exame do caso concreto. Faixas mostradas: ${LIMITES_FAIXA.map((f) => `${String(f).replace(".", ",")}×`).join(", ")}.`,
  );
  doc.moveDown().fontSize(8).fillColor("#334155").text(TEXTO_REVISIONAL.aviso);
  doc.end();
  return pronto;
}

import type { InjectOptions } from "fastify";
import type { TNavegador } from "../../test/app.js";

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function formularioArquivo(
  nome: string,
  dados: Buffer | string,
  mime = "text/csv",
): Pick<InjectOptions, "payload" | "headers"> {
  const fronteira = `----crmteste${Math.random().toString(16).slice(2)}`;
  const corpo = Buffer.concat([
    Buffer.from(
      `--${fronteira}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    typeof dados === "string" ? Buffer.from(dados) : dados,
    Buffer.from(`\r\n--${fronteira}--\r\n`),
  ]);
  return { payload: corpo, headers: { "content-type": `multipart/form-data; boundary=${fronteira}` } };
}

/** POST of a CSV to the import route of `base` (/api/leads or /api/empresas/{id}/leads). */
export function importarCsv(nav: TNavegador, csv: Buffer | string, nome = "leads.csv", base = "/api/leads", mime = "text/csv") {
  return nav.req({ method: "POST", url: `${base}/importacao`, ...formularioArquivo(nome, csv, mime) });
}

export const CABECALHO_CSV =
  "nome,telefone,tipo_financiamento,valor_total_financiado,valor_parcela,quantidade_parcelas_pagas,objetivo_cliente";

import { z } from "zod";

/**
 * The backup archive (decision 1857): one gzip'd tar, read and written as a stream, in this order —
 * 1. `cabecalho.json`: what restoring needs before any data (format, app version, last migration, the tables);
 * 2. `banco/NNNN-schema.tabela.copy`: each table's rows in PostgreSQL's COPY text format, in foreign-key order;
 * 3. `arquivos/<chave>`: every stored file, as stored;
 * 4. `manifesto.json`: every entry's row count, size and sha256 (known only once written, hence last) and the
 *    sequences' positions.
 * One company's export (decision 1943) is the same format, with `empresa` in the header.
 */
export const FORMATO_BACKUP = 1;
export const ENTRADA_CABECALHO = "cabecalho.json";
export const ENTRADA_MANIFESTO = "manifesto.json";
export const PREFIXO_ARQUIVOS = "arquivos/";
export const entradaDaTabela = (i: number, t: { schema: string; nome: string }) =>
  `banco/${String(i + 1).padStart(4, "0")}-${t.schema}.${t.nome}.copy`;

export const Cabecalho = z.object({
  formato: z.literal(FORMATO_BACKUP),
  versaoApp: z.string(),
  /** the last applied migration, e.g. 0063_notas_e_etiquetas: the schema the rows fit */
  migracao: z.string(),
  criadoEm: z.string(),
  tabelas: z.array(z.object({ schema: z.string(), nome: z.string(), colunas: z.array(z.string()) })),
  /** set on one company's export (decision 1943): only its rows and files are in the archive */
  empresa: z.object({ id: z.uuid(), nome: z.string() }).optional(),
  /** the exporting installation's APP_SECRET fingerprint (crypto/secrets.ts): another one cannot read its secrets */
  impressaoDaChave: z.string().optional(),
});
export type TCabecalho = z.infer<typeof Cabecalho>;

export const Manifesto = z.object({
  tabelas: z.array(
    z.object({ tabela: z.string(), entrada: z.string(), linhas: z.number().int(), bytes: z.number().int(), sha256: z.string() }),
  ),
  sequencias: z.array(z.object({ nome: z.string(), valor: z.string().nullable() })),
  arquivos: z.array(z.object({ chave: z.string(), bytes: z.number().int(), sha256: z.string() })),
});
export type TManifesto = z.infer<typeof Manifesto>;

import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { LEITOR_ENTRADA } from "../audit-trail/chain.js";
import { impressaoDaChave, segredosAceitos } from "../crypto/secrets.js";
import type { TArmazenamento } from "../storage/storage.js";
import { PREFIXO_ARQUIVOS, type TCabecalho } from "./archive-format.js";
import { colunasDeTransacao, listaDeColunas, nomeQualificado, type TTabelaBackup } from "./catalog.js";
import { verificarChavesDaEmpresa } from "./company-foreign-keys.js";
import { filtroDaEmpresa } from "./company-scope.js";
import { ErroRestauracao, entradasDoArquivo, verificarArquivo } from "./read-archive.js";
import { contarEEscrever } from "./tar-streams.js";

export type TResultadoImportacao = {
  cabecalho: TCabecalho;
  empresa: { id: string; nome: string };
  tabelas: { tabela: string; esperadas: number; encontradas: number }[];
  arquivos: number;
  /** what APP_SECRET protected and this installation cannot read (another APP_SECRET): to be set again */
  segredosPerdidos: string[];
  ms: number;
};

/** What another APP_SECRET leaves unreadable (decision 1943): said after an import, in pt-BR. */
export const SEGREDOS_DA_CHAVE = [
  "o token de acesso e o segredo do app do WhatsApp: informe-os de novo nas configurações do WhatsApp",
  "a chave de API da IA: informe-a de novo nas configurações da IA",
  "os segredos dos webhooks de saída e o token da API de Conversões: gere-os de novo",
  "as chaves da API v1: emita chaves novas e revogue as antigas",
  "convites pendentes e links de pacotes de privacidade já enviados: envie-os de novo",
  "a lista de supressão (LGPD) não reconhece mais os titulares eliminados: elimine de novo quem voltar a escrever",
];

/** Global tables with an id of their own (no company in the key): their rows get new ids here (decision 1943). */
const ID_NOVO = new Set(["public.auditoria"]);

/**
 * Imports one company's archive (`exportarEmpresa`) into this installation, beside the companies already here
 * (decision 1943): checks the whole archive against its manifest first, refuses a company or a user e-mail that
 * already exists, loads every table and file in ONE transaction with the tables' triggers off for it (the rows
 * come with their derived data and change log; `session_replication_role = replica`, which needs a superuser, takes
 * no table lock, so the companies already here go on working), then checks every foreign key of the loaded rows and
 * every table's count against the manifest before committing. The imported change log and security log are marked
 * as read by this installation's followers: they were summarized, delivered and chained where they were written.
 */
export async function importarEmpresa(o: {
  url: string;
  armazenamento: TArmazenamento;
  origem: string;
  appSecret: string;
}): Promise<TResultadoImportacao> {
  const inicio = performance.now();
  const { cabecalho, manifesto } = await verificarArquivo(o.origem);
  const empresa = cabecalho.empresa;
  if (!empresa)
    throw new ErroRestauracao(
      "Este arquivo é o backup de uma instalação inteira, não de uma empresa: restaure-o com npm run restore.",
    );
  const client = new pg.Client({ connectionString: o.url });
  client.on("error", () => {});
  const gravados: string[] = [];
  try {
    await client.connect();
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica").catch((e: unknown) => {
      throw new ErroRestauracao(
        "Importar uma empresa pede um superusuário do banco (BACKUP_DATABASE_URL; veja docs/operations.md): " +
          `${(e as Error).message}`,
      );
    });
    await exigirMesmoEsquema(client, cabecalho);
    await exigirNova(client, empresa, o.origem);
    const tabelaPorNome = new Map(cabecalho.tabelas.map((t) => [`${t.schema}.${t.nome}`, t]));
    const porEntrada = new Map(manifesto.tabelas.map((t) => [t.entrada, t]));
    const somaDoArquivo = new Map(manifesto.arquivos.map((a) => [a.chave, a.sha256]));
    for await (const e of entradasDoArquivo(o.origem)) {
      const nome = e.header.name;
      const doManifesto = porEntrada.get(nome);
      const t = doManifesto && tabelaPorNome.get(doManifesto.tabela);
      if (t) await carregarTabela(client, t, e);
      else if (nome.startsWith(PREFIXO_ARQUIVOS)) {
        const chave = nome.slice(PREFIXO_ARQUIVOS.length);
        await gravarArquivo(o.armazenamento, chave, e, gravados, somaDoArquivo.get(chave));
      } else await contarEEscrever(e);
    }
    await marcarComoLidas(client, cabecalho.tabelas, empresa.id);
    await avancarSequencias(client, cabecalho.tabelas);
    await verificarChavesDaEmpresa(client, cabecalho.tabelas, empresa.id);
    const tabelas = await contar(client, manifesto.tabelas, tabelaPorNome, empresa.id);
    const erradas = tabelas.filter((t) => t.esperadas !== t.encontradas);
    if (erradas.length)
      throw new ErroRestauracao(
        `Contagem de linhas diferente do manifesto; nada foi importado:\n  ${erradas.map((t) => `${t.tabela}: ${t.encontradas} (manifesto: ${t.esperadas})`).join("\n  ")}`,
      );
    await client.query("COMMIT");
    // this installation's APP_SECRET, or one it replaced (APP_SECRET_PREVIOUS, decision 1946), reads them
    const legiveis = segredosAceitos(o.appSecret).map(impressaoDaChave);
    const segredosPerdidos = legiveis.includes(cabecalho.impressaoDaChave ?? "") ? [] : SEGREDOS_DA_CHAVE;
    return { cabecalho, empresa, tabelas, arquivos: manifesto.arquivos.length, segredosPerdidos, ms: performance.now() - inicio };
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    for (const chave of gravados) await o.armazenamento.remover(chave).catch(() => {});
    throw traduzirConflito(e);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The rows fit this database only when it is at the archive's migration (a newer one may have reshaped them). */
async function exigirMesmoEsquema(client: pg.ClientBase, cabecalho: TCabecalho): Promise<void> {
  const { rows } = await client.query<{ versao: string | null }>("SELECT max(versao) AS versao FROM schema_migrations");
  const aqui = rows[0]?.versao;
  if (aqui !== cabecalho.migracao)
    throw new ErroRestauracao(
      `A exportação foi feita na migração ${cabecalho.migracao} (versão ${cabecalho.versaoApp}) e este banco está na ` +
        `${aqui ?? "nenhuma"}: atualize a instalação mais antiga das duas e exporte de novo, para que ambas estejam na mesma versão.`,
    );
}

async function exigirNova(client: pg.ClientBase, empresa: { id: string; nome: string }, origem: string): Promise<void> {
  const { rows } = await client.query<{ existe: boolean; historico: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM empresas WHERE id = $1) AS existe,
            EXISTS (SELECT 1 FROM mudancas WHERE id_empresa_fk = $1)
              OR EXISTS (SELECT 1 FROM auditoria_cadeias WHERE id_empresa_fk = $1) AS historico`,
    [empresa.id],
  );
  if (rows[0]?.existe)
    throw new ErroRestauracao(
      `A empresa ${empresa.nome} (${empresa.id}) já existe nesta instalação: nada foi importado de ${origem}.`,
    );
  // a deleted company's change log and audit chain outlive it (decision 1701): they are not overwritten
  if (rows[0]?.historico)
    throw new ErroRestauracao(
      `Esta instalação guarda o histórico (registro de mudanças e trilha de auditoria) de uma empresa com o id ${empresa.id}, ` +
        `excluída antes: a empresa ${empresa.nome} não é importada por cima dele. Nada foi importado de ${origem}.`,
    );
}

/** One table's rows, by COPY; a global table with an id of its own takes new ids. */
async function carregarTabela(client: pg.ClientBase, t: TTabelaBackup, linhas: AsyncIterable<Buffer>): Promise<void> {
  const alvo = `${t.schema}.${t.nome}`;
  if (!ID_NOVO.has(alvo)) {
    await contarEEscrever(linhas, client.query(copyFrom(`COPY ${nomeQualificado(t)} (${listaDeColunas(t)}) FROM STDIN`)));
    return;
  }
  const temp = `importada_${t.nome}`;
  await client.query(
    `CREATE TEMP TABLE ${temp} ON COMMIT DROP AS SELECT ${listaDeColunas(t)} FROM ${nomeQualificado(t)} WITH NO DATA`,
  );
  await contarEEscrever(linhas, client.query(copyFrom(`COPY ${temp} (${listaDeColunas(t)}) FROM STDIN`)));
  const semId: TTabelaBackup = { ...t, colunas: t.colunas.filter((c) => c !== "id") };
  await client.query(
    `INSERT INTO ${nomeQualificado(t)} (${listaDeColunas(semId)}) SELECT ${listaDeColunas(semId)} FROM ${temp} ORDER BY id`,
  );
}

/**
 * One stored file. A key already in the store is accepted only with the archive's very content (sha256 of the
 * manifest): what an import killed before its commit left behind, which the next try must not trip on.
 */
async function gravarArquivo(
  armazenamento: TArmazenamento,
  chave: string,
  e: AsyncIterable<Buffer>,
  gravados: string[],
  sha256: string | undefined,
) {
  if (await armazenamento.existe(chave)) {
    const { stream } = await armazenamento.abrir(chave);
    const igual = (await contarEEscrever(stream)).sha256 === sha256;
    await contarEEscrever(e);
    if (igual) return;
    throw new ErroRestauracao(`O arquivo ${chave} já existe no armazenamento desta instalação: nada foi importado.`);
  }
  const spool = path.join(tmpdir(), `crm-importacao-${process.pid}-${gravados.length}`);
  try {
    await contarEEscrever(e, createWriteStream(spool, { mode: 0o600 }));
    gravados.push(chave);
    await armazenamento.gravarArquivo(chave, spool);
  } finally {
    await rm(spool, { force: true });
  }
}

/**
 * The imported change log and security log were already summarized, delivered as webhooks and chained where they
 * were written: this installation's followers (decision 1701) must not read them again. Their transaction ids (the
 * other cluster's) become 0, below every position already read, and a follower that has read nothing yet (position
 * 0) is moved past the imported ids — refused when that would skip rows of this installation it has not read.
 */
async function marcarComoLidas(client: pg.ClientBase, tabelas: TTabelaBackup[], empresaId: string): Promise<void> {
  // colunasDeTransacao names tables as format('%I.%I'): bare for the app's lower-case names
  const importadas = new Set(tabelas.map((t) => `${t.schema}.${t.nome}`));
  const colunas = (await colunasDeTransacao(client)).filter((c) => importadas.has(c.tabela));
  for (const c of colunas)
    await client.query(`UPDATE ${c.tabela} SET ${c.coluna} = '0'::xid8 WHERE id_empresa_fk = $1`, [empresaId]);
  const { rows: leitores } = await client.query<{ leitor: string; ate: string; ate_id: string }>(
    "SELECT leitor, ate::text, ate_id::text FROM mudancas_leitores ORDER BY leitor FOR UPDATE",
  );
  for (const l of leitores) {
    if (l.ate !== "0") continue;
    const tabela = l.leitor === LEITOR_ENTRADA ? "auditoria" : "mudancas";
    const { rows } = await client.query<{ maior: string | null; alheias: boolean }>(
      `SELECT (SELECT max(id)::text FROM ${tabela} WHERE id_empresa_fk = $1) AS maior,
              EXISTS (SELECT 1 FROM ${tabela} WHERE transacao = '0'::xid8 AND id > $2::bigint
                         AND id_empresa_fk IS DISTINCT FROM $1) AS alheias`,
      [empresaId, l.ate_id],
    );
    const maior = rows[0]?.maior;
    if (!maior || BigInt(maior) <= BigInt(l.ate_id)) continue;
    if (rows[0]?.alheias)
      throw new ErroRestauracao(
        `O leitor "${l.leitor}" do registro de mudanças ainda não leu o que esta instalação já registrou: ` +
          "inicie o CRM, espere um minuto e importe de novo. Nada foi importado.",
      );
    await client.query("UPDATE mudancas_leitores SET ate_id = $2::bigint WHERE leitor = $1", [l.leitor, maior]);
  }
}

/** An id drawn here after the import must not be one the imported rows already hold. */
async function avancarSequencias(client: pg.ClientBase, tabelas: TTabelaBackup[]): Promise<void> {
  const { rows } = await client.query<{ tabela: string; coluna: string; sequencia: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS tabela, format('%I', a.attname) AS coluna,
            pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS sequencia
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = ANY($1::text[]) AND a.attnum > 0 AND NOT a.attisdropped
        AND pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) IS NOT NULL`,
    [tabelas.filter((t) => t.schema === "public").map((t) => t.nome)],
  );
  for (const r of rows)
    await client.query(
      `SELECT setval($1::regclass, greatest((SELECT last_value FROM ${r.sequencia}), (SELECT max(${r.coluna}) FROM ${r.tabela}), 1))`,
      [r.sequencia],
    );
}

async function contar(
  client: pg.ClientBase,
  doManifesto: { tabela: string; linhas: number }[],
  tabelaPorNome: Map<string, TTabelaBackup>,
  empresaId: string,
): Promise<TResultadoImportacao["tabelas"]> {
  const tabelas: TResultadoImportacao["tabelas"] = [];
  for (const m of doManifesto) {
    const t = tabelaPorNome.get(m.tabela) as TTabelaBackup;
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${nomeQualificado(t)} WHERE ${filtroDaEmpresa(t)}`,
      [empresaId],
    );
    tabelas.push({ tabela: m.tabela, esperadas: m.linhas, encontradas: rows[0]?.n ?? 0 });
  }
  return tabelas;
}

/** A row that collides with one of this installation (an e-mail already signed up, a token already in use). */
function traduzirConflito(e: unknown): unknown {
  const erro = e as { code?: string; detail?: string; table?: string };
  if (erro.code === "23505")
    return new ErroRestauracao(
      `Um dado da empresa já existe nesta instalação (${erro.table ?? "?"}: ${erro.detail ?? "valor repetido"}); nada foi importado.` +
        (erro.table === "usuarios_plataforma"
          ? " Um usuário com esse e-mail já tem conta aqui: remova-o ou troque o e-mail dele antes."
          : ""),
      { cause: e },
    );
  return e;
}

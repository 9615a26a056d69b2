import { createHmac, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { formatarDataHora } from "@crm/domain/format";
import { ARQUIVOS_PACOTE, DIAS_VALIDADE_PACOTE, MSG_PACOTE } from "@crm/domain/privacy-package";
import { zId } from "@crm/domain/schemas/id";
import { ZipFile } from "yazl";
import { z } from "zod";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { withCompanyJob } from "../db/tenant.js";
import { enfileirarPorEmpresa } from "../jobs/company-sweep.js";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";
import { FILA_ENVIO } from "../jobs/queues.js";
import { enfileirarMensagemAoLead } from "../lead-events/queue-message.js";
import { registrarAcaoPrivacidade } from "./log.js";
import { REMETENTE_PRIVACIDADE } from "./open-request.js";
import { arquivosDoTitular, jsonDoTitular, lerFicha, nomeNoPacote } from "./package-data.js";
import { gerarDeclaracao } from "./package-declaration.js";

const DIA_MS = 86_400_000;
type TTrabalhoPacote = { empresaId: string; pacoteId: string };
const dadosPacote = z.object({ empresaId: zId(), pacoteId: zId() });

/** Packages whose every try died (a process killed on its last try, or the tries spent): marked 'falhou'. */
const FILA_PACOTE_FALHAS: TFila<TTrabalhoPacote> = { nome: "privacidade.pacote.falhas", dados: dadosPacote, tentativas: 5 };

/**
 * One job per package (decision 1866). Its expiry covers the 10-minute target with room: a process killed mid-job
 * leaves the job active until it expires, then pg-boss runs it again from the start (the ZIP is rebuilt; its temp
 * file has the package's name, so the retry overwrites it). A failure is retried 5 s, then 10 s, then 20 s later.
 */
export const FILA_PACOTE: TFila<TTrabalhoPacote> = {
  nome: "privacidade.pacote",
  dados: dadosPacote,
  politica: "standard",
  tentativas: 3,
  atrasoSegundos: 5,
  backoff: true,
  expiraSegundos: 30 * 60,
  filaMorta: FILA_PACOTE_FALHAS,
};

/** Hourly: ready packages past their 7 days are deleted from storage and marked expired. */
const FILA_EXPIRAR_VARREDURA: TFila = {
  nome: "privacidade.pacotes.expirar.varredura",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 1,
  expiraSegundos: 120,
};
const FILA_EXPIRAR: TFila<{ empresaId: string }> = {
  nome: "privacidade.pacotes.expirar",
  dados: z.object({ empresaId: zId() }),
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 30,
  expiraSegundos: 300,
};
const CRON_EXPIRAR = "7 * * * *";

/** The link's token is kept only as a keyed hash bound to the company (decision 1866). */
export const hashDoToken = (segredo: string, empresaId: string, token: string) =>
  createHmac("sha256", segredo).update(`privacidade-pacote:${empresaId}:${token}`).digest("hex");

const linkDoPacote = (appUrl: string, empresaId: string, token: string) => `${appUrl}/privacidade/${empresaId}/pacote/${token}`;

/** Writes the package's progress in its own short transaction, at most every 2 points, so the screen's poll sees it. */
function marcadorDeProgresso(deps: Pick<TDeps, "db">, empresaId: string, pacoteId: string) {
  let ultimo = 0;
  return async (pct: number) => {
    const p = Math.max(0, Math.min(99, Math.floor(pct)));
    if (p < ultimo + 2) return;
    ultimo = p;
    await withCompanyJob(deps.db.app, empresaId, "privacidade-pacote", (tx) =>
      tx.query("UPDATE privacidade_pacotes SET progresso = $3 WHERE id_empresa_fk = $1 AND id = $2 AND status = 'gerando'", [
        empresaId,
        pacoteId,
        p,
      ]),
    );
  };
}

/**
 * Builds one package (decisions 1865–1866): the PDF declaration, dados.json streamed from the database in pages, and
 * every file of the conversation and of the legal process streamed from storage one at a time (yazl reads each lazy
 * entry only when its turn comes), into a temp file on disk, then into private storage; then the link (7 days) goes
 * to the titular on WhatsApp. Idempotent: a package already ready or expired is left as it is.
 */
export async function gerarPacote(
  deps: Pick<TDeps, "db" | "storage" | "config" | "realtime" | "jobs">,
  t: TTrabalhoPacote,
): Promise<void> {
  const { empresaId, pacoteId } = t;
  const inicio = await withCompanyJob(deps.db.app, empresaId, "privacidade-pacote", async (tx) => {
    const { rows } = await tx.query(
      `UPDATE privacidade_pacotes SET status = 'gerando', progresso = 0, tentativas = tentativas + 1, erro = NULL,
              updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2 AND status IN ('na_fila', 'gerando') RETURNING id_pedido_fk`,
      [empresaId, pacoteId],
    );
    return rows[0] as { id_pedido_fk: string } | undefined;
  });
  if (!inicio) return;
  const pedidoId = inicio.id_pedido_fk;
  const geradoEm = relogio.agora();
  const expiraEm = new Date(geradoEm.getTime() + DIAS_VALIDADE_PACOTE * DIA_MS);
  const ficha = await lerFicha(deps, empresaId, pedidoId);
  const pdf = await gerarDeclaracao(ficha, geradoEm, formatarDataHora(expiraEm));

  const progresso = marcadorDeProgresso(deps, empresaId, pacoteId);
  const total = Math.max(1, ficha.mensagens + ficha.arquivos + ficha.documentos);
  let feitos = 0;
  const avancar = (n: number) => {
    feitos += n;
    return progresso((95 * feitos) / total);
  };

  const pasta = path.join(deps.config.dataDir, "tmp");
  await mkdir(pasta, { recursive: true });
  const temporario = path.join(pasta, `pacote-${pacoteId}.zip`);
  const chave = `${empresaId}/privacidade/${pedidoId}/pacote-${pacoteId}.zip`;
  let arquivos = 0;
  try {
    const zip = new ZipFile();
    let falha: Error | null = null;
    zip.on("error", (e: Error) => {
      falha = e;
    });
    const escrito = pipeline(zip.outputStream as NodeJS.ReadableStream, createWriteStream(temporario));
    zip.addBuffer(pdf, ARQUIVOS_PACOTE.declaracao, { mtime: geradoEm });
    zip.addReadStreamLazy(ARQUIVOS_PACOTE.dados, { mtime: geradoEm }, (cb) =>
      cb(null, Readable.from(jsonDoTitular(deps, { empresaId, pedidoId, leadId: ficha.leadId, geradoEm, aoAvancar: avancar }))),
    );
    for (const origem of ["midias", "documentos"] as const)
      for await (const pagina of arquivosDoTitular(deps, empresaId, ficha.leadId, origem))
        for (const a of pagina) {
          arquivos++;
          zip.addReadStreamLazy(nomeNoPacote(ARQUIVOS_PACOTE[origem], a.id, a.nome), { mtime: geradoEm }, (cb) => {
            deps.storage.abrir(a.chave).then(
              async (f) => {
                await avancar(1);
                cb(null, f.stream);
              },
              // a file the storage lost (a media download that failed) is said so inside the ZIP, not a failed package
              () => cb(null, Readable.from([Buffer.from("Arquivo indisponível no armazenamento.\n")])),
            );
          });
        }
    zip.end();
    await escrito;
    if (falha) throw falha;
    const { size } = await stat(temporario);
    await deps.storage.gravarArquivo(chave, temporario);
    await concluirPacote(deps, { empresaId, pacoteId, pedidoId, chave, tamanho: size, arquivos, ficha, expiraEm });
  } finally {
    await rm(temporario, { force: true });
  }
  deps.jobs.acordar(FILA_ENVIO);
}

/** Ready: the link's token (only its hash kept), 7 days, the change-log row and the link to the titular on WhatsApp. */
async function concluirPacote(
  deps: Pick<TDeps, "db" | "storage" | "config" | "realtime" | "jobs">,
  p: {
    empresaId: string;
    pacoteId: string;
    pedidoId: string;
    chave: string;
    tamanho: number;
    arquivos: number;
    ficha: { empresa: string; protocolo: string; leadId: string; mensagens: number };
    expiraEm: Date;
  },
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const ok = await withCompanyJob(deps.db.app, p.empresaId, "privacidade-pacote", async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE privacidade_pacotes SET status = 'pronto', progresso = 100, storage_key = $3, tamanho = $4, mensagens = $5,
              arquivos = $6, token_hash = $7, pronto_em = $8, expira_em = $9, updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2 AND status = 'gerando'`,
      [
        p.empresaId,
        p.pacoteId,
        p.chave,
        p.tamanho,
        p.ficha.mensagens,
        p.arquivos,
        hashDoToken(deps.config.appSecret, p.empresaId, token),
        relogio.agora(),
        p.expiraEm,
      ],
    );
    if (!rowCount) return false;
    await registrarAcaoPrivacidade(tx, {
      empresaId: p.empresaId,
      pedidoId: p.pedidoId,
      tipo: "privacidade.pacote_pronto",
      autor: { origem: "sistema" },
    });
    // the titular's own channel on file; the send job applies the send guard to it like to every message (decision 1829)
    await enfileirarMensagemAoLead(deps, tx, {
      empresaId: p.empresaId,
      leadId: p.ficha.leadId,
      texto: MSG_PACOTE.linkWhatsApp({
        empresa: p.ficha.empresa,
        protocolo: p.ficha.protocolo,
        link: linkDoPacote(deps.config.appUrl, p.empresaId, token),
        expira: formatarDataHora(p.expiraEm),
      }),
      sender: "sistema",
      natureza: "confirmacao",
      senderNome: REMETENTE_PRIVACIDADE,
      autor: { origem: "sistema" },
    });
    return true;
  });
  // a package changed meanwhile (started again): this file is nobody's
  if (!ok) await deps.storage.remover(p.chave).catch(() => undefined);
}

/** The last try failed, or every try died: the package is marked failed, the admin may start it again. */
async function marcarFalha(deps: Pick<TDeps, "db">, t: TTrabalhoPacote, erro: unknown) {
  await withCompanyJob(deps.db.app, t.empresaId, "privacidade-pacote", (tx) =>
    tx.query(
      `UPDATE privacidade_pacotes SET status = 'falhou', erro = left($3, 500), updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2 AND status IN ('na_fila', 'gerando')`,
      [t.empresaId, t.pacoteId, erro instanceof Error ? erro.message : String(erro)],
    ),
  );
}

/** The sweep's companies: those with a ready package past its expiry (by the server's clock). */
function varrerPacotesExpirados(deps: Pick<TDeps, "db" | "jobs">, agora = relogio.agora()) {
  return enfileirarPorEmpresa(
    deps,
    FILA_EXPIRAR,
    "privacidade-pacotes-expirar",
    "SELECT DISTINCT id_empresa_fk AS id FROM privacidade_pacotes WHERE status = 'pronto' AND expira_em <= $1",
    [agora],
  );
}

/**
 * One company's expired packages: the file leaves storage, the row says expired, the change log says so. The token's
 * hash stays, so the old link still answers that it expired (and when) instead of 'invalid'.
 */
export function expirarPacotesDaEmpresa(
  deps: Pick<TDeps, "db" | "storage">,
  empresaId: string,
  agora = relogio.agora(),
): Promise<number> {
  return withCompanyJob(deps.db.app, empresaId, "privacidade-pacotes-expirar", async (tx) => {
    const { rows } = await tx.query(
      `SELECT id, id_pedido_fk, storage_key FROM privacidade_pacotes
        WHERE id_empresa_fk = $1 AND status = 'pronto' AND expira_em <= $2 ORDER BY id FOR UPDATE SKIP LOCKED`,
      [empresaId, agora],
    );
    for (const r of rows) {
      // removed before the row says so: a failure leaves it 'pronto' and the next sweep tries again
      await deps.storage.remover(r.storage_key);
      await tx.query(
        `UPDATE privacidade_pacotes SET status = 'expirado', storage_key = NULL, removido_em = $3,
                updated_at = now()
          WHERE id_empresa_fk = $1 AND id = $2`,
        [empresaId, r.id, agora],
      );
      await registrarAcaoPrivacidade(tx, {
        empresaId,
        pedidoId: r.id_pedido_fk,
        tipo: "privacidade.pacote_expirado",
        autor: { origem: "sistema" },
      });
    }
    return rows.length;
  });
}

/** Starts this instance's package workers (from iniciarTrabalhosPrivacidade). */
export async function iniciarTrabalhosPacote(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar(FILA_PACOTE, async (t) => {
    try {
      await gerarPacote(deps, t.dados);
    } catch (e) {
      if (t.ultimaTentativa) await marcarFalha(deps, t.dados, e);
      throw e;
    }
  });
  await deps.jobs.trabalhar(FILA_PACOTE_FALHAS, (t) => marcarFalha(deps, t.dados, "tentativas esgotadas"));
  await deps.jobs.trabalhar(FILA_EXPIRAR, (t) => expirarPacotesDaEmpresa(deps, t.dados.empresaId).then(() => {}));
  await deps.jobs.trabalhar(FILA_EXPIRAR_VARREDURA, () => varrerPacotesExpirados(deps).then(() => {}));
  await deps.jobs.agendar(FILA_EXPIRAR_VARREDURA, CRON_EXPIRAR);
}

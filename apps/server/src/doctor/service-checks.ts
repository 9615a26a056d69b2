import { randomBytes } from "node:crypto";
import { statfs } from "node:fs/promises";
import path from "node:path";
import type { TVerificacao } from "@crm/domain/doctor";
import nodemailer from "nodemailer";
import type { TConfig } from "../config/config.js";
import type { TDb } from "../db/pool.js";
import type { TArmazenamento } from "../storage/storage.js";
import { resultado } from "./check.js";

/** A probe object written, read back and removed: the store answers and this instance may write to it. */
export async function verificarArmazenamento(storage: TArmazenamento, config: TConfig): Promise<TVerificacao> {
  const onde = config.storage.driver === "s3" ? `bucket ${config.storage.s3.bucket}` : path.join(config.dataDir, "storage");
  const chave = `diagnostico/${randomBytes(8).toString("hex")}.txt`;
  const dados = Buffer.from(`diagnóstico ${new Date().toISOString()}`);
  try {
    await storage.gravar(chave, dados);
    const lido = await storage.ler(chave);
    await storage.remover(chave);
    if (!lido.equals(dados)) throw new Error("o arquivo lido não é o gravado");
    return resultado("armazenamento", "Armazenamento de arquivos", "ok", `gravar, ler e apagar em ${onde}`);
  } catch (e) {
    return resultado(
      "armazenamento",
      "Armazenamento de arquivos",
      "erro",
      `${onde}: ${(e as Error).message}`,
      config.storage.driver === "s3"
        ? "Confira STORAGE_S3_* e se a chave pode s3:PutObject, s3:GetObject e s3:DeleteObject no bucket."
        : `Dê ao usuário do servidor permissão de escrita em ${onde} (ou aponte DATA_DIR para uma pasta gravável).`,
    );
  }
}

/** The SMTP server greets and accepts the login (nodemailer's verify), within a few seconds. */
export async function verificarSmtp(config: TConfig, timeoutMs = 5_000): Promise<TVerificacao> {
  const titulo = "Email (SMTP)";
  if (!config.smtpUrl)
    return resultado(
      "smtp",
      titulo,
      "aviso",
      "SMTP_URL não configurado: emails ficam na caixa de desenvolvimento",
      "Em produção, defina SMTP_URL (ex.: smtps://usuario:senha@smtp.exemplo.com.br:465) e MAIL_FROM.",
    );
  const url = new URL(config.smtpUrl);
  const servidor = `${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
  // the URL's own options plus short timeouts: a firewall that drops packets must not hold the check for minutes
  const transporte = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await transporte.verify();
    return resultado("smtp", titulo, "ok", `${servidor} aceitou a conexão`);
  } catch (e) {
    return resultado(
      "smtp",
      titulo,
      "erro",
      `${servidor} não respondeu: ${(e as Error).message}`,
      "Confira o host, a porta, o usuário e a senha em SMTP_URL, e se o firewall deixa esta máquina chegar ao servidor.",
    );
  } finally {
    transporte.close();
  }
}

/** This machine's clock against the database's: sessions, deadlines and signed links depend on both agreeing. */
export async function verificarRelogio(db: TDb): Promise<TVerificacao> {
  const antes = Date.now();
  const { rows } = await db.app.query<{ agora: Date }>("SELECT clock_timestamp() AS agora");
  const depois = Date.now();
  const diferenca = Math.abs((rows[0] as { agora: Date }).agora.getTime() - (antes + depois) / 2);
  const detalhe = `diferença de ${(diferenca / 1000).toFixed(1)} s para o relógio do banco`;
  const correcao = "Ligue a sincronização de horário (NTP: chrony ou systemd-timesyncd) nesta máquina e no servidor do banco.";
  if (diferenca > 30_000) return resultado("relogio", "Relógio", "erro", detalhe, correcao);
  if (diferenca > 2_000) return resultado("relogio", "Relógio", "aviso", detalhe, correcao);
  return resultado("relogio", "Relógio", "ok", detalhe);
}

const GB = 1024 ** 3;

/** Free space where DATA_DIR is (the embedded database and local files grow there). */
export async function verificarDisco(config: TConfig): Promise<TVerificacao> {
  const s = await statfs(config.dataDir).catch(() => statfs(path.dirname(path.resolve(config.dataDir))));
  const livre = s.bavail * s.bsize;
  const total = s.blocks * s.bsize;
  const fracao = total ? livre / total : 0;
  const detalhe = `${(livre / GB).toFixed(1)} GB livres de ${(total / GB).toFixed(1)} GB (${Math.round(fracao * 100)}%) em ${config.dataDir}`;
  const correcao = "Libere espaço ou aumente o disco: sem espaço o PostgreSQL para de gravar e os envios de arquivos falham.";
  if (livre < 0.5 * GB || fracao < 0.02) return resultado("disco", "Espaço em disco", "erro", detalhe, correcao);
  if (livre < 2 * GB || fracao < 0.1) return resultado("disco", "Espaço em disco", "aviso", detalhe, correcao);
  return resultado("disco", "Espaço em disco", "ok", detalhe);
}

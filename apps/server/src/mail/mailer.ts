import { montarRemetente } from "@crm/domain/platform";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type pg from "pg";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";

type TEmail = { para: string; assunto: string; texto: string; html: string; empresaId?: string | null };

export type TMailer = {
  /** true when no SMTP is configured: emails stay in the outbox and are readable at /dev/emails */
  caixaDev: boolean;
  /** Writes the email in the caller's transaction: it exists only if the change that caused it commits. */
  enfileirar: (tx: TTx, email: TEmail) => Promise<void>;
  /** Sends what is due (SMTP only); returns how many were sent. */
  entregarPendentes: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
};

const MAX_TENTATIVAS = 8;

/**
 * The sender of this delivery pass: the platform admin's saved name and address (/configuracoes, decision 1309),
 * each falling back to MAIL_FROM's part.
 */
async function remetente(tx: TTx, padrao: string): Promise<string> {
  const { rows } = await tx.query("SELECT email_remetente_nome, email_remetente_endereco FROM configuracoes_plataforma");
  return montarRemetente(padrao, rows[0]?.email_remetente_nome, rows[0]?.email_remetente_endereco);
}
const INTERVALO_MS = 5_000;

/**
 * Transactional outbox + SMTP via nodemailer (SMTP_URL). Without SMTP_URL the same outbox is the
 * dev mailbox: nothing is sent, every email is logged and kept.
 */
export function createMailer(opts: { pool: pg.Pool; smtpUrl?: string; from: string; log?: FastifyBaseLogger }): TMailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  let timer: NodeJS.Timeout | null = null;
  let rodando: Promise<number> | null = null;

  async function entregar(): Promise<number> {
    if (!transport) return 0;
    const { rows, from } = await unsafeWithSystem(opts.pool, "email-saida", async (tx) => {
      const devidos = await tx.query(
        `SELECT id, para, assunto, texto, html, tentativas FROM emails_saida
          WHERE enviado_em IS NULL AND tentativas < $1 AND proxima_tentativa_em <= now()
          ORDER BY created_at LIMIT 20`,
        [MAX_TENTATIVAS],
      );
      return { rows: devidos.rows, from: devidos.rows.length ? await remetente(tx, opts.from) : opts.from };
    });
    let enviados = 0;
    for (const e of rows) {
      try {
        await transport.sendMail({ from, to: e.para, subject: e.assunto, text: e.texto, html: e.html });
        await unsafeWithSystem(opts.pool, "email-saida", (tx) =>
          tx.query("UPDATE emails_saida SET enviado_em = now(), tentativas = tentativas + 1, ultimo_erro = NULL WHERE id = $1", [
            e.id,
          ]),
        );
        enviados++;
      } catch (err) {
        // exponential backoff: 10 s, 20 s, 40 s ... then it stays visible as failed
        const espera = 10 * 2 ** e.tentativas;
        opts.log?.warn({ err, para: e.para }, "falha ao enviar email");
        await unsafeWithSystem(opts.pool, "email-saida", (tx) =>
          tx.query(
            `UPDATE emails_saida SET tentativas = tentativas + 1, ultimo_erro = $2,
               proxima_tentativa_em = now() + make_interval(secs => $3) WHERE id = $1`,
            [e.id, String((err as Error).message).slice(0, 500), espera],
          ),
        );
      }
    }
    return enviados;
  }

  const entregarPendentes = () => {
    // one delivery pass at a time per process
    rodando ??= entregar().finally(() => {
      rodando = null;
    });
    return rodando;
  };

  return {
    caixaDev: !transport,
    async enfileirar(tx, email) {
      await tx.query("INSERT INTO emails_saida (id_empresa_fk, para, assunto, texto, html) VALUES ($1, $2, $3, $4, $5)", [
        email.empresaId ?? null,
        email.para,
        email.assunto,
        email.texto,
        email.html,
      ]);
      if (!transport)
        opts.log?.info({ para: email.para, assunto: email.assunto }, "email guardado na caixa de desenvolvimento (/dev/emails)");
      // deliver shortly after the caller commits; the sweeper retries anything this pass misses
      else setTimeout(() => void entregarPendentes().catch(() => {}), 300);
    },
    entregarPendentes,
    start() {
      if (transport && !timer) timer = setInterval(() => void entregarPendentes().catch(() => {}), INTERVALO_MS);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await rodando?.catch(() => {});
      transport?.close();
    },
  };
}

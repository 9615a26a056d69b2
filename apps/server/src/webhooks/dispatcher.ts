import { PAPEL } from "@crm/domain/roles";
import { DIAS_FALHA_DESATIVA, esperaAntesDaTentativa, TEXTO_WEBHOOKS } from "@crm/domain/webhooks";
import type { TDeps } from "../core/deps.js";
import { cofreDe } from "../crypto/secrets.js";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";
import { emailWebhookDesativado } from "../mail/templates.js";
import type { TPoliticaSaida } from "../net/outbound-policy.js";
import { notificarVarios } from "../notifications/notify.js";
import { enviarTentativa, type TResultadoTentativa } from "./send.js";

/** A due delivery as the sender claims it, with its endpoint's URL and secrets (still encrypted). */
type TDevida = {
  id: string;
  id_empresa_fk: string;
  id_endpoint_fk: string;
  id_mensagem: string;
  corpo: string;
  tentativas: number;
  url: string;
  ativo: boolean;
  segredo_cifrado: string;
  segredo_anterior_cifrado: string | null;
};
type TFeita = { d: TDevida; r: TResultadoTentativa; em: Date };

/** How long a claimed delivery stays with the instance that claimed it: past the 15 s timeout, with room to record. */
const RESERVA_S = 60;

export type TOpcoesDespachante = {
  /**
   * the sender's clock, for the schedule and the leases (tests move it with fake timers); a delivery the database
   * dated (a first attempt, a resend: its now()) is due by either clock, so a clock behind the database's delays nothing
   */
  agora?: () => Date;
  /** the outbound policy, the process's (OUTBOUND_ALLOWED_HOSTS) unless given */
  politica?: TPoliticaSaida;
  /** deliveries sent at once by this instance */
  maxEmVoo?: number;
  /** a claim or a record that failed (the database away): tried again at the next turn */
  aoErro?: (err: unknown) => void;
};

export type TDespachante = {
  /** Claims and sends what is due, as far as the slots allow; returns at once (the sends go on). */
  bombear: () => void;
  /** Resolves when nothing is in flight, nothing waits to be recorded and nothing more is due (tests, shutdown). */
  ocioso: () => Promise<void>;
  parar: () => Promise<void>;
};

/**
 * The sender (decision 1803): the deliveries table is the queue. An instance claims due deliveries with SKIP LOCKED
 * and a lease (`reservada_ate`: a dead instance's claims come back after it), sends them concurrently, and records
 * the results in batches — one transaction per batch, not per delivery — scheduling each retry from the
 * specification's schedule with jitter, or the receiver's Retry-After.
 */
export function criarDespachante(deps: Pick<TDeps, "db" | "config" | "realtime" | "mailer">, o: TOpcoesDespachante = {}) {
  const agora = o.agora ?? (() => new Date());
  const maxEmVoo = o.maxEmVoo ?? 64;
  const cofre = cofreDe(deps.config.appSecret);
  let emVoo = 0;
  let bombeando: Promise<void> | null = null;
  let denovo = false;
  let parado = false;
  const feitas: TFeita[] = [];
  let gravando: Promise<void> | null = null;
  const esperas = new Set<() => void>();

  function avisarSeOcioso() {
    if (emVoo === 0 && !feitas.length && !gravando && !bombeando) for (const f of esperas) f();
  }

  async function reservar(n: number): Promise<TDevida[]> {
    return unsafeWithSystem(deps.db.app, "webhooks: reservar entregas", async (tx) => {
      const { rows } = await tx.query<TDevida>(
        `WITH devidas AS (
           SELECT d.id_empresa_fk, d.id FROM webhook_entregas d
            WHERE d.estado = 'pendente' AND d.proxima_tentativa_em <= greatest($2, now())
              AND (d.reservada_ate IS NULL OR d.reservada_ate < $2)
            ORDER BY d.proxima_tentativa_em LIMIT $1 FOR UPDATE OF d SKIP LOCKED)
         UPDATE webhook_entregas d SET reservada_ate = $2::timestamptz + make_interval(secs => $3)
           FROM devidas v, webhook_endpoints e
          WHERE d.id_empresa_fk = v.id_empresa_fk AND d.id = v.id AND e.id_empresa_fk = d.id_empresa_fk AND e.id = d.id_endpoint_fk
         RETURNING d.id, d.id_empresa_fk, d.id_endpoint_fk, d.id_mensagem, d.corpo, d.tentativas, e.url, e.ativo,
                   e.segredo_cifrado, CASE WHEN e.segredo_anterior_ate > $2 THEN e.segredo_anterior_cifrado END AS segredo_anterior_cifrado`,
        [n, agora(), RESERVA_S],
      );
      return rows;
    });
  }

  async function enviar(d: TDevida): Promise<TResultadoTentativa> {
    const segredos = [d.segredo_cifrado, d.segredo_anterior_cifrado].map((s) => cofre.decifrar(s)).filter((s) => !!s) as string[];
    if (!d.ativo || !segredos.length)
      return { cabecalhos: {}, status: null, corpo: null, erro: "Endpoint desativado", latenciaMs: 0, retryAfterS: null };
    return enviarTentativa({ url: d.url, idMensagem: d.id_mensagem, corpo: d.corpo, segredos }, o.politica);
  }

  function bombear() {
    if (parado) return;
    if (bombeando) {
      denovo = true;
      return;
    }
    bombeando = (async () => {
      do {
        denovo = false;
        while (!parado && emVoo < maxEmVoo) {
          const lote = await reservar(maxEmVoo - emVoo);
          for (const d of lote) {
            emVoo++;
            void enviar(d).then((r) => {
              feitas.push({ d, r, em: agora() });
              emVoo--;
              gravar();
            });
          }
          if (lote.length < maxEmVoo) break;
        }
      } while (denovo && !parado);
    })()
      .catch((err) => o.aoErro?.(err))
      .finally(() => {
        bombeando = null;
        avisarSeOcioso();
      });
  }

  function gravar() {
    if (gravando) return;
    gravando = (async () => {
      while (feitas.length) {
        const lote = feitas.splice(0, 500);
        // not recorded (the database away): kept for the next turn; past the lease it would be sent again, same id
        await registrar(lote).catch((err) => {
          feitas.unshift(...lote);
          throw err;
        });
      }
    })()
      .catch((err) => o.aoErro?.(err))
      .finally(() => {
        gravando = null;
        // a retry due now (5 s after the first attempt, or a Retry-After: 0) and the slots just freed
        bombear();
        avisarSeOcioso();
      });
  }

  async function registrar(lote: TFeita[]) {
    const linhas = lote.map(({ d, r, em }) => {
      const tentativa = d.tentativas + 1;
      const ok = r.status !== null && r.status >= 200 && r.status < 300;
      const gone = r.status === 410;
      const espera = ok || gone || !d.ativo ? null : esperaAntesDaTentativa(tentativa + 1, Math.random(), r.retryAfterS);
      return {
        empresa: d.id_empresa_fk,
        entrega: d.id,
        endpoint: d.id_endpoint_fk,
        tentativa,
        em: em.toISOString(),
        cabecalhos: r.cabecalhos,
        status: r.status,
        corpo: r.corpo,
        erro: r.erro,
        latencia: r.latenciaMs,
        ok,
        gone,
        estado: ok ? "entregue" : espera === null ? "falhou" : "pendente",
        proxima: espera === null ? null : new Date(em.getTime() + espera * 1000).toISOString(),
      };
    });
    await unsafeWithSystem(deps.db.app, "webhooks: registrar tentativas", async (tx) => {
      const json = JSON.stringify(linhas);
      await tx.query(
        `WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r (empresa uuid, entrega uuid, tentativa int, em timestamptz,
                      cabecalhos jsonb, status int, corpo text, erro text, latencia int, estado text, proxima timestamptz)),
         t AS (INSERT INTO webhook_tentativas (id_empresa_fk, id_entrega_fk, tentativa, em, cabecalhos, status_resposta,
                                               corpo_resposta, erro, latencia_ms)
               SELECT empresa, entrega, tentativa, em, cabecalhos, status, corpo, erro, latencia FROM r)
         UPDATE webhook_entregas d
            SET estado = r.estado, tentativas = r.tentativa, reservada_ate = NULL,
                proxima_tentativa_em = coalesce(r.proxima, d.proxima_tentativa_em),
                concluida_em = CASE WHEN r.estado <> 'pendente' THEN r.em END
           FROM r WHERE d.id_empresa_fk = r.empresa AND d.id = r.entrega`,
        [json],
      );
      // the endpoint's health: a success clears its failing streak; a failure starts one; 410 switches it off
      await tx.query(
        `WITH r AS (SELECT endpoint, bool_or(ok) AS ok, bool_or(gone) AS gone, min(em) AS em
                      FROM jsonb_to_recordset($1::jsonb) AS r (endpoint uuid, ok boolean, gone boolean, em timestamptz)
                     GROUP BY endpoint)
         UPDATE webhook_endpoints e
            SET falhando_desde = CASE WHEN r.ok THEN NULL ELSE coalesce(e.falhando_desde, r.em) END,
                ativo = e.ativo AND NOT r.gone,
                desativado_motivo = CASE WHEN r.gone AND e.ativo THEN 'gone' ELSE e.desativado_motivo END,
                updated_at = CASE WHEN r.gone AND e.ativo THEN now() ELSE e.updated_at END
           FROM r WHERE e.id = r.endpoint`,
        [json],
      );
      const endpoints = [...new Set(linhas.map((l) => l.endpoint))];
      const { rows: cansados } = await tx.query<{ id_empresa_fk: string; id: string; url: string }>(
        `UPDATE webhook_endpoints SET ativo = false, desativado_motivo = 'falhas', updated_at = now()
          WHERE id = ANY ($1::uuid[]) AND ativo AND falhando_desde <= $2::timestamptz - make_interval(days => $3)
          RETURNING id_empresa_fk, id, url`,
        [endpoints, agora(), DIAS_FALHA_DESATIVA],
      );
      // a switched-off endpoint gets nothing more: its waiting deliveries fail (and can be resent once it is fixed)
      await tx.query(
        `UPDATE webhook_entregas d SET estado = 'falhou', concluida_em = $2, reservada_ate = NULL
           FROM webhook_endpoints e
          WHERE d.id_endpoint_fk = ANY ($1::uuid[]) AND d.estado = 'pendente'
            AND e.id_empresa_fk = d.id_empresa_fk AND e.id = d.id_endpoint_fk AND NOT e.ativo`,
        [endpoints, agora()],
      );
      if (cansados.length) await avisarAdmins(tx, cansados);
    });
  }

  /** The company's admins hear of an endpoint switched off after 5 days of failures: the bell and an e-mail. */
  async function avisarAdmins(tx: TTx, cansados: { id_empresa_fk: string; id: string; url: string }[]) {
    await notificarVarios(
      deps,
      tx,
      cansados.map((c) => ({
        empresaId: c.id_empresa_fk,
        destino: { papeis: [PAPEL.admin] },
        tipo: "system" as const,
        titulo: TEXTO_WEBHOOKS.avisoDesativadoTitulo,
        conteudo: TEXTO_WEBHOOKS.avisoDesativado(c.url),
        dados: { endpointId: c.id },
      })),
    );
    for (const c of cansados) {
      const { rows } = await tx.query<{ nome: string; email: string }>(
        "SELECT nome, email FROM usuarios_plataforma WHERE id_empresa_fk = $1 AND papel = $2 AND ativo",
        [c.id_empresa_fk, PAPEL.admin],
      );
      for (const a of rows) {
        const email = emailWebhookDesativado(
          a.nome,
          TEXTO_WEBHOOKS.avisoDesativado(c.url),
          `${deps.config.appUrl}/configuracoes`,
        );
        await deps.mailer.enfileirar(tx, { para: a.email, ...email, empresaId: c.id_empresa_fk });
      }
    }
  }

  return {
    bombear() {
      if (feitas.length) gravar();
      bombear();
    },
    ocioso: () =>
      new Promise<void>((resolve) => {
        const f = () => {
          esperas.delete(f);
          resolve();
        };
        esperas.add(f);
        avisarSeOcioso();
      }),
    async parar() {
      parado = true;
      while (bombeando || gravando || emVoo > 0) await new Promise((r) => setTimeout(r, 20));
    },
  } satisfies TDespachante;
}

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
export type TDevida = {
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

/**
 * What the follower may lease to this sender as it writes new deliveries (decision 1950): the sender's clock, how
 * long the lease lasts, and how many it takes now.
 */
export type TReservaLocal = { agora: Date; segundos: number; max: number };
/**
 * The follower leases up to this many times the slots, minus what is in flight or waiting (decision 1950): a burst is
 * sent from memory instead of being claimed back from the table. A leased delivery still waiting when less than half
 * its lease is left (a slow receiver holds the slots) is not sent from here: its lease runs out and it is claimed like
 * any other, so no two instances send it at once.
 */
const FILA_LOCAL = 8;
const MEIA_RESERVA_MS = (RESERVA_S * 1000) / 2;
/** A claim waits until this many slots are free (or none is busy): many small claims cost more than the sends. */
const RESERVA_MINIMA = 16;

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
  /** How many new deliveries the follower may lease to this sender now (null: none, it is stopping). */
  reservaLocal: () => TReservaLocal | null;
  /** The deliveries the follower leased to this sender, their transaction committed: sent without a claim. */
  receber: (devidas: TDevida[]) => void;
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
  /** leased to this instance, waiting for a slot (the follower's, decision 1950) */
  const fila: { d: TDevida; ate: number }[] = [];
  let bombeando: Promise<void> | null = null;
  let denovo = false;
  let parado = false;
  const feitas: TFeita[] = [];
  let gravando: Promise<void> | null = null;
  const esperas = new Set<() => void>();

  function avisarSeOcioso() {
    if (emVoo === 0 && !fila.length && !feitas.length && !gravando && !bombeando) for (const f of esperas) f();
  }

  async function reservar(n: number): Promise<TDevida[]> {
    return unsafeWithSystem(
      deps.db.app,
      "webhooks: reservar entregas",
      async (tx) => {
        const { rows } = await tx.query<TDevida>(
          `WITH devidas AS (
             SELECT d.id_empresa_fk, d.id FROM webhook_entregas d
              WHERE d.estado = 'pendente' AND d.proxima_tentativa_em <= greatest($2, now())
                AND (d.reservada_ate IS NULL OR d.reservada_ate < $2)
              ORDER BY d.proxima_tentativa_em LIMIT $1 FOR UPDATE OF d SKIP LOCKED),
           reservadas AS (
             UPDATE webhook_entregas d SET reservada_ate = $2::timestamptz + make_interval(secs => $3)
               FROM devidas v WHERE d.id_empresa_fk = v.id_empresa_fk AND d.id = v.id
             RETURNING d.id, d.id_empresa_fk, d.id_endpoint_fk, d.id_mensagem, d.corpo, d.tentativas)
         SELECT r.*, e.url, e.ativo, e.segredo_cifrado,
                CASE WHEN e.segredo_anterior_ate > $2 THEN e.segredo_anterior_cifrado END AS segredo_anterior_cifrado
           FROM reservadas r JOIN webhook_endpoints e ON e.id_empresa_fk = r.id_empresa_fk AND e.id = r.id_endpoint_fk`,
          [n, agora(), RESERVA_S],
        );
        return rows;
      },
      // walk the due index in order and stop at the limit: a planner misled by a table that grew since its last
      // ANALYZE (a burst) read every due row and sorted them all, at every claim (76 ms a claim behind 10,000). The
      // endpoints are joined after the update: joined inside it, under row-level security, the planner matched the
      // claimed rows by company only and walked each endpoint's deliveries (585,000 rows, 0.6 s for 64; decision 1950)
      [["enable_sort", "off"]],
    );
  }

  async function enviar(d: TDevida): Promise<TResultadoTentativa> {
    const segredos = [d.segredo_cifrado, d.segredo_anterior_cifrado].map((s) => cofre.decifrar(s)).filter((s) => !!s) as string[];
    if (!d.ativo || !segredos.length)
      return { cabecalhos: {}, status: null, corpo: null, erro: "Endpoint desativado", latenciaMs: 0, retryAfterS: null };
    return enviarTentativa({ url: d.url, idMensagem: d.id_mensagem, corpo: d.corpo, segredos }, o.politica);
  }

  /** Starts the sends of what this instance holds, as far as the slots allow. */
  function despachar() {
    while (!parado && emVoo < maxEmVoo && fila.length) {
      const { d, ate } = fila.shift() as { d: TDevida; ate: number };
      if (ate - agora().getTime() < MEIA_RESERVA_MS) continue;
      emVoo++;
      void enviar(d).then((r) => {
        feitas.push({ d, r, em: agora() });
        emVoo--;
        gravar();
        despachar();
      });
    }
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
        while (!parado && emVoo + fila.length < maxEmVoo) {
          const pedidas = maxEmVoo - emVoo - fila.length;
          if (pedidas < RESERVA_MINIMA && emVoo > 0) break;
          const ate = agora().getTime() + RESERVA_S * 1000;
          const lote = await reservar(pedidas);
          fila.push(...lote.map((d) => ({ d, ate })));
          despachar();
          if (lote.length < pedidas) break;
        }
      } while (denovo && !parado);
    })()
      .catch((err) => {
        o.aoErro?.(err);
      })
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
      .catch((err) => {
        o.aoErro?.(err);
      })
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
      const { rows: saude } = await tx.query<{ id_empresa_fk: string; id: string; ativo: boolean; cansado: boolean }>(
        `WITH r AS (SELECT empresa, endpoint, bool_or(ok) AS ok, bool_or(gone) AS gone, min(em) AS em
                      FROM jsonb_to_recordset($1::jsonb) AS r (empresa uuid, endpoint uuid, ok boolean, gone boolean, em timestamptz)
                     GROUP BY empresa, endpoint)
         UPDATE webhook_endpoints e
            SET falhando_desde = CASE WHEN r.ok THEN NULL ELSE coalesce(e.falhando_desde, r.em) END,
                ativo = e.ativo AND NOT r.gone,
                desativado_motivo = CASE WHEN r.gone AND e.ativo THEN 'gone' ELSE e.desativado_motivo END,
                updated_at = CASE WHEN r.gone AND e.ativo THEN now() ELSE e.updated_at END
           FROM r WHERE e.id_empresa_fk = r.empresa AND e.id = r.endpoint
         RETURNING e.id_empresa_fk, e.id, e.ativo, e.ativo AND e.falhando_desde <= $2::timestamptz - make_interval(days => $3) AS cansado`,
        [json, agora(), DIAS_FALHA_DESATIVA],
      );
      // five days of failures switch it off (decision 1804); asked only of an endpoint that has failed that long
      const cansados = saude.some((e) => e.cansado)
        ? (
            await tx.query<{ id_empresa_fk: string; id: string; url: string }>(
              `UPDATE webhook_endpoints e SET ativo = false, desativado_motivo = 'falhas', updated_at = now()
                 FROM unnest($1::uuid[], $2::uuid[]) AS c (empresa, id)
                WHERE e.id_empresa_fk = c.empresa AND e.id = c.id
                  AND e.ativo AND e.falhando_desde <= $3::timestamptz - make_interval(days => $4)
                RETURNING e.id_empresa_fk, e.id, e.url`,
              [
                saude.filter((e) => e.cansado).map((e) => e.id_empresa_fk),
                saude.filter((e) => e.cansado).map((e) => e.id),
                agora(),
                DIAS_FALHA_DESATIVA,
              ],
            )
          ).rows
        : [];
      // a switched-off endpoint gets nothing more: its waiting deliveries fail (and can be resent once it is fixed);
      // asked only of the endpoints found off, so a batch of healthy ones never walks their deliveries
      const desligados = [...saude.filter((e) => !e.ativo), ...cansados];
      if (desligados.length)
        await tx.query(
          `UPDATE webhook_entregas d SET estado = 'falhou', concluida_em = $3, reservada_ate = NULL
             FROM unnest($1::uuid[], $2::uuid[]) AS x (empresa, endpoint)
            WHERE d.id_empresa_fk = x.empresa AND d.id_endpoint_fk = x.endpoint AND d.estado = 'pendente'`,
          [desligados.map((e) => e.id_empresa_fk), desligados.map((e) => e.id), agora()],
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
    reservaLocal: () =>
      parado ? null : { agora: agora(), segundos: RESERVA_S, max: Math.max(0, FILA_LOCAL * maxEmVoo - emVoo - fila.length) },
    receber(devidas) {
      const ate = agora().getTime() + RESERVA_S * 1000;
      fila.push(...devidas.map((d) => ({ d, ate })));
      despachar();
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
      // what waits for a slot goes back to the queue now rather than when its lease ends (the database away: then)
      const soltas = fila.splice(0).map((f) => f.d);
      if (soltas.length)
        await unsafeWithSystem(deps.db.app, "webhooks: devolver entregas", (tx) =>
          tx.query(
            `UPDATE webhook_entregas d SET reservada_ate = NULL
               FROM unnest($1::uuid[], $2::uuid[], $3::int[]) AS s (empresa, id, tentativas)
              WHERE d.id_empresa_fk = s.empresa AND d.id = s.id AND d.estado = 'pendente' AND d.tentativas = s.tentativas`,
            [soltas.map((d) => d.id_empresa_fk), soltas.map((d) => d.id), soltas.map((d) => d.tentativas)],
          ),
        ).catch((err) => o.aoErro?.(err));
      while (bombeando || gravando || emVoo > 0) await new Promise((r) => setTimeout(r, 20));
    },
  } satisfies TDespachante;
}

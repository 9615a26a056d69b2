import type { TImportacaoLeads } from "@crm/domain/schemas/leads";
import { STATUS_LEAD } from "@crm/domain/status";
import { ACOES_STATUS_CHAT } from "@crm/domain/whatsapp";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evolutionTexto, iniciarEvolutionFalsa, type TEvolutionFalsa } from "../../../test-support/fake-evolution.js";
import { observarConflitos, type TConflitoRepetido } from "../src/db/retry-conflicts.js";
import { unsafeWithSystem } from "../src/db/tenant.js";
import { FILA_TRIAGEM } from "../src/jobs/queues.js";
import { FILA_IMPORTACAO } from "../src/leads/import/import-queue.js";
import { CABECALHO_CSV, importarCsv } from "../src/leads/test-helpers.js";
import { FILA_ENTRADA } from "../src/whatsapp/queues.js";
import { caminhoWebhook, configurarNaoOficial } from "../src/whatsapp/testing/setup.js";
import { type TNavegador, useTestApp } from "./app.js";
import { criarAleatorio, criarConsultor, criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "./factories.js";
import { esperarFilasOciosas } from "./queues.js";

/**
 * Decision 1731: twenty writers of one company at once — CSV imports, bulk status changes and
 * assignments of overlapping lead sets, bulk and single deletes, webhook message batches (new and known numbers)
 * with the AI screening applying its decisions, chat status changes — each through the app's HTTP routes and jobs.
 * None may be a deadlock's victim (40P01) or fail to serialize (40001): not answered with an error, not run again by
 * the retry guard (counted here), not retried by a job; and every write lands.
 */
const t = useTestApp();
let gw: TEvolutionFalsa;
let a: TEmpresaComUsuarios;
let webhook: string;
const conflitos: TConflitoRepetido[] = [];
let pararDeContar: () => void;

const RODADAS = 6;
const DIA = 86_400_000;
/** leads that status changes, assignments, chat actions and known-number webhooks share (overlapping sets) */
let compartilhados: { id: string; telefone: string }[] = [];
/** leads only the deleters remove (each deleter its own slice): their summary keys are the shared ones' */
let paraExcluir: string[][] = [];
let consultores: string[] = [];

beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  const cfg = await configurarNaoOficial(a.navegadores.admin, { url: gw.url, apiKey: gw.apiKey, instancia: gw.instancia });
  webhook = caminhoWebhook(cfg);
  await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
  const alea = criarAleatorio(23);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    await tx.query("UPDATE empresas SET ia_triagem_ativa = true WHERE id = $1", [a.empresa.id]);
    consultores = [a.consultor.id];
    for (let i = 0; i < 3; i++) consultores.push((await criarConsultor(tx, { id_empresa_fk: a.empresa.id })).id);
    // a few days, origins, campaigns and statuses, so that writers meet on the same summary rows in many orders
    const lead = async (i: number, prefixo: string) =>
      criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        telefone: `+55 11 9${prefixo}${String(i).padStart(7, "0")}`,
        status_lead: STATUS_LEAD[alea.int(0, 5)],
        origem_lead: alea.int(0, 1) ? "WhatsApp" : "Manual",
        campanha_origem: alea.int(0, 2) ? `Campanha ${alea.int(1, 3)}` : null,
        consultor_atribuido_id: alea.int(0, 1) ? consultores[alea.int(0, consultores.length - 1)] : null,
        valor_contrato_fechado: alea.int(0, 3) ? null : alea.int(1, 9) * 1000,
        created_at: new Date(Date.now() - alea.int(0, 4) * DIA),
      });
    for (let i = 0; i < 240; i++) {
      const l = await lead(i, "1");
      compartilhados.push({ id: l.id, telefone: l.telefone_normalizado as string });
    }
    paraExcluir = [];
    for (let d = 0; d < 3; d++) {
      const ids: string[] = [];
      for (let i = 0; i < 60; i++) ids.push((await lead(d * 100 + i, "2")).id);
      paraExcluir.push(ids);
    }
  });
  compartilhados = compartilhados.sort(() => alea.int(0, 2) - 1);
  pararDeContar = observarConflitos((c) => conflitos.push(c));
}, 120_000);
afterAll(async () => {
  pararDeContar?.();
  await gw?.fechar();
});

/** A random slice of the shared leads: sets of different writers overlap, in different orders in the request. */
function amostra(alea: ReturnType<typeof criarAleatorio>, n: number): string[] {
  const inicio = alea.int(0, compartilhados.length - n);
  const ids = compartilhados.slice(inicio, inicio + n).map((l) => l.id);
  return alea.int(0, 1) ? ids.reverse() : ids;
}

type TResultado = { escritor: string; status: number; corpo: string };

/**
 * A browser that asks again when the server answers 503 ('tente novamente em instantes'), as a person would: on a
 * loaded 2-core machine twenty writers and their jobs can wait longer than the pool's 5 s for a connection. Such a
 * request did nothing (it never got a connection), and waiting is not what this test is about: deadlocks are. The
 * gateway does the same with a webhook answered 503.
 */
async function ateSemEspera(pedir: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  for (let i = 1; ; i++) {
    const r = await pedir();
    if (r.statusCode !== 503 || i >= 20) return r;
    await new Promise((ok) => setTimeout(ok, 100 * i));
  }
}
function insistente(nav: TNavegador): TNavegador {
  return { ...nav, req: (opts) => ateSemEspera(() => nav.req(opts)) };
}

describe("twenty concurrent writers of one company", () => {
  it("finish with no deadlock and no serialization failure, and every write lands", async () => {
    const respostas: TResultado[] = [];
    const anotar = (escritor: string, r: LightMyRequestResponse) => {
      respostas.push({ escritor, status: r.statusCode, corpo: r.body.slice(0, 300) });
      return r;
    };
    const importados: number[] = [];
    const mensagensEnviadas: string[] = [];
    const admin = insistente(a.navegadores.admin);

    const escritores: (() => Promise<void>)[] = [];
    // 2 CSV imports (each of new phones, in one job)
    for (let w = 0; w < 2; w++)
      escritores.push(async () => {
        for (let r = 0; r < RODADAS / 2; r++) {
          const linhas = Array.from(
            { length: 40 },
            (_, i) => `Importado ${w}-${r}-${i},(21) 9${w}${r}${String(i).padStart(6, "0")},Carro,30000,900,10,Revisar`,
          );
          const res = anotar("importação", await importarCsv(admin, [CABECALHO_CSV, ...linhas].join("\n")));
          if (res.statusCode !== 202) continue;
          let importacao: TImportacaoLeads | null = null;
          while (importacao?.status !== "concluida" && importacao?.status !== "falhou") {
            await new Promise((ok) => setTimeout(ok, 50));
            const lida = anotar("importação (acompanhar)", await admin.req({ url: `/api/leads/importacoes/${res.json().id}` }));
            if (lida.statusCode === 200) importacao = lida.json();
          }
          expect(importacao?.status, importacao?.erro ?? "").toBe("concluida");
          importados.push(importacao?.inseridos ?? 0);
        }
      });
    // 4 bulk status changes of overlapping sets (won and lost included: every summary moves)
    for (let w = 0; w < 4; w++)
      escritores.push(async () => {
        const alea = criarAleatorio(100 + w);
        for (let r = 0; r < RODADAS; r++) {
          const status = ["Em Negociação", "Convertido (Ganho)", "Perdido", "Em Atendimento"][alea.int(0, 3)];
          const ids = amostra(alea, 60);
          anotar(
            "status em massa",
            await admin.req({ method: "POST", url: "/api/leads/em-massa", payload: { acao: "status", ids, status } }),
          );
        }
      });
    // 2 bulk assignments of overlapping sets
    for (let w = 0; w < 2; w++)
      escritores.push(async () => {
        const alea = criarAleatorio(200 + w);
        for (let r = 0; r < RODADAS; r++) {
          const ids = amostra(alea, 50);
          const consultorId = r % 3 === 2 ? null : consultores[alea.int(0, consultores.length - 1)];
          anotar(
            "atribuição em massa",
            await admin.req({ method: "POST", url: "/api/leads/em-massa", payload: { acao: "atribuir", ids, consultorId } }),
          );
        }
      });
    // 2 bulk deletes and 1 single delete, each of its own leads
    for (let w = 0; w < 3; w++)
      escritores.push(async () => {
        const meus = paraExcluir[w];
        const porVez = w === 2 ? 1 : meus.length / RODADAS;
        for (let r = 0; r * porVez < meus.length && r < (w === 2 ? 12 : RODADAS); r++) {
          const ids = meus.slice(r * porVez, (r + 1) * porVez);
          const res =
            w === 2
              ? await admin.req({ method: "DELETE", url: `/api/leads/${ids[0]}` })
              : await admin.req({ method: "POST", url: "/api/leads/em-massa", payload: { acao: "excluir", ids } });
          anotar("exclusão", res);
        }
      });
    // 4 webhook senders: batches of messages from new numbers (leads created, screened by the AI) and known ones
    for (let w = 0; w < 4; w++)
      escritores.push(async () => {
        const alea = criarAleatorio(300 + w);
        for (let r = 0; r < RODADAS; r++) {
          const lote = Array.from({ length: 5 }, (_, i) => {
            const id = `3EB0C${w}R${r}M${i}`;
            mensagensEnviadas.push(id);
            const de =
              i % 2
                ? compartilhados[alea.int(0, compartilhados.length - 1)].telefone
                : `55319${w}${r}${String(i).padStart(6, "0")}`;
            return evolutionTexto({
              instancia: gw.instancia,
              apiKey: null,
              de,
              id,
              nome: "Cliente",
              texto: "Quero revisar meu contrato",
            });
          });
          const enviados = await Promise.all(
            lote.map((p) =>
              ateSemEspera(() =>
                t.app.inject({
                  method: "POST",
                  url: webhook,
                  headers: { "content-type": "application/json" },
                  payload: JSON.stringify(p),
                }),
              ),
            ),
          );
          for (const res of enviados) anotar("webhook", res);
        }
      });
    // 2 chat status changes and 2 single status changes (the board's and the list's route)
    for (let w = 0; w < 2; w++)
      escritores.push(async () => {
        const alea = criarAleatorio(400 + w);
        for (let r = 0; r < RODADAS * 2; r++) {
          const lead = compartilhados[alea.int(0, compartilhados.length - 1)].id;
          const acao = ACOES_STATUS_CHAT[alea.int(0, ACOES_STATUS_CHAT.length - 1)].acao;
          // 'Agendar Retorno' asks for its date and time (decision 1831): tomorrow, a task with it
          const retorno = { vence_em: new Date(Date.now() + 86_400_000).toISOString() };
          anotar(
            "status no chat",
            await admin.req({ method: "POST", url: `/api/chat/${lead}/status`, payload: { acao, retorno } }),
          );
        }
      });
    for (let w = 0; w < 2; w++)
      escritores.push(async () => {
        const alea = criarAleatorio(500 + w);
        for (let r = 0; r < RODADAS * 2; r++) {
          const lead = compartilhados[alea.int(0, compartilhados.length - 1)].id;
          const status = STATUS_LEAD[alea.int(5, 12)];
          anotar(
            "status de um lead",
            await admin.req({ method: "PATCH", url: `/api/leads/${lead}/status`, payload: { status } }),
          );
        }
      });
    expect(escritores.length).toBe(19); // and the AI screening's job, applying decisions to the new leads: 20

    // PostgreSQL's own count of the deadlocks it broke in this database, jobs included
    const deadlocks = async () =>
      Number(
        await t.dono
          .query("SELECT pg_stat_clear_snapshot(); SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()")
          .then((r) => (r as unknown as { rows: { deadlocks: string }[] }[])[1].rows[0].deadlocks),
      );
    const deadlocksAntes = await deadlocks();
    await Promise.all(escritores.map((e) => e()));
    await esperarFilasOciosas(t.dono, {
      // a job retried after a connection wait (a loaded machine) is waited for too: it must still land
      ms: 120_000,
      filas: [FILA_ENTRADA.nome, FILA_TRIAGEM.nome, FILA_IMPORTACAO.nome],
    }).catch(async (e) => {
      const { rows } = await t.dono.query(
        "SELECT name, state, retry_count, start_after - now() AS em, output FROM pgboss.job WHERE state IN ('active', 'created', 'retry')",
      );
      const atividade = await t.dono.query(
        "SELECT application_name, state, wait_event_type, wait_event, pg_blocking_pids(pid) AS b, pid, left(query, 200) AS q FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      throw new Error(`${(e as Error).message}: ${JSON.stringify(rows)} ${JSON.stringify(atividade.rows, null, 1)}`);
    });

    // no request failed, none was run again by the guard, and PostgreSQL broke no deadlock anywhere (a job that
    // failed for another reason — a connection wait on a loaded machine — is retried and must still land, below)
    expect(respostas.filter((r) => r.status >= 300)).toEqual([]);
    expect(conflitos).toEqual([]);
    expect(await deadlocks()).toBe(deadlocksAntes);

    // every write landed: imported rows, deletions, every message stored, every new number screened
    const contar = async (sql: string, p: unknown[] = [a.empresa.id]) =>
      Number((await t.dono.query(sql.replace("$E", "$1"), p)).rows[0].n);
    expect(importados).toEqual(Array(RODADAS).fill(40));
    expect(await contar("SELECT count(*) AS n FROM leads_juros_check WHERE id_empresa_fk = $1 AND nome LIKE 'Importado %'")).toBe(
      240,
    );
    const excluidos = [...paraExcluir[0], ...paraExcluir[1], ...paraExcluir[2].slice(0, 12)];
    expect(await contar("SELECT count(*) AS n FROM leads_juros_check WHERE id = ANY ($1::uuid[])", [excluidos])).toBe(0);
    expect(
      await contar(
        "SELECT count(DISTINCT provider_message_id) AS n FROM mensagens_whatsapp WHERE provider_message_id = ANY ($1)",
        [mensagensEnviadas],
      ),
    ).toBe(mensagensEnviadas.length);
    expect(
      await contar(
        "SELECT count(*) AS n FROM leads_juros_check l WHERE id_empresa_fk = $1 AND telefone_normalizado LIKE '55319%' AND NOT EXISTS (SELECT 1 FROM triagens_ia t WHERE t.id_lead_fk = l.id)",
      ),
    ).toBe(0);

    // and the summaries kept by the write path still equal the rows they count
    const { rows: diferencas } = await t.dono.query(
      `WITH r AS (SELECT leads_dia_sp(created_at) AS dia, status_lead, count(*)::int AS n FROM leads_juros_check
                   WHERE id_empresa_fk = $1 GROUP BY 1, 2),
            s AS (SELECT dia, status_lead, n FROM leads_contagem_diaria WHERE id_empresa_fk = $1 AND n <> 0)
       SELECT * FROM (SELECT * FROM r EXCEPT SELECT * FROM s) x UNION ALL SELECT * FROM (SELECT * FROM s EXCEPT SELECT * FROM r) y`,
      [a.empresa.id],
    );
    expect(diferencas).toEqual([]);
  }, 300_000);
});

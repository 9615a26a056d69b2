import { ehId } from "@crm/domain/schemas/id";
import type { LightMyRequestResponse } from "fastify";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { COOKIE_SESSAO } from "../src/auth/sessions.js";
import { chaveRota, montarUrl, rotasDaApi, type TParte, type TRota } from "./api-routes.js";
import { type TNavegador, useTestApp } from "./app.js";
import { checksumDaEmpresa, checksumEstavel, conexaoDono, diferencas, esperarFilas, linhasDaEmpresa } from "./company-rows.js";
import { emParalelo, multipart, semearEmpresa, textoDaResposta } from "./cross-tenant-support.js";
import { criarEmpresaComUsuarios, entrar, type TEmpresaComUsuarios } from "./factories.js";
import { camposDe, ehArray, ehUuid, exemplos, nomeDeId } from "./zod-examples.js";

/**
 * The cross-tenant probe (decision 0003): every /api route of the built app × every role of company B, with company A's ids
 * in the path, the query string and the body (fields named like ids, and every uuid-typed field of the route's zod
 * schema) → no response carries any of A's ids or texts, and A's rows (checksum read as the owner) are unchanged.
 */

const t = useTestApp();

/** Routes known today (2026-05): the enumeration must find at least these many, or it is broken. */
const MINIMO_DE_ROTAS = 90;
const PAPEIS_B = ["admin", "consultor", "juridico"] as const;

/**
 * Routes the probe calls but whose input it cannot make valid, so their handler is not reached with A's ids;
 * each with the reason. The test fails if a route is added to (or leaves) this set without being listed here.
 */
const NAO_ALCANCADAS: Record<string, string> = {
  "PATCH /api/v1/leads/:id": "authenticated by an API key, not a session: B's people get 401 before any input is read",
  "POST /api/v1/campanhas":
    "authenticated by an API key (401 to B's people); its body is the campaign form the generator does not build; api-v1/cross-tenant.test.ts probes every /api/v1 operation with B's key",
  "POST /api/v1/webhooks/:id/reenvio-falhas":
    "authenticated by an API key (401 to B's people) and needs a period body; api-v1/cross-tenant.test.ts probes it with B's key and A's endpoint",
  "POST /api/campanhas":
    "company B already has its seeded campaign in progress (one per number, decision 1891), so B's admin gets 409 before planning; POST /api/campanhas/publico plans the same audience SELECT with A's ids in the filters",
  "POST /api/empresa/webhooks/:id/reenviar-falhas":
    "needs a period body the probe's generator does not build; B's admin gets 404 for A's endpoint on the other webhook routes",
  "POST /api/publico/privacidade/:empresaId/confirmar":
    "needs a 6-digit code the probe's generator does not build; privacy-requests.test.ts has another company's page refuse A's protocol",
  "GET /api/publico/privacidade/:empresaId/pacote/:token":
    "needs a 43-character link token the probe's generator does not build; access-package.test.ts has another company's address refuse A's token",
  "GET /api/publico/privacidade/:empresaId/pacote/:token/arquivo":
    "the same link's file (access-package.test.ts: 404 under B's address)",
  "PUT /api/empresa/horario":
    "takes no id (the company is the session's) and seven 'HH:MM' days the generator does not build; business-hours.test.ts saves one company's hours and reads the other's unchanged",
};

/**
 * Public pages of one company by design (no sign-in; the address names the company): anybody may read them and file
 * a request there, so calling them with A's id proves nothing about isolation and files requests in A. The probe
 * calls them with B's own company id instead, so their answers are still searched for A's data; the privacy tests
 * (privacy-requests.test.ts) check that one company's page knows nothing of another's requests.
 */
const PUBLICAS_DA_EMPRESA: Record<string, string> = {
  "GET /api/publico/privacidade/:empresaId": "the company's privacy page (decision 1824)",
  "POST /api/publico/privacidade/:empresaId/pedidos": "its request form",
  "POST /api/publico/privacidade/:empresaId/confirmar": "its code confirmation",
  "GET /api/publico/privacidade/:empresaId/pacote/:token": "a titular's package link (decision 1866)",
  "GET /api/publico/privacidade/:empresaId/pacote/:token/arquivo": "its file",
};

/** Which of A's tables an id slot points at, by the slot's name (or, for `id`, by the url segment before it). */
const PALAVRAS: [RegExp, string][] = [
  [/ropa/i, "ropa_versoes"],
  [/prazos-modelos/i, "prazos_modelos"],
  [/chaves-api/i, "chaves_api"],
  [/prazo/i, "prazos_processo"],
  [/tarefa/i, "tarefas_lead"],
  [/agendamento/i, "mensagens_agendadas"],
  [/pedidos/i, "privacidade_pedidos"],
  [/incidente/i, "privacidade_incidentes"],
  [/campanhas/i, "campanhas_whatsapp"],
  [/etiqueta/i, "etiquetas"],
  [/respostas-rapidas/i, "respostas_rapidas"],
  [/feriado/i, "feriados_empresa"],
  [/importa/i, "importacoes_leads"],
  [/modelo/i, "modelos_mensagem"],
  [/triage/i, "triagens_ia"],
  [/convite/i, "convites"],
  [/juridic/i, "profissionais_juridicos"],
  [/notifica/i, "notificacoes"],
  [/sess/i, "auth_sessoes"],
  [/hist/i, "lead_status_historico"],
  [/mensage/i, "mensagens_whatsapp"],
  [/lead/i, "leads_juros_check"],
  [/consultor/i, "consultores"],
  [/usuario/i, "usuarios_plataforma"],
  [/empresa/i, "empresas"],
  [/fatura/i, "faturas"],
  [/document/i, "documentos"],
  [/custo/i, "custos_marketing"],
];

type TSlot = { parte: TParte; caminho: string[]; arr: boolean; tabelas: string[] };

type TA = {
  /** ids of A's rows by table */
  ids: Map<string, string[]>;
  /** A's messages with their lead: a request naming both gets each real pair (a media file is behind one) */
  pares: { mensagem: string; lead: string }[];
  /** every id and every distinctive text of A's rows, lower-cased */
  segredos: string[];
};

let A: TEmpresaComUsuarios;
let B: TEmpresaComUsuarios;
let dono: pg.Client;
let dadosA: TA;
let somaAntes: Record<string, string>;

const DATA = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?)?$/;

/** Strings of a row (deep), for the list of A's secrets. */
function textosDe(v: unknown, out: Set<string>) {
  if (typeof v === "string") out.add(v);
  else if (Array.isArray(v)) for (const x of v) textosDe(x, out);
  else if (v && typeof v === "object") for (const x of Object.values(v)) textosDe(x, out);
}

async function lerDadosA(): Promise<TA> {
  const linhas = await linhasDaEmpresa(dono, A.empresa.id);
  const fora = new Set<string>();
  for (const rows of (await linhasDaEmpresa(dono, A.empresa.id, true)).values()) textosDe(rows, fora);
  const ids = new Map<string, string[]>();
  const segredos = new Set<string>();
  for (const [tabela, rows] of linhas) {
    const doA = new Set<string>();
    // empresas_busca (0031) holds suffixes of A's name and email: those are A's secrets whole, a fragment is not
    if (tabela !== "empresas_busca") textosDe(rows, doA);
    for (const s of doA) {
      if (fora.has(s)) continue; // shared vocabulary (statuses, plan names, default texts): not A's
      if (ehId(s) || (s.length >= 8 && !DATA.test(s) && !/^[\d.,\s-]+$/.test(s))) segredos.add(s.toLowerCase());
    }
    ids.set(
      tabela,
      (rows as { id?: unknown }[]).map((r) => r.id).filter((id): id is string => typeof id === "string"),
    );
  }
  const pares = (linhas.get("mensagens_whatsapp") as { id: string; id_lead_fk: string }[]).map((m) => ({
    mensagem: m.id,
    lead: m.id_lead_fk,
  }));
  // the file behind A's media message is not a row: its text is named here (semearEmpresa writes it)
  segredos.add("alfa extrato sigiloso");
  return { ids, segredos: [...segredos], pares };
}

function tabelasDoNome(nome: string, rota: TRota, parte: TParte): string[] {
  let chave = nome;
  if (/^(id|ids)$/i.test(nome)) {
    // /leads/:id/status → 'leads'; a body's ids → the route's last static segment
    const segs = rota.url.split("/").filter(Boolean);
    const i = parte === "params" ? segs.indexOf(`:${nome}`) : segs.length;
    chave = segs
      .slice(0, i)
      .filter((s) => !s.startsWith(":"))
      .slice(-1)[0];
  }
  const achada = PALAVRAS.find(([re]) => re.test(chave ?? ""));
  if (achada && dadosA.ids.get(achada[1])?.length) return [achada[1]];
  // unknown: A's id of every table, one request each (brute substitution)
  return [...dadosA.ids.entries()].filter(([, v]) => v.length).map(([k]) => k);
}

/** Id slots of an example value built from the schema (nested objects and arrays of objects included). */
function slotsDe(s: z.ZodType, valor: unknown, parte: TParte, rota: TRota, caminho: string[] = []): TSlot[] {
  if (!valor || typeof valor !== "object" || Array.isArray(valor)) return [];
  const campos = camposDe(s);
  const out: TSlot[] = [];
  for (const [k, campo] of Object.entries(campos)) {
    if (!(k in (valor as object))) continue;
    if (nomeDeId(k) || ehUuid(campo))
      out.push({ parte, caminho: [...caminho, k], arr: ehArray(campo), tabelas: tabelasDoNome(k, rota, parte) });
    else out.push(...slotsDe(campo, (valor as Record<string, unknown>)[k], parte, rota, [...caminho, k]));
  }
  return out;
}

function colocar(obj: Record<string, unknown>, caminho: string[], v: unknown) {
  let o = obj;
  for (const k of caminho.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[caminho[caminho.length - 1]] = v;
}

type TPedidoSonda = {
  rota: TRota;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  multipart?: boolean;
  /** the route's own schemas accept this input: the handler is reached */
  valido: boolean;
};

const texto = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/** The requests of one route: each id slot gets A's id of each table it may point at. */
function pedidosDaRota(rota: TRota): TPedidoSonda[] {
  const incluir = (k: string, c: z.ZodType) => nomeDeId(k) || ehUuid(c);
  const params = Object.fromEntries(
    rota.parametros.map((p) => {
      const campo = camposDe(rota.schema.params)[p];
      return [p, campo ? texto(exemplos(campo)[0]) : "x"];
    }),
  );
  const query = (rota.schema.querystring ? exemplos(rota.schema.querystring, incluir)[0] : {}) as Record<string, unknown>;
  const corpos = rota.schema.body ? exemplos(rota.schema.body, incluir) : [undefined];
  const pedidos: TPedidoSonda[] = [];
  const semCorpo = !rota.schema.body && ["POST", "PUT", "PATCH"].includes(rota.method);
  for (const corpo of corpos) {
    const slots: TSlot[] = [
      ...rota.parametros
        .filter((p) => nomeDeId(p) || (camposDe(rota.schema.params)[p] && ehUuid(camposDe(rota.schema.params)[p])))
        .map((p) => ({ parte: "params" as const, caminho: [p], arr: false, tabelas: tabelasDoNome(p, rota, "params") })),
      ...slotsDe(rota.schema.querystring as z.ZodType, query, "querystring", rota),
      ...(rota.schema.body ? slotsDe(rota.schema.body, corpo, "body", rota) : []),
    ];
    const slotLead = slots.find((s) => !s.arr && s.tabelas.length === 1 && s.tabelas[0] === "leads_juros_check");
    const slotMensagem = slots.find((s) => !s.arr && s.tabelas.length === 1 && s.tabelas[0] === "mensagens_whatsapp");
    const pares = slotLead && slotMensagem ? dadosA.pares : [];
    const n = Math.max(1, pares.length, ...slots.map((s) => s.tabelas.length));
    for (let i = 0; i < n; i++) {
      const p = { ...params };
      const q = structuredClone(query);
      const b = structuredClone(corpo) as Record<string, unknown>;
      for (const s of slots) {
        const tabela = s.tabelas[Math.min(i, s.tabelas.length - 1)];
        const ids = dadosA.ids.get(tabela) ?? [];
        const par = pares[Math.min(i, pares.length - 1)];
        const v = PUBLICAS_DA_EMPRESA[chaveRota(rota)]
          ? B.empresa.id
          : s.arr
            ? ids
            : s === slotLead && par
              ? par.lead
              : s === slotMensagem && par
                ? par.mensagem
                : ids[0];
        if (s.parte === "params") p[s.caminho[0]] = v as string;
        else if (s.parte === "querystring") colocar(q, s.caminho, v);
        else colocar(b, s.caminho, v);
      }
      const qs = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, texto(v)]));
      const valido =
        (!rota.schema.params || rota.schema.params.safeParse(p).success) &&
        (!rota.schema.querystring || rota.schema.querystring.safeParse(qs).success) &&
        (!rota.schema.body || rota.schema.body.safeParse(b).success);
      pedidos.push({ rota, params: p, query: qs, body: b, valido });
      if (semCorpo) pedidos.push({ rota, params: p, query: qs, body: undefined, multipart: true, valido });
    }
    // text searches: A's names looked up by B
    for (const [k, campo] of Object.entries(camposDe(rota.schema.querystring))) {
      if (!/^(q|busca|nome|texto)$/i.test(k) || tipoTexto(campo) === false) continue;
      const nome = A.empresa.nome_empresa;
      const leadA = dadosA.segredos.find((s) => s.includes("alfa cliente")) ?? nome;
      const qs = Object.fromEntries(Object.entries({ ...query, [k]: leadA }).map(([kk, v]) => [kk, texto(v)]));
      pedidos.push({ rota, params, query: qs, body: corpo, valido: rota.schema.querystring?.safeParse(qs).success ?? true });
    }
  }
  return pedidos;
}

const tipoTexto = (s: z.ZodType) => s.safeParse("abc").success;

function corpoMultipart(): { payload: Buffer; headers: Record<string, string> } {
  const leadA = dadosA.ids.get("leads_juros_check")?.[0] ?? "";
  return multipart(
    { tipo: "document", legenda: "sonda", leadId: leadA, empresaId: A.empresa.id, telefone: "(11) 98765-4321" },
    { nome: "sonda.csv", dados: Buffer.from(`nome,telefone\nSonda,${leadA}\n`), mime: "text/csv" },
  );
}

type TResultado = { rota: string; papel: string; status: number; valido: boolean; vazou: string[]; corpo: string };

async function enviar(nav: TNavegador, p: TPedidoSonda): Promise<LightMyRequestResponse> {
  const url = montarUrl(p.rota, p.params);
  const extra = p.multipart
    ? corpoMultipart()
    : p.body === undefined
      ? {}
      : { payload: p.body as object, headers: { "content-type": "application/json" } };
  // from outside, as an attacker would call: loopback-only conveniences do not apply
  return nav.req({ method: p.rota.method as "GET", url, query: p.query, remoteAddress: "203.0.113.10", ...extra });
}

describe("sonda entre empresas: cada rota × cada papel da empresa B, com os ids da empresa A", () => {
  const resultados: TResultado[] = [];
  let rotas: TRota[];
  let reentradas = 0;
  let duracaoMs = 0;

  beforeAll(async () => {
    dono = await conexaoDono(t);
    A = await criarEmpresaComUsuarios(t, { nome_empresa: "Alfa Revisões Sigilosas Ltda" });
    B = await criarEmpresaComUsuarios(t, { nome_empresa: "Beta Revisões Ltda" });
    // B gets the same kind of rows: shared vocabulary (statuses, default texts) then is not taken for A's
    await Promise.all([semearEmpresa(t, A, "Alfa"), semearEmpresa(t, B, "Beta")]);
    // what the seeding queued (a conversion's deadline chain and its notices) is done in both companies before A's
    // texts are read: a notice B gets later is shared vocabulary too
    await esperarFilas(dono);
    dadosA = await lerDadosA();
    somaAntes = await checksumEstavel(dono, A.empresa.id);
    rotas = rotasDaApi(t);

    const inicio = performance.now();
    await Promise.all(
      PAPEIS_B.map(async (papel) => {
        const nav = B.navegadores[papel];
        const pedidos = rotas.flatMap(pedidosDaRota);
        // sign-out and session-ending routes last, so the rest run signed in
        pedidos.sort((x, y) => Number(/logout|sessoes/.test(x.rota.url)) - Number(/logout|sessoes/.test(y.rota.url)));
        await emParalelo(pedidos, 2, async (p) => {
          const res = await enviar(nav, p);
          const corpo = `${JSON.stringify(res.headers)}\n${await textoDaResposta(res)}`.toLowerCase();
          resultados.push({
            rota: chaveRota(p.rota),
            papel,
            status: res.statusCode,
            valido: p.valido,
            vazou: dadosA.segredos.filter((s) => corpo.includes(s)),
            corpo: corpo.slice(0, 300),
          });
          if (!nav.cookies.has(COOKIE_SESSAO)) {
            reentradas++;
            await entrar(nav, B.usuarios[papel].email);
          }
        });
      }),
    );
    duracaoMs = performance.now() - inicio;
  }, 180_000);

  afterAll(async () => {
    await dono?.end();
  });

  it("a tabela de rotas vem do app montado e cobre todas as rotas conhecidas", () => {
    expect(rotas.length).toBeGreaterThanOrEqual(MINIMO_DE_ROTAS);
    // every route was called by every role of B
    for (const r of rotas)
      for (const papel of PAPEIS_B)
        expect(
          resultados.some((x) => x.rota === chaveRota(r) && x.papel === papel),
          `${chaveRota(r)} × ${papel}`,
        ).toBe(true);
    const porStatus: Record<number, number> = {};
    for (const r of resultados) porStatus[r.status] = (porStatus[r.status] ?? 0) + 1;
    // the probe means something only if B is signed in: most answers are B's own data or a 404, not 401/403
    expect(porStatus[401] ?? 0).toBeLessThan(resultados.length / 4);
    console.info(
      `sonda: respostas por status ${JSON.stringify(porStatus)}; ${rotas.length} rotas, ${resultados.length} pedidos (${reentradas} novas entradas após logout), ` +
        `${Math.round(duracaoMs)} ms; ${dadosA.segredos.length} ids e textos da empresa A procurados`,
    );
  });

  it("controle: os mesmos pedidos feitos pelo admin de A acham os dados de A (o detector e a troca de ids funcionam)", async () => {
    const controles = ["GET /api/leads", "GET /api/chat/:leadId", "GET /api/chat/:leadId/mensagens/:mensagemId/midia"];
    for (const chave of controles) {
      const rota = rotas.find((r) => chaveRota(r) === chave);
      expect(rota, chave).toBeDefined();
      let achou = false;
      for (const p of pedidosDaRota(rota as TRota)) {
        const res = await enviar(A.navegadores.admin, p);
        const corpo = `${JSON.stringify(res.headers)}\n${await textoDaResposta(res)}`.toLowerCase();
        if (dadosA.segredos.some((s) => corpo.includes(s))) achou = true;
      }
      expect(achou, chave).toBe(true);
    }
  });

  it("nenhuma resposta traz ids ou textos da empresa A", () => {
    const vazamentos = resultados
      .filter((r) => r.vazou.length)
      .map((r) => `${r.rota} (${r.papel}, ${r.status}): ${r.vazou.join(", ")}`);
    expect(vazamentos).toEqual([]);
  });

  it("nenhuma resposta é 5xx", () => {
    const falhas = resultados.filter((r) => r.status >= 500).map((r) => `${r.rota} (${r.papel}): ${r.status} ${r.corpo}`);
    expect(falhas).toEqual([]);
  });

  it("os dados da empresa A não mudaram (checksum das linhas de cada tabela)", async () => {
    expect(diferencas(somaAntes, await checksumDaEmpresa(dono, A.empresa.id))).toEqual([]);
  });

  it("cada rota recebeu os ids de A numa entrada válida, salvo as listadas com o motivo", () => {
    const alcancadas = new Set(resultados.filter((r) => r.valido).map((r) => r.rota));
    const nao = rotas.map(chaveRota).filter((k) => !alcancadas.has(k));
    expect(Object.fromEntries(nao.map((k) => [k, NAO_ALCANCADAS[k] ?? "?"]))).toEqual(NAO_ALCANCADAS);
  });
});

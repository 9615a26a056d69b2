import { ESPECIALIDADES_JURIDICAS } from "@crm/domain/status";
import { CATEGORIAS_MODELO } from "@crm/domain/templates";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import type { z } from "zod";
import type { TRotaApi } from "../src/app.js";
import { withDatabase } from "../src/db/pool.js";
import { unsafeWithSystem } from "../src/db/tenant.js";
import { CABECALHO_CSV, importarCsvAteOFim } from "../src/leads/test-helpers.js";
import { registrarTriagem } from "../src/screening/testing.js";
import { esperarAte } from "../src/whatsapp/testing/wait.js";
import type { TNavegador, TTestApp } from "./app.js";
import {
  criarCustoMarketing,
  criarFatura,
  criarLead,
  criarMensagem,
  criarNotificacao,
  criarProfissionalJuridico,
  type TEmpresaComUsuarios,
} from "./factories.js";

/**
 * What the cross-tenant probe and the fuzz pass share: the route table read from the built app (app.rotasApi, filled
 * by an onRoute hook, so a new route is walked without editing a test), valid examples built from the routes' zod
 * schemas, and a checksum of one company's rows read as the database owner (behind RLS's back).
 */

// ---------------------------------------------------------------- the route table

export type TParte = "params" | "querystring" | "body";

export type TRota = {
  method: string;
  url: string;
  /** `:name` segments of the url, in order */
  parametros: string[];
  publica: boolean;
  permissao: string | null;
  schema: Partial<Record<TParte, z.ZodType>>;
};

export const chaveRota = (r: Pick<TRota, "method" | "url">) => `${r.method} ${r.url}`;

/** Every /api route of the built app (HEAD copies of GET routes left out). */
export function rotasDaApi(t: TTestApp): TRota[] {
  const lista = (t.app as unknown as { rotasApi: TRotaApi[] }).rotasApi;
  if (!Array.isArray(lista)) throw new Error("app.rotasApi ausente: o registro de rotas de app.ts sumiu?");
  const vistas = new Set<string>();
  const rotas: TRota[] = [];
  for (const r of lista) {
    if (r.method === "HEAD" || vistas.has(chaveRota(r))) continue;
    vistas.add(chaveRota(r));
    const s = (r.schema ?? {}) as Partial<Record<TParte, z.ZodType>>;
    rotas.push({
      method: r.method,
      url: r.url,
      parametros: [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]),
      publica: !!r.config.publica,
      permissao: (r.config.permissao as string | undefined) ?? null,
      schema: { params: s.params, querystring: s.querystring, body: s.body },
    });
  }
  return rotas.sort((a, b) => chaveRota(a).localeCompare(chaveRota(b)));
}

/** The url with each `:param` replaced (values are percent-encoded unless `cru`). */
export function montarUrl(r: TRota, valores: Record<string, string>, cru = false): string {
  return r.url.replace(/:([A-Za-z0-9_]+)/g, (_m, p: string) => (cru ? valores[p] : encodeURIComponent(valores[p] ?? "x")));
}

// ---------------------------------------------------------------- zod introspection (zod 4 internals, read only)

type TDef = { type: string; [k: string]: unknown };
const defDe = (s: unknown): TDef => (s as { _zod: { def: TDef } })._zod.def;

/** The schema a value must satisfy, past optional/default/nullable wrappers and towards a pipe's input. */
export function nucleo(s: z.ZodType): z.ZodType {
  let atual = s;
  for (let i = 0; i < 20; i++) {
    const d = defDe(atual);
    if (["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional", "success"].includes(d.type))
      atual = d.innerType as z.ZodType;
    else if (d.type === "lazy") atual = (d.getter as () => z.ZodType)();
    else if (d.type === "pipe") {
      const entrada = d.in as z.ZodType;
      // z.preprocess(fn, schema) is a pipe from a transform: the schema is on the way out
      atual = defDe(entrada).type === "transform" ? (d.out as z.ZodType) : entrada;
    } else return atual;
  }
  return atual;
}

export const tipoDe = (s: z.ZodType) => defDe(nucleo(s)).type;

/** Fields of an object schema (or of each option of a union of objects, merged). */
export function camposDe(s: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!s) return {};
  const n = nucleo(s);
  const d = defDe(n);
  if (d.type === "object") return d.shape as Record<string, z.ZodType>;
  if (d.type === "union") return Object.assign({}, ...(d.options as z.ZodType[]).map(camposDe));
  if (d.type === "intersection") return { ...camposDe(d.left as z.ZodType), ...camposDe(d.right as z.ZodType) };
  return {};
}

/** A uuid/guid string, or an array of them. */
export function ehUuid(s: z.ZodType): boolean {
  const d = defDe(nucleo(s));
  if (d.type === "array") return ehUuid(d.element as z.ZodType);
  return d.type === "string" && (d.format === "uuid" || d.format === "guid");
}

export const ehArray = (s: z.ZodType) => tipoDe(s) === "array";

/** Optional at the top (absent is fine). */
export function opcional(s: z.ZodType): boolean {
  return (s as unknown as { safeParse: (v: unknown) => { success: boolean } }).safeParse(undefined).success;
}

/** A field that holds an id, by its name: id, ids, leadId, consultorIds, id_lead_fk, lead_id… */
export const nomeDeId = (nome: string) => /^(id|ids)$|Ids?$|_ids?$|_fk$/.test(nome);

const TEXTOS_CANDIDATOS = [
  "Teste Sonda",
  "sonda.teste@exemplo.com.br",
  "(11) 98765-4321",
  "11987654321",
  "2026-01-15",
  "2026-01-15T10:00:00.000Z",
  "https://exemplo.com.br",
  "Senha@Forte123",
  "v25.0",
  "pt_BR",
  "a".repeat(64),
  "0".repeat(64),
  "123e4567-e89b-42d3-a456-426614174000",
  "x",
];

const passa = (s: z.ZodType, v: unknown) => s.safeParse(v).success;

/**
 * Example values that satisfy `s`: one per option of a union (the variants of a body, e.g. each bulk action), else
 * one. Optional fields are left out unless `incluir(nome, schema)` asks for them.
 */
export function exemplos(s: z.ZodType, incluir: (nome: string, s: z.ZodType) => boolean = () => false, prof = 0): unknown[] {
  const gerados = gerar(s, incluir, prof);
  // a transform or refinement around the core may still refuse the example: try the usual shapes of input
  return gerados.map((v) => (passa(s, v) ? v : (CANDIDATOS.find((c) => passa(s, c)) ?? v)));
}

const CANDIDATOS: unknown[] = [...TEXTOS_CANDIDATOS, "100", "R$ 1.000,00", 1, 100, 1000, 0, true, false, null, [], {}];

function gerar(s: z.ZodType, incluir: (nome: string, s: z.ZodType) => boolean, prof: number): unknown[] {
  if (prof > 8) return [undefined];
  const n = nucleo(s);
  const d = defDe(n);
  switch (d.type) {
    case "object": {
      const obj: Record<string, unknown> = {};
      for (const [k, campo] of Object.entries(d.shape as Record<string, z.ZodType>)) {
        if (opcional(campo) && !incluir(k, campo)) continue;
        obj[k] = exemplos(campo, incluir, prof + 1)[0];
      }
      return [obj];
    }
    case "union":
      return (d.options as z.ZodType[]).flatMap((o) => exemplos(o, incluir, prof + 1));
    case "intersection":
      return [
        {
          ...(exemplos(d.left as z.ZodType, incluir, prof + 1)[0] as object),
          ...(exemplos(d.right as z.ZodType, incluir, prof + 1)[0] as object),
        },
      ];
    case "array": {
      const um = exemplos(d.element as z.ZodType, incluir, prof + 1)[0];
      return [passa(n, [um]) ? [um] : []];
    }
    case "string":
      return [TEXTOS_CANDIDATOS.find((c) => passa(n, c)) ?? "Teste"];
    case "number":
    case "int":
      return [[1, 100, 0, 0.5, 1000, 2000].find((c) => passa(n, c)) ?? 1];
    case "bigint":
      return [1n];
    case "boolean":
      return [true];
    case "enum":
      return [Object.values(d.entries as Record<string, unknown>)[0]];
    case "literal":
      return [(d.values as unknown[])[0]];
    case "record":
      return [{}];
    case "null":
      return [null];
    case "date":
      return [new Date("2026-01-15T10:00:00Z")];
    case "tuple":
      return [(d.items as z.ZodType[]).map((i) => exemplos(i, incluir, prof + 1)[0])];
    default:
      return ["Teste"];
  }
}

// ---------------------------------------------------------------- one company's rows, as the owner sees them

/** A superuser connection to the test file's database (the app's pools run as crm_app, under RLS). */
export async function conexaoDono(t: TTestApp): Promise<pg.Client> {
  const { rows } = await t.deps.db.app.query("SELECT current_database() AS nome");
  const c = new pg.Client({ connectionString: withDatabase(inject("pgAdminUrl"), rows[0].nome) });
  await c.connect();
  return c;
}

/** Tables that hold one company's rows: those with id_empresa_fk, and those owned by a user (sessions, tokens). */
export async function tabelasDeEmpresa(dono: pg.Client): Promise<{ porEmpresa: string[]; porUsuario: string[] }> {
  const { rows } = await dono.query<{ tabela: string; colunas: string[] }>(
    `SELECT c.table_name AS tabela, array_agg(c.column_name::text) AS colunas
       FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      GROUP BY c.table_name ORDER BY c.table_name`,
  );
  return {
    porEmpresa: rows.filter((r) => r.colunas.includes("id_empresa_fk")).map((r) => r.tabela),
    porUsuario: rows
      .filter((r) => !r.colunas.includes("id_empresa_fk") && r.colunas.includes("id_usuario_fk"))
      .map((r) => r.tabela),
  };
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * Every row of the company (its `empresas` row, its tenant tables, its users' sessions and tokens) as jsonb; with
 * `fora`, every row of every other company (and of no company) instead.
 */
export async function linhasDaEmpresa(dono: pg.Client, empresaId: string, fora = false): Promise<Map<string, unknown[]>> {
  const { porEmpresa, porUsuario } = await tabelasDeEmpresa(dono);
  const out = new Map<string, unknown[]>();
  const dela = (cond: string) => (fora ? `(${cond}) IS NOT TRUE` : cond);
  const ler = async (tabela: string, where: string) => {
    const { rows } = await dono.query(
      `SELECT to_jsonb(t) AS j FROM ${ident(tabela)} t WHERE ${dela(where)} ORDER BY to_jsonb(t)::text`,
      [empresaId],
    );
    out.set(
      tabela,
      rows.map((r) => r.j),
    );
  };
  await ler("empresas", "id = $1");
  for (const tabela of porEmpresa) await ler(tabela, "id_empresa_fk = $1");
  for (const tabela of porUsuario)
    await ler(tabela, "id_usuario_fk IN (SELECT id FROM usuarios_plataforma WHERE id_empresa_fk = $1)");
  return out;
}

const consultasDeSoma = new WeakMap<pg.Client, string>();

/** md5 of each table's rows of the company, in a stable order (one round trip): a change anywhere changes its table's sum. */
export async function checksumDaEmpresa(dono: pg.Client, empresaId: string): Promise<Record<string, string>> {
  let sql = consultasDeSoma.get(dono);
  if (!sql) {
    const { porEmpresa, porUsuario } = await tabelasDeEmpresa(dono);
    const soma = (tabela: string, where: string) =>
      `SELECT ${pg.escapeLiteral(tabela)} AS tabela, count(*)::int || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h
         FROM ${ident(tabela)} t WHERE ${where}`;
    sql = [
      soma("empresas", "id = $1"),
      ...porEmpresa.map((tabela) => soma(tabela, "id_empresa_fk = $1")),
      ...porUsuario.map((tabela) =>
        soma(tabela, "id_usuario_fk IN (SELECT id FROM usuarios_plataforma WHERE id_empresa_fk = $1)"),
      ),
    ].join("\nUNION ALL\n");
    consultasDeSoma.set(dono, sql);
  }
  const { rows } = await dono.query<{ tabela: string; h: string }>(sql, [empresaId]);
  return Object.fromEntries(rows.map((r) => [r.tabela, r.h]));
}

/** The tables whose sums differ. */
export function diferencas(antes: Record<string, string>, depois: Record<string, string>): string[] {
  return [...new Set([...Object.keys(antes), ...Object.keys(depois)])].filter((k) => antes[k] !== depois[k]);
}

/** Waits until no job is due or running on the queue (pg-boss), so what a request queued has been done. */
export async function esperarFilas(dono: pg.Client, ms = 15_000): Promise<void> {
  const fim = Date.now() + ms;
  for (;;) {
    const { rows } = await dono.query(
      `SELECT CASE WHEN to_regclass('pgboss.job') IS NULL THEN 0 ELSE (SELECT count(*)::int FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active') AND start_after <= now()) END AS n`,
    );
    if (rows[0].n === 0) return;
    if (Date.now() > fim) throw new Error(`a fila não esvaziou em ${ms} ms (${rows[0].n} trabalhos)`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits for the queue to drain and two reads of the company's sums, `intervaloMs` apart, to agree; returns them. */
export async function checksumEstavel(dono: pg.Client, empresaId: string, ms = 15_000, intervaloMs = 300) {
  const fim = Date.now() + ms;
  await esperarFilas(dono, ms);
  let antes = await checksumDaEmpresa(dono, empresaId);
  for (;;) {
    await new Promise((r) => setTimeout(r, intervaloMs));
    await esperarFilas(dono, ms);
    const agora = await checksumDaEmpresa(dono, empresaId);
    if (diferencas(antes, agora).length === 0) return agora;
    if (Date.now() > fim) throw new Error(`os dados da empresa não param de mudar: ${diferencas(antes, agora).join(", ")}`);
    antes = agora;
  }
}

// ---------------------------------------------------------------- sending one request

export type TPedido = {
  method: string;
  url: string;
  query?: Record<string, string | string[]>;
  payload?: InjectOptions["payload"];
  headers?: Record<string, string>;
};

/** The response body as text; an XLSX (zip) export is opened so its cells can be searched too. */
export async function textoDaResposta(res: LightMyRequestResponse): Promise<string> {
  const tipo = String(res.headers["content-type"] ?? "");
  if (tipo.includes("spreadsheetml")) {
    const { default: ExcelJS } = await import("exceljs");
    const livro = new ExcelJS.Workbook();
    try {
      await livro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    } catch {
      return res.body; // a cut-off file: what arrived is all there is to search
    }
    const celulas: string[] = [];
    livro.eachSheet((folha) =>
      folha.eachRow((linha) =>
        linha.eachCell((c) => {
          celulas.push(String(c.text ?? ""));
        }),
      ),
    );
    return celulas.join("\n");
  }
  return res.body;
}

/** Runs `fn` over `itens` with at most `n` at a time. */
export async function emParalelo<T>(itens: T[], n: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let proximo = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, itens.length) }, async () => {
      while (proximo < itens.length) {
        const i = proximo++;
        await fn(itens[i], i);
      }
    }),
  );
}

// ---------------------------------------------------------------- a company with rows in every table that has routes

async function exigir(nav: TNavegador, pedido: TPedido & { status: number }): Promise<LightMyRequestResponse> {
  const { status, ...resto } = pedido;
  const res = await nav.req(resto);
  if (res.statusCode !== status) throw new Error(`${pedido.method} ${pedido.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res;
}

/**
 * Fills a company (from criarEmpresaComUsuarios) the way its people would: leads (one assigned, one moved on the
 * board), messages (text and a simulated WhatsApp lead with a file), notifications, a message template, the
 * settings with secrets, an invitation, a legal team member (invited), a finished CSV import, screenings, costs
 * and an invoice. `marca` goes into names, emails and texts so they can be told apart from another company's.
 */
export async function semearEmpresa(t: TTestApp, e: TEmpresaComUsuarios, marca: string): Promise<void> {
  const empresaId = e.empresa.id;
  const admin = e.navegadores.admin;
  const fone = (i: number) => `(11) 9${String(Math.abs(hash(marca)) % 10_000).padStart(4, "0")}-${String(1000 + i)}`;
  const leads = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const criados = [];
    for (let i = 0; i < 3; i++) {
      const lead = await criarLead(tx, {
        id_empresa_fk: empresaId,
        nome: `${marca} Cliente ${i}`,
        email: `${marca.toLowerCase()}.cliente${i}@exemplo.com.br`,
        telefone: fone(i),
        consultor_atribuido_id: i === 0 ? e.consultor.id : null,
      } as never);
      await criarMensagem(tx, { id_empresa_fk: empresaId, id_lead_fk: lead.id, message: `${marca} mensagem do lead ${i}` });
      await criarMensagem(tx, {
        id_empresa_fk: empresaId,
        id_lead_fk: lead.id,
        sender: "consultor",
        message: `${marca} resposta do consultor ${i}`,
      });
      criados.push(lead);
    }
    for (const u of Object.values(e.usuarios))
      if (u.id_empresa_fk)
        await criarNotificacao(tx, { id_empresa_fk: empresaId, id_usuario_fk: u.id, titulo: `${marca} aviso para ${u.nome}` });
    await criarProfissionalJuridico(tx, { id_empresa_fk: empresaId, nome: `${marca} Advogada Fixa` });
    await criarCustoMarketing(tx, { id_empresa_fk: empresaId });
    await criarFatura(tx, { id_empresa_fk: empresaId });
    return criados;
  });
  await registrarTriagem(t, empresaId, leads[1].id, { decisao: "qualificado", motivo: `${marca} motivo da triagem` });

  await exigir(admin, {
    method: "PATCH",
    url: `/api/leads/${leads[2].id}/status`,
    payload: { status: "Em Atendimento" },
    status: 204,
  });
  // a legal process (issue 11): converted, then worked on /processos
  await exigir(admin, {
    method: "PATCH",
    url: `/api/leads/${leads[0].id}/status`,
    payload: { status: "Convertido (Ganho)" },
    status: 204,
  });
  await exigir(e.navegadores.juridico, {
    method: "PUT",
    url: `/api/processos/${leads[0].id}`,
    payload: {
      status_juridico_lead: "Documentação Solicitada",
      profissional_juridico_atribuido_id: e.usuarios.juridico.id,
      observacoes_juridicas: `${marca} observação jurídica`,
      valor_contrato_fechado: "1.234,56",
    },
    status: 200,
  });
  await exigir(admin, {
    method: "POST",
    url: "/api/modelos-mensagem",
    payload: { nome: `${marca} modelo`, categoria: CATEGORIAS_MODELO[0], conteudo: `${marca} conteúdo do modelo` },
    status: 201,
  });
  await exigir(admin, {
    method: "PUT",
    url: "/api/empresa/configuracoes",
    payload: {
      whatsapp: { provedor: "sandbox" },
      ia: { api_key: `sk-${marca.toLowerCase()}-segredo-da-ia-0001`, base_url: "https://ia.exemplo.com.br/v1" },
    },
    status: 200,
  });
  await exigir(admin, {
    method: "POST",
    url: "/api/consultores/convites",
    payload: { nome: `${marca} Convidado`, email: `${marca.toLowerCase()}.convidado@exemplo.com.br` },
    status: 201,
  });
  await exigir(admin, {
    method: "POST",
    url: "/api/juridico-equipe",
    payload: {
      nome: `${marca} Advogado Convidado`,
      email: `${marca.toLowerCase()}.advogado@exemplo.com.br`,
      telefone: fone(7),
      especialidade: ESPECIALIDADES_JURIDICAS[0],
    },
    status: 201,
  });
  const { res: envio, importacao } = await importarCsvAteOFim(
    admin,
    `${CABECALHO_CSV}\n${marca} Importado,${fone(8)},Carro,"R$ 45.000,00","1.200,50",12,${marca} objetivo\n`,
  );
  if (importacao?.status !== "concluida")
    throw new Error(`importação de ${marca}: ${envio.statusCode} ${envio.body.slice(0, 300)} ${JSON.stringify(importacao)}`);
  await exigir(admin, {
    method: "POST",
    url: "/api/testes/simular-mensagem",
    payload: { telefone: fone(9), nome: `${marca} Lead WhatsApp`, texto: `${marca} quero revisar meu contrato` },
    status: 202,
  });
  await exigir(admin, {
    method: "POST",
    url: "/api/testes/simular-midia",
    ...multipart(
      { telefone: fone(9), nome: `${marca} Lead WhatsApp`, tipo: "document" },
      {
        nome: `${marca}-extrato.pdf`,
        dados: Buffer.from(`%PDF-1.4\n${marca} extrato sigiloso\n%%EOF\n`),
        mime: "application/pdf",
      },
    ),
    status: 202,
  });
  // the simulated WhatsApp lead and its file arrive through the inbox job
  await esperarAte(
    async () => {
      const { rows } = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
        tx.query("SELECT 1 FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND media_status = 'baixada'", [empresaId]),
      );
      return rows.length > 0 || null;
    },
    15_000,
    `mídia simulada de ${marca}`,
  );
}

/** A multipart/form-data body with text fields and, optionally, one file (field `arquivo`), as FormData sends it. */
export function multipart(
  campos: Record<string, string>,
  arquivo?: { nome: string; dados: Buffer; mime: string },
): { payload: Buffer; headers: Record<string, string> } {
  const fronteira = `----crmsonda${Math.random().toString(16).slice(2)}`;
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(campos))
    partes.push(Buffer.from(`--${fronteira}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (arquivo)
    partes.push(
      Buffer.from(
        `--${fronteira}\r\nContent-Disposition: form-data; name="arquivo"; filename="${arquivo.nome}"\r\nContent-Type: ${arquivo.mime}\r\n\r\n`,
      ),
      arquivo.dados,
      Buffer.from("\r\n"),
    );
  partes.push(Buffer.from(`--${fronteira}--\r\n`));
  return { payload: Buffer.concat(partes), headers: { "content-type": `multipart/form-data; boundary=${fronteira}` } };
}

function hash(s: string): number {
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}

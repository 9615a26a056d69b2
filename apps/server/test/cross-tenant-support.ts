import { ESCOPOS_API } from "@crm/domain/api-keys";
import { ESPECIALIDADES_JURIDICAS } from "@crm/domain/status";
import { CATEGORIAS_MODELO } from "@crm/domain/templates";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { encadearTudo } from "../src/audit-trail/chain.js";
import { unsafeWithSystem } from "../src/db/tenant.js";
import { gerarPdf } from "../src/documents/sample-files.js";
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
 * The fixtures the cross-tenant probe and the fuzz pass share: sending one request as a company's user, and a company
 * with rows in every table that has routes. The route table is in api-routes.ts, examples from the routes' schemas in
 * zod-examples.ts, one company's rows and their checksum in company-rows.ts.
 */

// ---------------------------------------------------------------- sending one request

type TPedido = {
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
        // a lead that came from an ad (decision 1212)
        ...(i === 1 ? { campanha_origem: `${marca} campanha`, anuncio_id: `${marca}-anuncio`, ctwa_clid: `${marca}-clid` } : {}),
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
    // an API key (decision 1310): only its hash is stored
    await tx.query(
      "INSERT INTO chaves_api (id_empresa_fk, nome, prefixo, hash, escopos) VALUES ($1, $2, 'abc123…', encode(sha256(convert_to($2, 'UTF8')), 'hex'), $3)",
      [empresaId, `${marca} chave de API`, [...ESCOPOS_API]],
    );
    return criados;
  });
  await registrarTriagem(t, empresaId, leads[1].id, { decisao: "qualificado", motivo: `${marca} motivo da triagem` });
  // a city holiday and the away message's own text (decisions 1881, 1882): the holiday routes get A's id
  await exigir(admin, {
    method: "POST",
    url: "/api/empresa/feriados",
    payload: { dia: "2031-05-05", nome: `${marca} feriado municipal`, abrangencia: "municipal" },
    status: 201,
  });

  await exigir(admin, {
    method: "PATCH",
    url: `/api/leads/${leads[2].id}/status`,
    payload: { status: "Em Atendimento" },
    status: 204,
  });
  // a legal process (decision 1101): converted, then worked on /processos
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
  // a legal document of that process (decision 1102): its metadata, content and delete routes get A's id
  await exigir(e.navegadores.juridico, {
    method: "POST",
    url: `/api/processos/${leads[0].id}/documentos`,
    ...multipart(
      { descricao: `${marca} procuração do cliente` },
      { nome: `${marca}-procuracao.pdf`, dados: gerarPdf(`${marca} procuração sigilosa`, []), mime: "application/pdf" },
    ),
    status: 201,
  });
  // a deadline of that process and the client's notice opt-in (decisions 1106 and 1107); the status change above created its
  // chain task, and every company has its chain templates
  await exigir(e.navegadores.juridico, {
    method: "POST",
    url: `/api/processos/${leads[0].id}/prazos`,
    payload: { titulo: `${marca} prazo sigiloso`, descricao: `${marca} descrição do prazo`, data_fatal: "2031-03-14" },
    status: 201,
  });
  await exigir(e.navegadores.juridico, {
    method: "PUT",
    url: `/api/processos/${leads[0].id}/aviso-cliente`,
    payload: { ativo: true },
    status: 200,
  });
  // a follow-up task of a lead, with its title and note (decision 1831): 'Meus retornos' and closing one get A's id
  await exigir(e.navegadores.consultor, {
    method: "POST",
    url: `/api/chat/${leads[0].id}/tarefas`,
    payload: { titulo: `${marca} retorno sigiloso`, nota: `${marca} nota do retorno`, vence_em: "2031-03-14T15:00:00.000Z" },
    status: 201,
  });
  // a scheduled message of that lead (decision 1885): its id and text must never reach B; sent whatever the window
  await exigir(e.navegadores.consultor, {
    method: "POST",
    url: `/api/chat/${leads[0].id}/agendamentos`,
    payload: {
      texto: `${marca} mensagem agendada sigilosa`,
      agendada_para: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      cancelar_se_lead_escrever: false,
    },
    status: 201,
  });
  // an internal note of that lead mentioning the admin (decision 1832): its text must never reach B
  await exigir(e.navegadores.consultor, {
    method: "POST",
    url: `/api/chat/${leads[0].id}/notas`,
    payload: { texto: `${marca} nota interna sigilosa`, mencoes: [e.usuarios.admin.id] },
    status: 201,
  });
  // a marketing opt-in of that lead with its text (decision 1827), and the company's opt-out words (decision 1828)
  await exigir(e.navegadores.consultor, {
    method: "POST",
    url: `/api/chat/${leads[0].id}/consentimento`,
    payload: { situacao: "concedido", canal: "telefone", texto: `${marca} texto do opt-in sigiloso`, versao_texto: "v9" },
    status: 200,
  });
  await exigir(admin, {
    method: "PUT",
    url: "/api/empresa/consentimento/palavras",
    payload: { palavras: ["SAIR", "PARAR", "DESCADASTRAR"] },
    status: 200,
  });
  // an opt-in campaign to that lead (decisions 1891–1894), planned for later: its routes get A's id, its text is A's
  await exigir(admin, {
    method: "POST",
    url: "/api/campanhas",
    payload: {
      nome: `${marca} campanha de mensagens`,
      filtros: {},
      tipo_mensagem: "texto",
      texto: `${marca} texto sigiloso da campanha`,
      inicio_em: "2031-03-14T12:00:00.000Z",
    },
    status: 201,
  });
  // a company tag on that lead (decision 1833): the tag routes and the filters get A's ids
  const etiqueta = await exigir(admin, {
    method: "POST",
    url: "/api/etiquetas",
    payload: { nome: `${marca} etiqueta`, cor: "#2563eb" },
    status: 201,
  });
  await exigir(e.navegadores.consultor, {
    method: "PUT",
    url: `/api/chat/${leads[0].id}/etiquetas`,
    payload: { etiquetas: [etiqueta.json().id] },
    status: 200,
  });
  // a company quick reply and a personal one (decision 1838): their ids and texts must never reach B
  await exigir(admin, {
    method: "POST",
    url: "/api/respostas-rapidas",
    payload: { atalho: "sigilosa", titulo: `${marca} resposta`, conteudo: `${marca} resposta da empresa`, escopo: "empresa" },
    status: 201,
  });
  await exigir(e.navegadores.consultor, {
    method: "POST",
    url: "/api/respostas-rapidas",
    payload: { atalho: "minha", titulo: `${marca} minha`, conteudo: `${marca} resposta pessoal` },
    status: 201,
  });
  // a privacy request the company registered (decision 1824): its routes get A's ids, its titular's name is A's secret
  await exigir(admin, {
    method: "POST",
    url: "/api/privacidade/pedidos",
    payload: { direito: "acesso", nome: `${marca} Titular Sigiloso`, telefone: fone(0), detalhes: `${marca} pedido por email` },
    status: 201,
  });
  // a security incident with its titulares (decision 1875): its routes get A's ids, its title and description are A's
  const incidente = await exigir(admin, {
    method: "POST",
    url: "/api/privacidade/incidentes",
    payload: {
      titulo: `${marca} incidente sigiloso`,
      descricao: `${marca} descrição do incidente sigiloso`,
      categoria: "envio_indevido",
      impactos: ["confidencialidade"],
      categorias_dados: ["contato"],
      afeta_significativamente: true,
      criterios: ["financeiros"],
      conhecido_em: "2026-01-10T10:00:00-03:00",
      riscos: `${marca} riscos do incidente`,
      titulares: { modo: "todos" },
    },
    status: 201,
  });
  await exigir(admin, {
    method: "POST",
    url: `/api/privacidade/incidentes/${incidente.json().id}/titulares/${leads[0].id}/avisar`,
    payload: { canal: "email" },
    status: 200,
  });
  // the company's records (decisions 1872–1873): the controller's data and a ROPA version naming A's company and
  // encarregado, whose download routes get A's version id; the retention rules
  await exigir(admin, {
    method: "PUT",
    url: "/api/privacidade/registro/controlador",
    payload: { cnpj: "12345678000190", endereco: `${marca} endereço sigiloso`, atividade: null, responsavel: `${marca} Sócia` },
    status: 200,
  });
  await exigir(admin, {
    method: "PUT",
    url: "/api/privacidade/registro/retencao",
    payload: { regras: [{ categoria: "leads_nao_convertidos", meses: 18, ativa: true }] },
    status: 200,
  });
  await exigir(admin, { method: "POST", url: "/api/privacidade/registro/ropa", status: 201 });
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
  // ad attribution (decisions 1213 and 1214): a cost naming the campaign, and the Conversions API settings with a secret token
  await exigir(admin, {
    method: "POST",
    url: "/api/custos-marketing",
    payload: {
      data_custo: "2026-01-10",
      plataforma: "Facebook",
      valor_gasto: "120,00",
      campanha: `${marca} campanha`,
      id_anuncio: `${marca}-anuncio`,
    },
    status: 201,
  });
  await exigir(admin, {
    method: "PUT",
    url: "/api/atribuicao/conversoes-meta",
    payload: { ativo: false, id_dataset: "1234567890", access_token: `EAAG-${marca.toLowerCase()}-segredo-capi-0001` },
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
  // the audit trail (decision 1822): what the steps above logged, chained, so /auditoria has rows of each company to leak
  await encadearTudo(t.deps.db.app);
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

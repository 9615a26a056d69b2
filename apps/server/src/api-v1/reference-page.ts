import { ESCOPOS_API, NOME_ESCOPO_API } from "@crm/domain/api-keys";
import { PROBLEMAS_API } from "@crm/domain/api-v1";
import type { TOperacaoApi } from "./operation.js";
import { VERIFICACAO_NODE, VERIFICACAO_PYTHON } from "./webhook-snippets.js";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const json = (v: unknown) => `<pre><code>${esc(JSON.stringify(v, null, 2))}</code></pre>`;

/**
 * The reference page of /api/v1 (`/api/v1/referencia`), plain HTML from the same declarations as the document: how
 * to authenticate, the conventions, every operation with its scope and examples, the problem codes (their anchors are
 * the problems' `type`).
 */
export function paginaDeReferencia(operacoes: TOperacaoApi[]): string {
  const ops = operacoes
    .map(
      (o) => `<section id="${esc(o.id)}"><h3>${esc(o.method)} /api/v1${esc(o.url.replace(/:(\w+)/g, "{$1}"))}</h3>
<p>${esc(o.resumo)}${o.descricao ? ` — ${esc(o.descricao)}` : ""}</p><p>Escopo: <code>${esc(o.escopo)}</code> · resposta ${o.status}</p>
${o.exemplo.pedido !== undefined ? `<h4>Pedido</h4>${json(o.exemplo.pedido)}` : ""}${o.exemplo.resposta !== undefined ? `<h4>Resposta</h4>${json(o.exemplo.resposta)}` : ""}</section>`,
    )
    .join("\n");
  const problemas = Object.entries(PROBLEMAS_API)
    .map(([c, p]) => `<li id="problema-${c}"><code>${c}</code> (${p.status}): ${esc(p.title)}</li>`)
    .join("");
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>API v1 — referência</title></head><body>
<h1>CRM Revisional — API v1</h1>
<p>Documento OpenAPI 3.1: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>
<h2>Autenticação</h2><p>Crie uma chave em /configuracoes → API personalizada (plano Enterprise) e envie <code>Authorization: Bearer crm_live_…</code>. A chave aparece uma única vez; cada uma tem seus escopos, e pode ter data de expiração e lista de IPs.</p>
<ul>${ESCOPOS_API.map((e) => `<li><code>${e}</code>: ${esc(NOME_ESCOPO_API[e])}</li>`).join("")}</ul>
<h2>Convenções</h2><ul>
<li>Listas: <code>limit</code> (até 100), <code>starting_after</code> (o <code>proximo_cursor</code> da página anterior), <code>updated_since</code> (ISO 8601); ordem estável por (updated_at, id).</li>
<li>POST e PATCH aceitam <code>Idempotency-Key</code>: a primeira resposta fica guardada 24 h e é repetida (<code>Idempotent-Replayed: true</code>); a mesma chave com outro pedido dá 422; enquanto a primeira roda, 409.</li>
<li>Erros: <code>application/problem+json</code> (RFC 9457) com <code>code</code> estável e <code>detail</code> em português.</li>
<li>Limites por minuto, por chave e por empresa: cabeçalhos <code>RateLimit-Policy</code>, <code>RateLimit</code> e, no 429, <code>Retry-After</code>.</li></ul>
<h2 id="webhooks">Webhooks</h2><p>Os eventos chegam assinados segundo o Standard Webhooks 1.0: cabeçalhos <code>webhook-id</code>, <code>webhook-timestamp</code> e <code>webhook-signature</code> (<code>v1,</code> HMAC-SHA256 com o segredo <code>whsec_…</code> do endpoint; numa rotação, duas assinaturas por 24 h). O corpo é <code>{type, timestamp, data}</code>. Verifique cada entrega com a biblioteca <code>standardwebhooks</code> e o corpo cru; o que se perdeu está em <code>GET /api/v1/events</code> (ids <code>evt_…</code>, os mesmos eventos).</p>
<h3 id="verificacao-node">Node.js</h3><pre><code>${esc(VERIFICACAO_NODE)}</code></pre>
<h3 id="verificacao-python">Python</h3><pre><code>${esc(VERIFICACAO_PYTHON)}</code></pre>
<h2>Operações</h2>${ops}
<h2>Problemas</h2><ul>${problemas}</ul></body></html>`;
}

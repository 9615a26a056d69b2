import { OPERACOES_CAMPANHAS } from "./campaigns.js";
import { OPERACOES_EMPRESA } from "./company.js";
import { OPERACOES_CONSENTIMENTOS } from "./consents.js";
import { OPERACOES_CUSTOS } from "./costs.js";
import { OPERACOES_PRAZOS } from "./deadlines.js";
import { OPERACOES_DOCUMENTOS } from "./documents.js";
import { OPERACOES_EVENTOS } from "./events.js";
import { OPERACOES_LEADS } from "./leads.js";
import { OPERACOES_ARQUIVOS_MENSAGEM } from "./message-files.js";
import { OPERACOES_MENSAGENS } from "./messages.js";
import type { TOperacaoApi } from "./operation.js";
import { OPERACOES_PRE_ANALISE } from "./pre-analysis.js";
import { OPERACOES_PROCESSOS } from "./processes.js";
import { OPERACOES_MENSAGENS_AGENDADAS } from "./scheduled-messages.js";
import { OPERACOES_ETIQUETAS_NOTAS } from "./tags-notes.js";
import { OPERACOES_TAREFAS } from "./tasks.js";
import { OPERACOES_TRANSFERENCIA } from "./transfer.js";
import { OPERACOES_WEBHOOKS } from "./webhooks.js";

/** Every operation of /api/v1, in the order the document lists them (decisions 1814, 1895, 1896, 1921–1930). */
export const OPERACOES_API: TOperacaoApi[] = [
  ...OPERACOES_LEADS,
  ...OPERACOES_TRANSFERENCIA,
  ...OPERACOES_CONSENTIMENTOS,
  ...OPERACOES_PRE_ANALISE,
  ...OPERACOES_MENSAGENS,
  ...OPERACOES_ARQUIVOS_MENSAGEM,
  ...OPERACOES_MENSAGENS_AGENDADAS,
  ...OPERACOES_ETIQUETAS_NOTAS,
  ...OPERACOES_TAREFAS,
  ...OPERACOES_PROCESSOS,
  ...OPERACOES_PRAZOS,
  ...OPERACOES_DOCUMENTOS,
  ...OPERACOES_EMPRESA,
  ...OPERACOES_CUSTOS,
  ...OPERACOES_EVENTOS,
  ...OPERACOES_CAMPANHAS,
  ...OPERACOES_WEBHOOKS,
];

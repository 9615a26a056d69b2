import { OPERACOES_EVENTOS } from "./events.js";
import { OPERACOES_LEADS } from "./leads.js";
import { OPERACOES_MENSAGENS } from "./messages.js";
import type { TOperacaoApi } from "./operation.js";

/** Every operation of /api/v1, in the order the document lists them (decision 1814). */
export const OPERACOES_API: TOperacaoApi[] = [...OPERACOES_LEADS, ...OPERACOES_MENSAGENS, ...OPERACOES_EVENTOS];

import type { TDeps } from "../../core/deps.js";
import type { TConfigWhatsApp } from "./company-config.js";
import { criarProvedorOficial } from "./official.js";
import type { TProvedor } from "./provider.js";
import { criarProvedorSandbox } from "./sandbox.js";
import { emissorSandbox } from "./sandbox-reports.js";
import { criarProvedorNaoOficial } from "./unofficial.js";

/** The company's provider, built from its settings (official, unofficial or the built-in sandbox). */
export function provedorDe(deps: Pick<TDeps, "config" | "storage" | "jobs">, cfg: TConfigWhatsApp): TProvedor {
  if (cfg.provedor === "official") return criarProvedorOficial(cfg, deps.config.whatsappGraphUrl);
  if (cfg.provedor === "unofficial") return criarProvedorNaoOficial(cfg);
  return criarProvedorSandbox(cfg, deps.storage, emissorSandbox(deps.jobs));
}

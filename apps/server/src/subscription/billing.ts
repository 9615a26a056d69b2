import { PAPEL } from "@crm/domain/roles";
import {
  COBRANCA,
  DIAS_PERIODO,
  diasEntre,
  passoDeCobranca,
  precoDoCiclo,
  proximoPeriodo,
  somarDias,
} from "@crm/domain/subscription";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { comRegistroDaAssinatura } from "../change-log/subscription-rows.js";
import type { TDeps } from "../core/deps.js";
import { type TTx, unsafeWithSystem, withCompanyJob } from "../db/tenant.js";
import { notificar } from "../notifications/notify.js";
import { registrarAcao } from "./audit.js";
import { unsafeEncerrarSessoesDaEmpresa } from "./operator.js";
import { quitarFatura } from "./pay-invoice.js";
import { lerEstado } from "./state.js";

const SISTEMA = { usuarioId: null, ip: null, operador: false };
const escapar = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Each dunning step is announced to the company's admins: a bell notification and an email (decision 1302). */
async function avisarAdmins(deps: Pick<TDeps, "realtime" | "mailer" | "config">, tx: TTx, empresaId: string, texto: string) {
  await notificar(deps, tx, {
    empresaId,
    destino: { papeis: [PAPEL.admin] },
    tipo: "system",
    titulo: M.tituloAviso,
    conteudo: texto,
    dados: { link: "/assinatura" },
  });
  const { rows } = await tx.query(
    "SELECT email, nome FROM usuarios_plataforma WHERE id_empresa_fk = $1 AND papel = $2 AND ativo",
    [empresaId, PAPEL.admin],
  );
  const url = `${deps.config.appUrl}/assinatura`;
  for (const u of rows) {
    await deps.mailer.enfileirar(tx, {
      para: u.email,
      empresaId,
      assunto: `CRM Revisional: ${M.tituloAviso}`,
      texto: `Olá, ${u.nome}!\n\n${texto}\n\nVeja em ${url}`,
      html: `<p>Olá, ${escapar(u.nome)}!</p><p>${escapar(texto)}</p><p><a href="${escapar(url)}">Abrir Assinatura</a></p>`,
    });
  }
}

/**
 * One company's billing day (idempotent: run it twice on the same day and nothing more happens). In order: a
 * cancelled subscription whose period ended becomes Inativo; the renewal invoice of the next period is issued
 * `emitirDiasAntes` days ahead (one per period: a unique index); a period that ended rolls over (a scheduled
 * downgrade applies); pending invoices walk the dunning schedule, each step once (faturas.avisos). Card invoices
 * are charged on their due day by the simulated card charge. Returns whether the company was suspended now.
 */
export async function cobrarEmpresa(deps: Pick<TDeps, "db" | "realtime" | "mailer" | "config">, empresaId: string, hoje: string) {
  const suspensa = await withCompanyJob(
    deps.db.app,
    empresaId,
    "assinatura.cobranca",
    comRegistroDaAssinatura(empresaId, { origem: "sistema" as const }, async (tx) => {
      const e = await lerEstado(tx, empresaId, true);
      if (e.status !== "Ativo") return false;
      if (e.cancelarNoFim && e.dataRenovacao && hoje >= e.dataRenovacao) {
        await tx.query(
          "UPDATE empresas SET status_assinatura = 'Inativo', cancelar_no_fim = false, updated_at = now() WHERE id = $1",
          [empresaId],
        );
        await registrarAcao(tx, empresaId, SISTEMA, "assinatura.inativa", { fimDoPeriodo: e.dataRenovacao });
        await avisarAdmins(deps, tx, empresaId, M.avisoInativa);
        return false;
      }
      // issue the renewal invoices due and roll over ended periods (a few at most: a job missed for days catches up)
      let renovacao = e.dataRenovacao;
      let plano = e.plano;
      for (let i = 0; renovacao && i < 24; i++) {
        // a period already over when the job first sees it (a company reactivated long after) is not billed
        const aindaVale = diasEntre(hoje, somarDias(renovacao, DIAS_PERIODO[e.ciclo])) > 0;
        if (!e.cancelarNoFim && aindaVale && diasEntre(hoje, renovacao) <= COBRANCA.emitirDiasAntes) {
          const periodo = proximoPeriodo({ dataRenovacao: renovacao, ciclo: e.ciclo }) as { inicio: string; fim: string };
          const planoDoPeriodo = e.planoAgendado ?? plano;
          const valor = precoDoCiclo(planoDoPeriodo, e.ciclo);
          const { rowCount } = await tx.query(
            `INSERT INTO faturas (id_empresa_fk, plano, valor, status, tipo, data, vencimento, periodo_inicio, periodo_fim)
           VALUES ($1, $2, $3, 'pending', 'renovacao', $4, $5, $5, $6)
           ON CONFLICT (id_empresa_fk, periodo_inicio) WHERE tipo = 'renovacao' DO NOTHING`,
            [empresaId, planoDoPeriodo, valor, hoje, periodo.inicio, periodo.fim],
          );
          if (rowCount) await avisarAdmins(deps, tx, empresaId, M.avisoFaturaEmitida(valor, periodo.inicio));
        }
        if (hoje < renovacao) break;
        renovacao = somarDias(renovacao, DIAS_PERIODO[e.ciclo]);
        plano = e.planoAgendado ?? plano;
        await tx.query(
          "UPDATE empresas SET data_renovacao = $2, plano_assinatura = $3, plano_agendado = NULL, updated_at = now() WHERE id = $1",
          [empresaId, renovacao, plano],
        );
      }
      const { rows } = await tx.query(
        `SELECT id, valor, vencimento::text, avisos FROM faturas
        WHERE id_empresa_fk = $1 AND status = 'pending' ORDER BY vencimento`,
        [empresaId],
      );
      let suspender = false;
      for (const f of rows) {
        const valor = Number(f.valor);
        if (e.pagamentoTipo === "cartao" && hoje >= f.vencimento) {
          await quitarFatura(tx, empresaId, f.id, "cartao", hoje);
          continue;
        }
        const passo = passoDeCobranca(f.vencimento, hoje);
        if (!passo) continue;
        const chave = passo.tipo === "lembrete" ? `lembrete:${passo.dia}` : passo.tipo;
        if ((f.avisos as string[]).includes(chave)) continue;
        await tx.query("UPDATE faturas SET avisos = array_append(avisos, $3) WHERE id_empresa_fk = $1 AND id = $2", [
          empresaId,
          f.id,
          chave,
        ]);
        if (passo.tipo === "lembrete") {
          await avisarAdmins(deps, tx, empresaId, M.avisoLembrete(valor, f.vencimento));
        } else if (passo.tipo === "somente_leitura") {
          await tx.query("UPDATE empresas SET somente_leitura_desde = coalesce(somente_leitura_desde, $2) WHERE id = $1", [
            empresaId,
            hoje,
          ]);
          await registrarAcao(tx, empresaId, SISTEMA, "assinatura.somente_leitura", { faturaId: f.id });
          await avisarAdmins(deps, tx, empresaId, M.avisoSomenteLeitura(valor));
        } else {
          await tx.query("UPDATE empresas SET status_assinatura = 'Suspenso', updated_at = now() WHERE id = $1", [empresaId]);
          await registrarAcao(tx, empresaId, SISTEMA, "assinatura.suspensa", { faturaId: f.id });
          await avisarAdmins(deps, tx, empresaId, M.avisoSuspensao(valor));
          suspender = true;
          break;
        }
      }
      return suspender;
    }),
  );
  if (suspensa) await unsafeEncerrarSessoesDaEmpresa(deps, empresaId);
  return suspensa;
}

/**
 * The daily billing run: lists the active companies (crossing tenants, named so) and runs each one's billing day
 * under its own tenant context. `hoje` is a parameter so tests drive the clock.
 */
export async function executarCobranca(deps: Pick<TDeps, "db" | "realtime" | "mailer" | "config">, hoje: string) {
  const ids = await unsafeWithSystem(deps.db.app, "assinatura: empresas a cobrar", async (tx) => {
    const { rows } = await tx.query("SELECT id FROM empresas WHERE status_assinatura = 'Ativo' ORDER BY id");
    return rows.map((r) => r.id as string);
  });
  for (const id of ids) await cobrarEmpresa(deps, id, hoje);
  return ids.length;
}

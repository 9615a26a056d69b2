import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { TAceitarConviteExistente } from "@crm/domain/schemas/invitations";
import { excedeuLimite, registrarTentativa } from "../auth/attempts.js";
import { verificarSenha } from "../auth/password.js";
import type { TMetaRequisicao } from "../auth/request-meta.js";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { badRequest, conflict, tooMany } from "../http/errors.js";
import { exigirVagaNoPlano } from "../membership/plan-limits.js";
import { vincularPapel } from "./attach-role.js";
import { ehUltimoAdmin } from "./existing-account.js";
import { concluirConvite } from "./finish-invite.js";
import { carregarConviteValido } from "./load-valid-invite.js";
import { linkInvalido } from "./verify-invite.js";

/**
 * A link for an existing account of the company attaches that account (001 §7: consultant upsert, papel update)
 * instead of creating one. Holding the link is not enough: the account's password proves it is theirs, with the
 * same failure limits as sign-in. The account keeps its password and sessions; only its role changes.
 */
export async function aceitarConviteExistente(
  deps: Pick<TDeps, "db" | "realtime">,
  { link, senha }: TAceitarConviteExistente,
  meta: TMetaRequisicao,
): Promise<void> {
  // crossing tenants is inherent: the visitor may be signed out; the link names the company
  const previa = await unsafeWithSystem(deps.db.app, "aceitar-convite-existente", async (tx) => {
    const c = await carregarConviteValido(tx, link);
    if (!c) return null;
    if (await excedeuLimite(tx, "login", c.email, meta.ip)) throw tooMany(MSG.muitasTentativas);
    const { rows } = await tx.query(
      "SELECT senha_hash FROM usuarios_plataforma WHERE email = $1 AND id_empresa_fk = $2 AND ativo",
      [c.email, c.id_empresa_fk],
    );
    return rows[0] ? { email: c.email, senhaHash: rows[0].senha_hash as string } : null;
  });
  if (!previa) throw linkInvalido(link.pagina);
  if (!(await verificarSenha(previa.senhaHash, senha))) {
    await unsafeWithSystem(deps.db.app, "aceitar-convite-senha", (tx) => registrarTentativa(tx, "login", previa.email, meta.ip));
    throw badRequest(MSG.senhaIncorreta, { senha: MSG.senhaIncorreta });
  }

  await unsafeWithSystem(deps.db.app, "aceitar-convite-existente", async (tx) => {
    const c = await carregarConviteValido(tx, link, true);
    if (!c) throw linkInvalido(link.pagina);
    const { rows } = await tx.query(
      "SELECT id, nome, papel, telefone FROM usuarios_plataforma WHERE email = $1 AND id_empresa_fk = $2 AND ativo FOR UPDATE",
      [c.email, c.id_empresa_fk],
    );
    const conta = rows[0];
    if (!conta) throw linkInvalido(link.pagina);
    if (conta.papel !== c.papel) {
      if (conta.papel === PAPEL.admin && (await ehUltimoAdmin(tx, c.id_empresa_fk, conta.id))) {
        throw conflict(MSG.ultimoAdministrador);
      }
      await tx.query("UPDATE usuarios_plataforma SET papel = $2, updated_at = now() WHERE id = $1", [conta.id, c.papel]);
    }
    const novoConsultor =
      c.papel === PAPEL.consultor &&
      !(await tx.query("SELECT 1 FROM consultores WHERE id_empresa_fk = $1 AND email = $2", [c.id_empresa_fk, c.email])).rowCount;
    if (novoConsultor || (c.papel === PAPEL.admin && conta.papel !== PAPEL.admin)) {
      await exigirVagaNoPlano(tx, { id: c.id_empresa_fk, plano: c.plano_assinatura }, c.papel, c.email);
    }
    await vincularPapel(tx, {
      empresaId: c.id_empresa_fk,
      usuarioId: conta.id,
      papel: c.papel,
      papelAnterior: conta.papel,
      nome: conta.nome,
      email: c.email,
      whatsapp: conta.telefone,
    });
    await concluirConvite(deps, tx, c, { usuarioId: conta.id, nome: conta.nome, ip: meta.ip, contaExistente: true });
  });
}

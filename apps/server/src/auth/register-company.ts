import { MSG } from "@crm/domain/messages";
import { isoDiaSP } from "@crm/domain/period";
import { PAPEL } from "@crm/domain/roles";
import type { TRegistro } from "@crm/domain/schemas/auth";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { ehEmpresaDuplicada } from "../db/company-identity.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { HttpError } from "../http/errors.js";
import { semearRespostasPadrao } from "../quick-replies/defaults.js";
import { registrarAuditoria } from "./audit.js";
import { hashSenha } from "./password.js";
import type { TMetaRequisicao } from "./request-meta.js";
import { enviarEmailConfirmacao } from "./send-confirmation-email.js";

const emailJaCadastrado = () => new HttpError(409, MSG.emailJaCadastrado, { "usuario.email": MSG.emailJaCadastrado });
const empresaJaCadastrada = () =>
  new HttpError(409, MSG.empresaJaCadastrada, { "empresa.nome_empresa": MSG.empresaJaCadastrada });

/**
 * Company sign-up (000 §2.3, §4): company, first user, confirmation token and email in ONE transaction,
 * so a failure at any step leaves nothing behind (the original deleted the company by hand). The person registering is
 * the company's first Admin Empresa (decision 1652); a company already there by name and contact email is refused
 * (decision 1651).
 */
export async function registerCompany(deps: TDeps, input: TRegistro, meta: TMetaRequisicao): Promise<void> {
  const { empresa, usuario } = input;
  // hashed before the transaction so the connection is not held during ~50 ms of argon2
  const senhaHash = await hashSenha(usuario.senha);
  try {
    // crossing tenants is inherent: the company does not exist yet and emails are unique platform-wide
    await unsafeWithSystem(deps.db.app, "registro", async (tx) => {
      const existe = await tx.query("SELECT 1 FROM usuarios_plataforma WHERE email = $1", [usuario.email]);
      if (existe.rowCount) throw emailJaCadastrado();
      const { rows: e } = await tx.query(
        `INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura, status_assinatura, data_adesao)
         VALUES ($1, $2, $3, 'Ativo', $4) RETURNING id`,
        // the join day is São Paulo's today by the server's clock (decision 1795), not the database's
        [empresa.nome_empresa, empresa.email_contato, empresa.plano_assinatura, isoDiaSP(relogio.agora())],
      );
      const empresaId: string = e[0].id;
      await semearRespostasPadrao(tx, empresaId);
      const { rows: u } = await tx.query(
        `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [empresaId, usuario.email, usuario.nome, PAPEL.admin, senhaHash],
      );
      const usuarioId: string = u[0].id;
      await enviarEmailConfirmacao(deps, tx, { id: usuarioId, nome: usuario.nome, email: usuario.email, empresaId });
      await registrarAuditoria(tx, {
        empresaId,
        usuarioId,
        acao: "registro",
        entidade: "empresa",
        entidadeId: empresaId,
        dados: { plano: empresa.plano_assinatura, papel: PAPEL.admin },
        ip: meta.ip,
      });
    });
  } catch (err) {
    // two sign-ups with the same email at once: the unique index stops the second one
    if ((err as { constraint?: string }).constraint === "usuarios_plataforma_email_key") throw emailJaCadastrado();
    if (ehEmpresaDuplicada(err)) throw empresaJaCadastrada();
    throw err;
  }
}

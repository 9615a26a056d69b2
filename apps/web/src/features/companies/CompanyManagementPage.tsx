import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import {
  PAPEIS_GERENCIAVEIS,
  type TDetalheEmpresa,
  type TPapelGerenciavel,
  type TUsuarioDaEmpresa,
} from "@crm/domain/schemas/companies";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { CHAVE_EMPRESAS, desativarUsuario, enviarRedefinicao, mudarPapel, reativarUsuario, reenviarConvite } from "./api";
import { CompanyStatusBadge } from "./CompanyStatusBadge";
import { WithCompany } from "./WithCompany";

/** /empresa/{id}/management: the company's users and pending invitations, and what the operator can do for them. */
export function CompanyManagementPage() {
  useDocumentTitle("Gestão da Empresa");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "empresas.gerenciar")) return <AccessDenied mensagem={MSG.acessoNegado} />;
  return <WithCompany>{(d) => <Gestao d={d} />}</WithCompany>;
}

function useAcao() {
  const qc = useQueryClient();
  const [ocupado, setOcupado] = useState<string | null>(null);
  async function executar(chave: string, fn: () => Promise<unknown>, sucesso: string | ((r: unknown) => string)) {
    setOcupado(chave);
    try {
      const r = await fn();
      toast.success(typeof sucesso === "string" ? sucesso : sucesso(r));
      await qc.invalidateQueries({ queryKey: CHAVE_EMPRESAS });
    } catch (e) {
      toast.error(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroAcaoUsuarioEmpresa);
    } finally {
      setOcupado(null);
    }
  }
  return { ocupado, executar };
}

function Gestao({ d }: { d: TDetalheEmpresa }) {
  const { empresa: e } = d;
  const { ocupado, executar } = useAcao();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <Link to={`/empresa/${e.id}`} className="text-sm text-blue-700 hover:underline">
          ← {e.nome_empresa}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">Gestão de usuários</h1>
          <CompanyStatusBadge status={e.status_assinatura} />
        </div>
      </div>

      <Card className="p-4">
        <h2 className="font-semibold text-slate-900">Usuários</h2>
        {d.usuarios.length === 0 ? (
          <EmptyState titulo={MSG.nenhumUsuarioEmpresa} />
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" aria-label="Usuários da empresa">
            {d.usuarios.map((u) => (
              <LinhaUsuario key={u.id} empresaId={e.id} u={u} ocupado={ocupado} executar={executar} />
            ))}
          </ul>
        )}
      </Card>

      <Card className="p-4">
        <h2 className="font-semibold text-slate-900">Convites pendentes</h2>
        {d.convites.length === 0 ? (
          <EmptyState titulo="Nenhum convite pendente" />
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" aria-label="Convites pendentes">
            {d.convites.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{c.nome}</p>
                  <p className="break-all text-slate-600">{c.email}</p>
                  <p className="text-xs text-slate-600">
                    {c.papel} · {c.expirado ? "Expirado" : `Válido até ${formatarDataHora(c.expires_at)}`}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  carregando={ocupado === `convite:${c.id}`}
                  onClick={() => executar(`convite:${c.id}`, () => reenviarConvite(e.id, c.id), MSG.conviteReenviado)}
                >
                  Reenviar convite
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function LinhaUsuario({
  empresaId,
  u,
  ocupado,
  executar,
}: {
  empresaId: string;
  u: TUsuarioDaEmpresa;
  ocupado: string | null;
  executar: ReturnType<typeof useAcao>["executar"];
}) {
  const gerenciavel = (PAPEIS_GERENCIAVEIS as readonly string[]).includes(u.papel);
  return (
    <li className="flex flex-col gap-3 py-3 text-sm lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">
          {u.nome || u.email} {!u.ativo && <Badge variante="vermelho">Inativo</Badge>}
        </p>
        <p className="break-all text-slate-600">{u.email}</p>
        <p className="text-xs text-slate-600">
          Último acesso: {u.ultimoAcesso ? formatarDataHora(u.ultimoAcesso) : "nunca"}
          {!u.emailConfirmado && " · email não confirmado"}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {gerenciavel && (
          <Select
            aria-label={`Papel de ${u.nome || u.email}`}
            className="w-40"
            value={u.papel}
            disabled={ocupado !== null}
            onChange={(ev) =>
              executar(
                `papel:${u.id}`,
                () => mudarPapel(empresaId, u.id, ev.target.value as TPapelGerenciavel),
                MSG.papelAlteradoNaEmpresa,
              )
            }
          >
            {PAPEIS_GERENCIAVEIS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        )}
        {u.ativo ? (
          <Button
            variant="outline"
            size="sm"
            carregando={ocupado === `desativar:${u.id}`}
            onClick={() => executar(`desativar:${u.id}`, () => desativarUsuario(empresaId, u.id), MSG.usuarioDesativadoNaEmpresa)}
          >
            Desativar
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            carregando={ocupado === `reativar:${u.id}`}
            onClick={() => executar(`reativar:${u.id}`, () => reativarUsuario(empresaId, u.id), MSG.usuarioReativadoNaEmpresa)}
          >
            Reativar
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={!u.ativo}
          carregando={ocupado === `reset:${u.id}`}
          onClick={() => executar(`reset:${u.id}`, () => enviarRedefinicao(empresaId, u.id), MSG.redefinicaoEnviada(u.email))}
        >
          Enviar redefinição de senha
        </Button>
      </div>
    </li>
  );
}

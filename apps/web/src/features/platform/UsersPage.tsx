import { formatarData } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { contar } from "@crm/domain/plural";
import { PAPEIS } from "@crm/domain/roles";
import { PAPEIS_EMPRESA, type TUsuarioPlataforma } from "@crm/domain/schemas/platform";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, MoreHorizontal, UserCheck, UserCog, UserX } from "lucide-react";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDebounce } from "../../lib/useDebounce";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Dialog } from "../../ui/Dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../ui/DropdownMenu";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Pagination } from "../../ui/Pagination";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { Table, TableEmptyRow, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { toast } from "../../ui/toast";
import {
  agirSobreUsuario,
  CHAVE_PLATAFORMA,
  mudarPapel,
  type TAcaoUsuario,
  type TFiltroUsuariosTela,
  usuariosQuery,
} from "./api";

/** /usuarios (Admin Plataforma, decision 1308): every company's users, server-paged, with their actions. */
export function UsersPage() {
  useDocumentTitle("Usuários");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "usuarios.gerenciar")) return <AccessDenied mensagem={MSG.acessoNegado} />;
  return <Usuarios />;
}

type TPedido = { acao: TAcaoUsuario | "papel"; usuario: TUsuarioPlataforma } | null;

function Usuarios() {
  const qc = useQueryClient();
  const [filtro, setFiltro] = useState<TFiltroUsuariosTela>({ busca: "", pagina: 1 });
  const busca = useDebounce(filtro.busca, 300);
  const q = useQuery(usuariosQuery({ ...filtro, busca }));
  const [pedido, setPedido] = useState<TPedido>(null);
  const mudar = (p: Partial<TFiltroUsuariosTela>) => setFiltro((f) => ({ ...f, ...p, pagina: 1 }));

  async function executar(acao: TAcaoUsuario | "papel", u: TUsuarioPlataforma, papel?: string) {
    try {
      const r = acao === "papel" ? await mudarPapel(u.id, papel as string) : await agirSobreUsuario(u.id, acao);
      const nome = u.nome || u.email;
      toast.success(
        acao === "desativar"
          ? MSG.usuarioDesativado(nome)
          : acao === "reativar"
            ? MSG.usuarioReativado(nome)
            : acao === "papel"
              ? MSG.papelAlterado(nome, r.usuario.papel)
              : MSG.sessoesEncerradas(r.sessoesEncerradas),
      );
      await qc.invalidateQueries({ queryKey: CHAVE_PLATAFORMA });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroAcaoUsuario));
      throw e;
    }
  }

  return (
    <div className="mx-auto max-w-6xl min-w-0 space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Usuários</h1>
        <p className="mt-1 text-sm text-slate-600">Todos os usuários de todas as empresas da plataforma.</p>
      </div>
      <Card className="p-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 [&>*]:min-w-0">
          <Field label="Buscar">
            <Input
              type="search"
              placeholder="Nome ou email"
              value={filtro.busca}
              onChange={(e) => mudar({ busca: e.target.value })}
            />
          </Field>
          <Field label="Papel">
            <Select value={filtro.papel ?? ""} onChange={(e) => mudar({ papel: (e.target.value || undefined) as never })}>
              <option value="">Todos</option>
              {PAPEIS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Empresa">
            <Select value={filtro.empresaId ?? ""} onChange={(e) => mudar({ empresaId: e.target.value || undefined })}>
              <option value="">Todas</option>
              {q.data?.empresas.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.nome}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Status">
            <Select value={filtro.status ?? ""} onChange={(e) => mudar({ status: (e.target.value || undefined) as never })}>
              <option value="">Todos</option>
              <option value="ativo">Ativos</option>
              <option value="inativo">Inativos</option>
            </Select>
          </Field>
        </div>
      </Card>

      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando usuários" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState titulo={MSG.erroCarregarUsuarios} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
        </Card>
      ) : (
        <div className="min-w-0 space-y-3" aria-busy={q.isFetching}>
          <p className="text-sm text-slate-600">{contar(q.data.total, "usuário", "usuários")}</p>
          <Table rotulo="Usuários da plataforma">
            <THead>
              <tr>
                <Th>Usuário</Th>
                <Th>Empresa</Th>
                <Th>Papel</Th>
                <Th>Status</Th>
                <Th className="text-right">Sessões</Th>
                <Th>Desde</Th>
                <Th>
                  <span className="sr-only">Ações</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {q.data.usuarios.length === 0 ? (
                <TableEmptyRow colunas={7}>{MSG.nenhumUsuarioEncontrado}</TableEmptyRow>
              ) : (
                q.data.usuarios.map((u) => (
                  <Tr key={u.id}>
                    <Td>
                      <p className="font-medium text-slate-900">{u.nome || "—"}</p>
                      <p className="text-xs text-slate-600">{u.email}</p>
                    </Td>
                    <Td>{u.empresaNome ?? "Plataforma"}</Td>
                    <Td>{u.papel}</Td>
                    <Td>
                      <Badge variante={u.ativo ? "verde" : "neutro"}>{u.ativo ? "Ativo" : "Inativo"}</Badge>
                    </Td>
                    <Td className="text-right tabular-nums">{u.sessoes}</Td>
                    <Td className="whitespace-nowrap">{formatarData(u.createdAt)}</Td>
                    <Td className="text-right">
                      {u.empresaId && (
                        <AcoesUsuario
                          u={u}
                          onPedir={(p) => (p?.acao === "reativar" ? void executar("reativar", u).catch(() => {}) : setPedido(p))}
                        />
                      )}
                    </Td>
                  </Tr>
                ))
              )}
            </TBody>
          </Table>
          <Pagination
            pagina={q.data.pagina}
            tamanho={q.data.tamanho}
            total={q.data.total}
            onChange={(pagina) => setFiltro((f) => ({ ...f, pagina }))}
          />
        </div>
      )}

      <ConfirmDialog
        open={pedido?.acao === "desativar" || pedido?.acao === "encerrar-sessoes"}
        onOpenChange={(v) => !v && setPedido(null)}
        titulo={pedido?.acao === "desativar" ? "Desativar Usuário" : "Encerrar Sessões"}
        mensagem={
          pedido?.acao === "desativar"
            ? `${pedido.usuario.nome || pedido.usuario.email} não poderá mais entrar e suas sessões serão encerradas. Deseja continuar?`
            : `Todas as sessões de ${pedido?.usuario.nome || pedido?.usuario.email} serão encerradas. Deseja continuar?`
        }
        rotuloConfirmar={pedido?.acao === "desativar" ? "Desativar" : "Encerrar"}
        rotuloConfirmando={pedido?.acao === "desativar" ? "Desativando..." : "Encerrando..."}
        perigo
        onConfirmar={() => pedido && executar(pedido.acao, pedido.usuario)}
      />
      <MudarPapelDialog
        usuario={pedido?.acao === "papel" ? pedido.usuario : null}
        onClose={() => setPedido(null)}
        onConfirmar={(u, papel) => executar("papel", u, papel)}
      />
    </div>
  );
}

function AcoesUsuario({ u, onPedir }: { u: TUsuarioPlataforma; onPedir: (p: TPedido) => void }) {
  const mutar = (acao: TAcaoUsuario | "papel") => onPedir({ acao, usuario: u });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Ações de ${u.nome || u.email}`}>
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {u.ativo ? (
          <DropdownMenuItem perigo onSelect={() => mutar("desativar")}>
            <UserX className="size-4" aria-hidden="true" />
            Desativar
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => mutar("reativar")}>
            <UserCheck className="size-4" aria-hidden="true" />
            Reativar
          </DropdownMenuItem>
        )}
        <DropdownMenuItem disabled={!u.ativo} onSelect={() => mutar("papel")}>
          <UserCog className="size-4" aria-hidden="true" />
          Alterar papel
        </DropdownMenuItem>
        <DropdownMenuItem disabled={u.sessoes === 0} onSelect={() => mutar("encerrar-sessoes")}>
          <LogOut className="size-4" aria-hidden="true" />
          Encerrar sessões
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MudarPapelDialog({
  usuario,
  onClose,
  onConfirmar,
}: {
  usuario: TUsuarioPlataforma | null;
  onClose: () => void;
  onConfirmar: (u: TUsuarioPlataforma, papel: string) => Promise<unknown>;
}) {
  const [papel, setPapel] = useState("");
  const [salvando, setSalvando] = useState(false);
  const escolhido = papel || (PAPEIS_EMPRESA.find((p) => p !== usuario?.papel) ?? "");
  return (
    <Dialog
      open={!!usuario}
      onOpenChange={(v) => {
        if (!v) {
          setPapel("");
          onClose();
        }
      }}
      titulo="Alterar Papel"
      descricao={usuario ? `${usuario.nome || usuario.email} · ${usuario.empresaNome ?? ""} · hoje ${usuario.papel}` : undefined}
      rodape={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            carregando={salvando}
            disabled={!usuario || escolhido === usuario.papel}
            onClick={async () => {
              if (!usuario) return;
              setSalvando(true);
              try {
                await onConfirmar(usuario, escolhido);
                setPapel("");
                onClose();
              } catch {
                // the toast said why; the dialog stays open
              } finally {
                setSalvando(false);
              }
            }}
          >
            {salvando ? "Salvando..." : "Salvar"}
          </Button>
        </>
      }
    >
      <Field label="Novo papel" dica="Dentro dos limites do plano da empresa. O usuário entra de novo com o novo papel.">
        <Select value={escolhido} onChange={(e) => setPapel(e.target.value)}>
          {PAPEIS_EMPRESA.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </Field>
    </Dialog>
  );
}

import { formatarBRL, formatarDataHora } from "@crm/domain/format";
import { formatarTelefone } from "@crm/domain/phone-display";
import type { TFiltroProcessos, TOrdemProcessos, TProcesso } from "@crm/domain/schemas/processes";
import { ArrowDown, ArrowUp, ArrowUpDown, MessageSquare, Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../ui/Button";
import { LegalStatusBadge } from "../../ui/LegalStatusBadge";
import { PotentialBadge } from "../../ui/PotentialBadge";
import { Table, TableEmptyRow, TBody, Td, THead, Th, Tr } from "../../ui/Table";

type TOrdem = Pick<TFiltroProcessos, "ordem" | "direcao">;
type Props = {
  itens: TProcesso[];
  ordem: TOrdem;
  onOrdenar: (o: TOrdem) => void;
  onAbrir: (p: TProcesso) => void;
  podeEditar: boolean;
  vazio: ReactNode;
};

const COLUNAS = 11;

/** The /processos table: sorted and paged on the server; each row opens the edit dialog or the lead's chat. */
/** A column pinned to the table's right edge, with a soft shadow over what scrolls under it. */
const FIXA = "sticky right-0 z-[1] shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.2)]";

export function ProcessesTable({ itens, ordem, onOrdenar, onAbrir, podeEditar, vazio }: Props) {
  const o = (rotulo: string, chave: TOrdemProcessos, className?: string) => (
    <Ordenavel rotulo={rotulo} chave={chave} ordem={ordem} onOrdenar={onOrdenar} className={className} />
  );
  return (
    <Table rotulo="Processos jurídicos">
      <THead>
        <tr>
          {o("Lead", "nome")}
          <Th>Telefone</Th>
          {o("Valor do contrato", "valor_contrato", "text-right")}
          {o("Valor fechado", "valor_contrato_fechado", "text-right")}
          {o("Potencial de revisão", "revisional_razao")}
          <Th>Consultor</Th>
          <Th>Profissional jurídico</Th>
          {o("Status jurídico", "status_juridico_lead")}
          {o("Última atualização", "updated_at")}
          {/* the actions stay in view while the wide table scrolls sideways (laptop widths) */}
          <Th className={`${FIXA} bg-slate-50 text-right`}>Ações</Th>
        </tr>
      </THead>
      <TBody>
        {itens.length === 0 ? (
          <TableEmptyRow colunas={COLUNAS}>{vazio}</TableEmptyRow>
        ) : (
          itens.map((p) => (
            <Tr key={p.id}>
              <Td>
                <p className="font-medium text-slate-900">{p.nome}</p>
                {p.email && <p className="text-xs text-slate-600">{p.email}</p>}
              </Td>
              <Td className="whitespace-nowrap">{p.telefone ? formatarTelefone(p.telefone) : "—"}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{formatarBRL(p.valor_contrato)}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">
                {p.valor_contrato_fechado === null ? "—" : formatarBRL(p.valor_contrato_fechado)}
              </Td>
              <Td>
                <PotentialBadge razao={p.revisional_razao} faixa={p.revisional_faixa} />
              </Td>
              <Td>{p.consultor_nome ?? <span className="text-slate-500">Não atribuído</span>}</Td>
              {/* the professional's name; the server falls back to the e-mail only when the account has no name */}
              <Td>{p.profissional_nome ?? <span className="text-slate-500">Não atribuído</span>}</Td>
              <Td>
                <LegalStatusBadge status={p.status_juridico_lead} />
              </Td>
              <Td className="whitespace-nowrap">{formatarDataHora(p.updated_at)}</Td>
              <Td className={`${FIXA} bg-white text-right`}>
                <div className="flex justify-end gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onAbrir(p)}
                    aria-label={`${podeEditar ? "Editar" : "Ver"} processo de ${p.nome}`}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                    {podeEditar ? "Editar" : "Ver"}
                  </Button>
                  <Link to={`/chat/${p.id}`} className={buttonClasses("outline", "sm")} aria-label={`Chat com ${p.nome}`}>
                    <MessageSquare className="size-4" aria-hidden="true" />
                    Chat
                  </Link>
                </div>
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}

type TOrdenavel = { rotulo: string; chave: TOrdemProcessos; ordem: TOrdem; onOrdenar: Props["onOrdenar"]; className?: string };

/** A header that sorts by its column; a second click reverses the order. */
function Ordenavel({ rotulo, chave, ordem, onOrdenar, className }: TOrdenavel) {
  const ativa = ordem.ordem === chave;
  const Icone = !ativa ? ArrowUpDown : ordem.direcao === "asc" ? ArrowUp : ArrowDown;
  return (
    <Th className={className} aria-sort={ativa ? (ordem.direcao === "asc" ? "ascending" : "descending") : "none"}>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded font-semibold hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-blue-600"
        onClick={() =>
          onOrdenar({
            ordem: chave,
            direcao: ativa && ordem.direcao === "desc" ? "asc" : ativa ? "desc" : chave === "nome" ? "asc" : "desc",
          })
        }
      >
        {rotulo}
        <Icone className="size-3.5" aria-hidden="true" />
      </button>
    </Th>
  );
}

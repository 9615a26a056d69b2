import { formatarData } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { formatarTelefone } from "@crm/domain/phone-display";
import type { TConsultor } from "@crm/domain/schemas/team";
import { Pencil, Trash2 } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Table, TableEmptyRow, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { ConnectionStatusBadge } from "./ConnectionStatusBadge";

type Props = { consultores: TConsultor[]; onEditar: (c: TConsultor) => void; onDeletar: (c: TConsultor) => void };

/** The consultants with their live presence and how many leads each has. */
export function ConsultantsTable({ consultores, onEditar, onDeletar }: Props) {
  return (
    <Table aria-label="Consultores">
      <THead>
        <tr>
          <Th>Consultor</Th>
          <Th>WhatsApp</Th>
          <Th>Status</Th>
          <Th className="text-right">Leads atribuídos</Th>
          <Th>Acesso</Th>
          <Th>Desde</Th>
          <Th className="text-right">Ações</Th>
        </tr>
      </THead>
      <TBody>
        {consultores.length === 0 ? (
          <TableEmptyRow colunas={7}>{MSG.nenhumConsultor}</TableEmptyRow>
        ) : (
          consultores.map((c) => (
            <Tr key={c.id}>
              <Td>
                <p className="font-medium text-slate-900">{c.nome}</p>
                <p className="text-xs text-slate-600">{c.email}</p>
              </Td>
              <Td>{c.whatsapp ? formatarTelefone(c.whatsapp) : "—"}</Td>
              <Td>
                <ConnectionStatusBadge status={c.status_conexao} />
              </Td>
              <Td className="text-right tabular-nums">{c.leads_atribuidos}</Td>
              <Td>{c.tem_acesso ? <Badge variante="verde">Ativo</Badge> : <Badge>Sem acesso</Badge>}</Td>
              <Td>{formatarData(c.created_at)}</Td>
              <Td>
                <div className="flex justify-end gap-1">
                  <Button size="sm" variant="ghost" onClick={() => onEditar(c)} aria-label={`Editar ${c.nome}`}>
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700"
                    onClick={() => onDeletar(c)}
                    aria-label={`Deletar ${c.nome}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}

import { formatarBRL, formatarInteiro } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import type { TEmpresaIndicadores } from "@crm/domain/schemas/platform";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Badge } from "../../ui/Badge";
import { Card, CardHeader, CardTitle } from "../../ui/Card";
import { Pagination } from "../../ui/Pagination";
import { Table, TableEmptyRow, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { PlatformFigures } from "./PlatformFigures";

/** /analytics (Admin Plataforma): the platform figures of a From/To period and one sortable row per company. */
export function AnalyticsPage() {
  useDocumentTitle("Analytics");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "plataforma.gerenciar")) return <AccessDenied mensagem={MSG.acessoNegado} />;
  return (
    <PlatformFigures titulo="Analytics" descricao="Indicadores da plataforma por período e por empresa.">
      {(d) => <TabelaEmpresas empresas={d.empresas ?? []} />}
    </PlatformFigures>
  );
}

type TColuna = { chave: keyof TEmpresaIndicadores; rotulo: string; numero?: boolean };
const COLUNAS: TColuna[] = [
  { chave: "nome", rotulo: "Empresa" },
  { chave: "plano", rotulo: "Plano" },
  { chave: "status", rotulo: "Status" },
  { chave: "usuarios", rotulo: "Usuários", numero: true },
  { chave: "leads", rotulo: "Leads no período", numero: true },
  { chave: "taxaConversao", rotulo: "Conversão", numero: true },
  { chave: "mrr", rotulo: "MRR", numero: true },
];
const TAMANHO = 20;
const VARIANTE_STATUS = { Ativo: "verde", Inativo: "neutro", Suspenso: "vermelho" } as const;

function TabelaEmpresas({ empresas }: { empresas: TEmpresaIndicadores[] }) {
  const [ordem, setOrdem] = useState<{ chave: keyof TEmpresaIndicadores; asc: boolean }>({ chave: "leads", asc: false });
  const [pagina, setPagina] = useState(1);
  const ordenadas = useMemo(() => {
    const fator = ordem.asc ? 1 : -1;
    return [...empresas].sort((a, b) => {
      const x = a[ordem.chave];
      const y = b[ordem.chave];
      const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), "pt-BR");
      return c * fator || a.nome.localeCompare(b.nome, "pt-BR");
    });
  }, [empresas, ordem]);
  const pag = Math.min(pagina, Math.max(1, Math.ceil(ordenadas.length / TAMANHO)));
  const visiveis = ordenadas.slice((pag - 1) * TAMANHO, pag * TAMANHO);
  const ordenar = (chave: keyof TEmpresaIndicadores, numero?: boolean) => {
    setOrdem((o) => (o.chave === chave ? { chave, asc: !o.asc } : { chave, asc: !numero }));
    setPagina(1);
  };
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Empresas</CardTitle>
        <p className="text-sm text-slate-600">Clique no título de uma coluna para ordenar.</p>
      </CardHeader>
      <div className="space-y-3 px-4 pb-4">
        <Table rotulo="Indicadores por empresa">
          <THead>
            <tr>
              {COLUNAS.map((c) => {
                const ativa = ordem.chave === c.chave;
                const Icone = ativa ? (ordem.asc ? ArrowUp : ArrowDown) : ArrowUpDown;
                return (
                  <Th
                    key={c.chave}
                    className={c.numero ? "text-right" : undefined}
                    aria-sort={ativa ? (ordem.asc ? "ascending" : "descending") : "none"}
                  >
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-blue-600"
                      onClick={() => ordenar(c.chave, c.numero)}
                    >
                      {c.rotulo}
                      <Icone className="size-3.5" aria-hidden="true" />
                    </button>
                  </Th>
                );
              })}
            </tr>
          </THead>
          <TBody>
            {visiveis.length === 0 ? (
              <TableEmptyRow colunas={COLUNAS.length}>{MSG.semEmpresasNoPeriodo}</TableEmptyRow>
            ) : (
              visiveis.map((e) => (
                <Tr key={e.id}>
                  <Td className="font-medium">
                    <Link to={`/empresa/${e.id}`} className="text-blue-800 hover:underline">
                      {e.nome}
                    </Link>
                  </Td>
                  <Td>{e.plano}</Td>
                  <Td>
                    <Badge variante={VARIANTE_STATUS[e.status]}>{e.status}</Badge>
                    {e.emTeste && (
                      <Badge variante="amarelo" className="ml-1">
                        Em teste
                      </Badge>
                    )}
                  </Td>
                  <Td className="text-right tabular-nums">{formatarInteiro(e.usuarios)}</Td>
                  <Td className="text-right tabular-nums">{formatarInteiro(e.leads)}</Td>
                  <Td className="text-right tabular-nums">{e.taxaConversao}%</Td>
                  <Td className="text-right tabular-nums">{formatarBRL(e.mrr)}</Td>
                </Tr>
              ))
            )}
          </TBody>
        </Table>
        <Pagination pagina={pag} tamanho={TAMANHO} total={ordenadas.length} onChange={setPagina} />
      </div>
    </Card>
  );
}

import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import { FileSpreadsheet, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { useChosenCompany } from "../../../lib/chosenCompany";
import { useSessaoAtual } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { AccessDenied } from "../../../ui/AccessDenied";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../ui/Card";
import { SelectCompanyFirst } from "../../../ui/SelectCompanyFirst";
import { baseLeads } from "../api";
import { CsvImportCard } from "./CsvImportCard";
import { ManualLeadForm } from "./ManualLeadForm";

/** 001 §9: the success banner stays 3 seconds. */
const DURACAO_BANNER = 3_000;

/** /leads-import (001 'Lead import'): the manual 'Novo Lead' form and the CSV bulk import. Administrators only (001 §6). */
export function LeadsImportPage() {
  useDocumentTitle("Importar Leads");
  const { usuario } = useSessaoAtual();
  const empresaId = useChosenCompany(); // the platform admin imports into the chosen company (decision 1642)
  if (!pode(usuario.papel, "leads.importar")) return <AccessDenied mensagem={MSG.acessoNegadoImportar} />;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return <SelectCompanyFirst descricao="A importação de leads é feita dentro de uma empresa." />;
  }
  return <Importacao empresaId={empresaId} />;
}

function Importacao({ empresaId }: { empresaId: string | null }) {
  const base = baseLeads(empresaId);
  const [formularioAberto, setFormularioAberto] = useState(false);
  const [sucesso, setSucesso] = useState<string | null>(null);
  useEffect(() => {
    if (!sucesso) return;
    const t = setTimeout(() => setSucesso(null), DURACAO_BANNER);
    return () => clearTimeout(t);
  }, [sucesso]);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Importar Leads</h1>
          <p className="mt-1 text-sm text-slate-600">Cadastre um lead manualmente ou importe vários de uma planilha CSV.</p>
        </div>
        <Button
          onClick={() => setFormularioAberto((v) => !v)}
          aria-expanded={formularioAberto}
          variant={formularioAberto ? "outline" : "primary"}
        >
          <UserPlus className="size-4" aria-hidden="true" />
          {formularioAberto ? "Fechar formulário" : "Novo Lead"}
        </Button>
      </div>
      {sucesso && <Alert tipo="sucesso">{sucesso}</Alert>}
      {formularioAberto && (
        <Card>
          <CardHeader>
            <CardTitle>Novo Lead</CardTitle>
          </CardHeader>
          <CardContent>
            <ManualLeadForm base={base} onCriado={() => setSucesso(MSG.leadCriado)} />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FileSpreadsheet className="size-5 text-blue-700" aria-hidden="true" />
            Importação em massa (CSV)
          </CardTitle>
          <p className="text-sm text-slate-600">
            Baixe o modelo, preencha uma linha por lead e envie o arquivo. Linhas com erro impedem a importação; telefones já
            cadastrados são ignorados.
          </p>
        </CardHeader>
        <CardContent>
          <CsvImportCard base={base} onImportado={(n) => setSucesso(MSG.leadsImportados(n))} />
        </CardContent>
      </Card>
    </div>
  );
}

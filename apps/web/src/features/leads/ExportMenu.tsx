import { MSG } from "@crm/domain/messages";
import type { TFiltroLeads } from "@crm/domain/schemas/leads";
import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../ui/DropdownMenu";
import { toast } from "../../ui/toast";
import { baixarExportacao } from "./api";
import { mensagemOu } from "./erros";

/** 'Exportar': the filtered list as CSV (Excel pt-BR) or XLSX; the button shows progress while the file is built. */
export function ExportMenu({ base, filtro }: { base: string; filtro: TFiltroLeads }) {
  const [exportando, setExportando] = useState(false);
  async function exportar(formato: "csv" | "xlsx") {
    setExportando(true);
    try {
      await baixarExportacao(base, filtro, formato);
    } catch (e) {
      toast.error(mensagemOu(e, MSG.erroExportarLeads));
    } finally {
      setExportando(false);
    }
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" carregando={exportando}>
          {!exportando && <Download className="size-4" aria-hidden="true" />}
          {exportando ? "Exportando..." : "Exportar"}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => void exportar("csv")}>
          <FileText className="size-4" aria-hidden="true" />
          CSV (Excel)
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void exportar("xlsx")}>
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          Planilha XLSX
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

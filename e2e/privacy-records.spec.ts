import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

/** Decisions 1872–1874: the admin downloads the ROPA of art. 37 and reads the last retention report. */

// the screen's own content, violations only: axe over the whole shell took minutes on a loaded machine
const violacoes = async (page: Page) =>
  (await analisarAxe(page, (b) => b.include("main#conteudo").options({ resultTypes: ["violations"] }))).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate")
    .map((v) => ({ regra: v.id, onde: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));

test("the admin generates a ROPA version, downloads it as PDF and XLSX, and sees last night's retention report", async ({
  page,
}) => {
  // two downloads, a reload and axe: more than the default minute on a loaded machine
  test.setTimeout(240_000);
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");

  await page.goto("/privacidade");
  await page.getByRole("link", { name: "Registro de operações" }).click();
  await expect(page).toHaveURL(/\/privacidade\/registro$/);
  await expect(page.getByRole("heading", { name: "Registro de operações", level: 1 })).toBeVisible();

  // the demo's versions are listed, newest first, each with its date
  const versoes = page.getByRole("region", { name: "Versões do registro de operações" });
  await expect(versoes.getByRole("row").nth(1)).toContainText("v2");
  const antes = await versoes.getByRole("row").count();

  await page.getByRole("button", { name: "Gerar nova versão" }).click();
  const nova = antes; // header + the versions before: the new one is v{antes}
  await expect(page.getByText(`Versão ${nova} do registro de operações gerada.`)).toBeVisible();
  await expect(versoes.getByRole("row").nth(1)).toContainText(`v${nova}`);

  // the PDF and the spreadsheet of the new version, through the authorized route
  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: `Baixar a versão ${nova} em PDF` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^registro-de-operacoes-v${nova}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe("%PDF-");
  const [xlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: `Baixar a versão ${nova} em XLSX` }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^registro-de-operacoes-v${nova}-.+\\.xlsx$`));
  // an XLSX is a zip: its first bytes are 'PK'
  expect((await readFile(await xlsx.path())).subarray(0, 2).toString()).toBe("PK");

  // last night's run: the three demo leads silent for 14 months, by category
  const relatorio = page.getByRole("list", { name: "Execuções da retenção" });
  await expect(relatorio.getByText(/^Última execução: .+ — 3 itens removidos$/)).toBeVisible();
  await expect(relatorio).toContainText("Leads nunca convertidos (12 meses após a última mensagem): 3");
  await expect(relatorio).toContainText("Solicitações de privacidade encerradas (60 meses após o encerramento): 0");

  // a bad rule is refused next to the form, and nothing is saved
  const meses = page.getByRole("spinbutton", { name: "Meses (meses após a última mensagem)" });
  await meses.fill("0");
  await page.getByRole("button", { name: "Salvar regras" }).click();
  await expect(page.getByText("Informe de 1 a 120 meses.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("spinbutton", { name: "Meses (meses após a última mensagem)" })).toHaveValue("12");

  expect(await violacoes(page)).toEqual([]);
});

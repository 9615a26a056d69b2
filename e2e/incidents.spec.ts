import { expect, type Page, test } from "@playwright/test";
import { MSG_INCIDENTES } from "../packages/domain/src/incidents";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

/** Decisions 1875–1877: the company admin registers a security incident, sees its countdown and the ANPD draft. */

const violacoes = async (page: Page) =>
  (await analisarAxe(page)).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate")
    .map((v) => ({ regra: v.id, onde: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));

test("the admin registers an incident for one chosen lead: 3 business days left, the ANPD draft, then communicated", async ({
  page,
}) => {
  // several screens, a form and axe three times: axe alone took 35 s on this shared machine under load
  test.setTimeout(420_000);
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");

  // from /privacidade to its incident register, where the demo's incidents are listed
  await page.goto("/privacidade");
  await page.getByRole("link", { name: "Incidentes de segurança" }).click();
  await expect(page.getByRole("heading", { name: "Incidentes de segurança", level: 1 })).toBeVisible();
  const tabela = page.getByRole("region", { name: "Incidentes de segurança" });
  await expect(tabela.getByText("Planilha de leads enviada a destinatário externo")).toBeVisible();
  expect(await violacoes(page)).toEqual([]);

  await page.getByRole("button", { name: "Registrar incidente" }).click();
  const form = page.getByRole("dialog", { name: "Registrar incidente" });
  // Res. 15/2024's risk questions: financial data and elderly titulares come pre-marked
  await expect(form.getByRole("checkbox", { name: "Dados financeiros" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Dados de idosos" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Dados pessoais sensíveis" })).not.toBeChecked();
  // a missing title is said next to its field, in pt-BR
  await form.getByRole("button", { name: "Registrar" }).click();
  await expect(form.getByText("Informe um título.")).toBeVisible();

  const titulo = `Conversa exportada por engano ${Date.now()}`;
  await form.getByLabel("Título").fill(titulo);
  await form
    .getByLabel("O que aconteceu (e a causa, se conhecida)")
    .fill("Um consultor exportou uma conversa e a enviou ao contato errado.");
  await form.getByLabel("Riscos e possíveis impactos aos titulares").fill("Golpe usando os dados do contrato.");
  // the affected titulares: one lead chosen from the list, counted before saving
  await form.getByLabel("Quais leads foram afetados").selectOption("lista");
  await form.getByLabel("Buscar lead por nome ou telefone").fill("a");
  await form.getByLabel("Buscar lead por nome ou telefone").fill("an");
  const encontrados = form.getByRole("list", { name: "Leads encontrados" });
  await encontrados.getByRole("button", { name: "Adicionar" }).first().click();
  await expect(form.getByRole("status").filter({ hasText: "1 titular afetado" })).toBeVisible();
  expect(await violacoes(page)).toEqual([]);
  await form.getByRole("button", { name: "Registrar" }).click();

  // the incident opens: the clock of 3 business days (São Paulo), green, and the ANPD communication's draft
  const detalhe = page.getByRole("dialog", { name: new RegExp(`^INC-\\d{4}-\\d{3} — ${titulo}$`) });
  // the dialog reads the incident first: a loaded machine took over 10 s to answer and render it
  await expect(detalhe.getByRole("textbox", { name: "Rascunho da comunicação à ANPD" })).toBeVisible({ timeout: 30_000 });
  await expect(detalhe.getByText(/^3 dias úteis · \d+ h$/)).toBeVisible();
  await expect(detalhe.getByText(/^até \d{2}\/\d{2}\/\d{4} às 23:59$/)).toBeVisible();
  const rascunho = detalhe.getByRole("textbox", { name: "Rascunho da comunicação à ANPD" });
  await expect(rascunho).toHaveValue(/COMUNICAÇÃO DE INCIDENTE DE SEGURANÇA À ANPD/);
  await expect(rascunho).toHaveValue(new RegExp(`Descrição do incidente e causa principal: ${titulo}`));
  await expect(rascunho).toHaveValue(/Número de titulares afetados: 1;/);
  await expect(rascunho).toHaveValue(/Encarregado: Dra\. Helena Prado/);
  await expect(rascunho).toHaveValue(/Dados financeiros; Dados de idosos/);
  await expect(rascunho).toHaveValue(/Golpe usando os dados do contrato\./);
  await expect(rascunho).toHaveValue(/Motivos da demora: Comunicação dentro do prazo/);
  await expect(detalhe.getByRole("list", { name: "Titulares afetados" }).getByText("Ainda não avisado")).toBeVisible();
  expect(await violacoes(page)).toEqual([]);

  // 'Avisar todos' (decision 1945): confirmed, the notice goes to the titular not notified yet, on the record
  await detalhe.getByRole("button", { name: `${MSG_INCIDENTES.avisarTodos} (1)` }).click();
  const confirmar = page.getByRole("dialog", { name: MSG_INCIDENTES.avisarTodosTitulo });
  await expect(confirmar.getByText(MSG_INCIDENTES.avisarTodosConfirmar(1))).toBeVisible();
  await confirmar.getByRole("button", { name: "Enviar avisos" }).click();
  await expect(
    page.getByText(/^1 aviso na fila do WhatsApp · 0 por email\.$|^0 avisos na fila do WhatsApp · 1 por email\.$/),
  ).toBeVisible();
  await expect(detalhe.getByText(MSG_INCIDENTES.nenhumAvisoPendente)).toBeVisible();
  await expect(
    detalhe.getByRole("list", { name: "Titulares afetados" }).getByText(/^Avisado por (WhatsApp|email) em /),
  ).toBeVisible();

  // ANPD's protocol recorded: the clock stops, the history says so
  await detalhe.getByLabel("Protocolo da ANPD").fill("00261.009999/2026-01");
  await detalhe.getByRole("button", { name: "Registrar comunicação" }).click();
  await expect(detalhe.getByText("Protocolo ANPD: 00261.009999/2026-01")).toBeVisible();
  await expect(detalhe.getByText(/— Comunicado à ANPD · /)).toBeVisible();
  await page.keyboard.press("Escape");
  const linha = tabela.getByRole("row").filter({ hasText: titulo });
  await expect(linha.getByText("Comunicado à ANPD")).toBeVisible();
  await expect(linha.getByText(/^Comunicado em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
});

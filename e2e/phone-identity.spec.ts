import { expect, type Page, test } from "@playwright/test";
import { fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

const CABECALHO = "nome;telefone;tipo_financiamento;valor_total_financiado;valor_parcela";
const sufixo = Date.now().toString(36);
/** A fresh mobile per run: 9 + 8 digits. */
const numero = `9${String(Date.now() % 1e8).padStart(8, "0")}`;
const digitado = `31 ${numero.slice(0, 5)}-${numero.slice(5)}`;
const formatado = `(31) ${numero.slice(0, 5)}-${numero.slice(5)}`;
const ultimos4 = numero.slice(-4);

async function entrar(page: Page) {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
}

test("a phone typed without 55 is one identity: shown formatted, wa.me with 55, found by its last 4 digits on /leads and the top bar", async ({
  page,
}) => {
  const nome = `Fone Identidade ${sufixo}`;
  await entrar(page);
  await page.goto("/leads-import");
  await page.getByLabel("Selecionar arquivo CSV").setInputFiles({
    name: "leads.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${CABECALHO}\r\n${nome};${digitado};Carro;10.000,00;500,00\r\n`),
  });
  await page.getByRole("button", { name: "Importar 1 lead" }).click();
  await expect(page.getByRole("status").filter({ hasText: /1 lead importado/ })).toBeVisible();

  // /leads: search by the last 4 digits; the row shows the phone formatted and links to the full number
  await page.goto("/leads?periodo=all");
  await page.getByLabel("Buscar leads por nome, email ou telefone").fill(ultimos4);
  const linha = page.getByRole("row").filter({ hasText: nome });
  await expect(linha).toBeVisible();
  await expect(linha.getByRole("cell", { name: formatado })).toBeVisible();
  await expect(linha.getByRole("link", { name: `Abrir WhatsApp de ${nome} (nova aba)` })).toHaveAttribute(
    "href",
    `https://wa.me/5531${numero}`,
  );
  // '9xxxx-xxxx' as people write it finds it too
  await page.getByLabel("Buscar leads por nome, email ou telefone").fill(`${numero.slice(0, 5)}-${numero.slice(5)}`);
  await expect(page.getByRole("row").filter({ hasText: nome })).toBeVisible();

  // the top bar: the last 4 digits find it, with the phone formatted
  const topo = page.getByRole("combobox", { name: "Buscar leads e consultores" });
  await topo.fill(ultimos4);
  const opcao = page.getByRole("option").filter({ hasText: nome });
  await expect(opcao).toBeVisible();
  await expect(opcao).toContainText(formatado);
  await opcao.click();
  await expect(page).toHaveURL(/\/chat\//);
  // the chat shows the same formatted phone
  await expect(page.getByText(formatado).first()).toBeVisible();
});

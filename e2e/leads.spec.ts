import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

const CABECALHO =
  "nome;telefone;tipo_financiamento;valor_total_financiado;valor_parcela;quantidade_parcelas_pagas;objetivo_cliente";
const sufixo = Date.now().toString(36);
/** A fresh mobile number per run, so reruns against the same server never collide. */
const telefone = (n: number) =>
  `(31) 9${String((Date.now() % 1e7) * 10 + n)
    .padStart(8, "0")
    .slice(-8)}`;

async function entrar(page: Page, rotulo: "Admin Empresa" | "Consultor") {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
}

/** Serious or critical accessibility violations of the page as it is now. */
async function violacoesSerias(page: Page) {
  const { violations } = await analisarAxe(page);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

async function buscarPorNome(page: Page, nome: string): Promise<{ id: string; nome: string; status_lead: string }[]> {
  const res = await page.request.get(`/api/leads?periodo=all&busca=${encodeURIComponent(nome)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).itens;
}

test("CSV import: a bad line shows 'Linha N' and inserts nothing; the corrected file goes in", async ({ page }) => {
  await entrar(page, "Admin Empresa");
  await page.goto("/leads-import");
  await expect(page.getByRole("heading", { name: "Importar Leads" })).toBeVisible();

  const modelo = page.waitForEvent("download");
  await page.getByRole("button", { name: "Baixar modelo CSV" }).click();
  expect((await modelo).suggestedFilename()).toBe("template_leads_revisional.csv");

  const nomes = [`Ana Importada ${sufixo}`, `Bruno Importado ${sufixo}`, `Carla Importada ${sufixo}`];
  const linhas = [
    `${nomes[0]};${telefone(1)};Carro;45.000,00;1.200,50;12;Reduzir parcelas`,
    `${nomes[1]};;Casa;"120.000,00";900;3;sem telefone`,
    `${nomes[2]};${telefone(3)};Moto;"R$ 9.800,00";350;;"Quitar, com desconto"`,
  ];
  const arquivo = (ls: string[]) => ({
    name: "leads.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${[CABECALHO, ...ls].join("\r\n")}\r\n`),
  });

  await page.getByLabel("Selecionar arquivo CSV").setInputFiles(arquivo(linhas));
  await expect(page.getByText("Linha 3: Campos obrigatórios ausentes (nome, telefone)")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Importar \d+ leads?$/ })).toBeDisabled();
  // the preview shows the first lines as they will be read
  await expect(page.getByRole("cell", { name: "Quitar, com desconto" })).toBeVisible();
  expect(await buscarPorNome(page, sufixo)).toEqual([]);
  expect(await violacoesSerias(page)).toEqual([]);

  linhas[1] = `${nomes[1]};${telefone(2)};Casa;"120.000,00";900;3;agora com telefone`;
  await page.getByRole("button", { name: "Escolher outro arquivo" }).click();
  await page.getByLabel("Selecionar arquivo CSV").setInputFiles(arquivo(linhas));
  await page.getByRole("button", { name: "Importar 3 leads" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 leads importados com sucesso!" })).toBeVisible();
  const resultado = page.getByRole("region", { name: "Resultado da importação" });
  await expect(resultado.getByText("Importados")).toBeVisible();
  await expect(resultado.getByText("3", { exact: true })).toBeVisible();
  // the success banner goes away after 3 seconds
  await expect(page.getByText("3 leads importados com sucesso!")).toBeHidden({ timeout: 6_000 });

  const importados = await buscarPorNome(page, sufixo);
  expect(importados.map((l) => l.nome).sort()).toEqual([...nomes].sort());
  expect(importados.every((l) => l.status_lead === "Novo Lead")).toBe(true);

  // the same file again: every phone is already a lead, nothing is inserted twice
  await page.getByRole("button", { name: "Importar outro arquivo" }).click();
  await page.getByLabel("Selecionar arquivo CSV").setInputFiles(arquivo(linhas));
  await page.getByRole("button", { name: "Importar 3 leads" }).click();
  await expect(page.getByText("Telefones duplicados (não importados de novo)")).toBeVisible();
  expect(await buscarPorNome(page, sufixo)).toHaveLength(3);
});

test("a manual lead, assigned by the admin, appears live on the consultant's board and is dragged to another column", async ({
  page,
  browser,
}) => {
  const nome = `Diego Manual ${sufixo}`;
  await entrar(page, "Admin Empresa");
  await page.goto("/leads-import");
  await page.getByRole("button", { name: "Novo Lead" }).click();
  const form = page.getByRole("form", { name: "Novo Lead" });
  await form.getByRole("button", { name: "Salvar Lead" }).click();
  await expect(form.getByText("Nome é obrigatório")).toBeVisible();
  await expect(form.getByText("Valor total financiado deve ser maior que zero")).toBeVisible();
  await form.getByLabel("Nome").fill(nome);
  await form.getByLabel("Email").fill(`diego.${sufixo}@exemplo.com`);
  await form.getByLabel("Telefone").fill(telefone(7));
  await form.getByLabel("Tipo de financiamento").selectOption("Crédito Pessoal");
  await form.getByLabel("Valor total financiado").fill("R$ 30.000,00");
  await form.getByLabel("Valor da parcela").fill("1.050,75");
  await form.getByLabel("Quantidade de parcelas pagas").pressSequentially("1a0");
  await expect(form.getByLabel("Quantidade de parcelas pagas")).toHaveValue("10");
  await form.getByRole("button", { name: "Salvar Lead" }).click();
  await expect(page.getByText("Lead criado com sucesso!")).toBeVisible();
  const [lead] = await buscarPorNome(page, nome);
  expect(lead).toBeTruthy();

  // first another consultant has it: the demo consultant (Camila Rocha) does not see it
  const consultores = (await (await page.request.get("/api/leads/consultores")).json()) as { id: string; nome: string }[];
  const camila = consultores.find((c) => c.nome === "Camila Rocha")!;
  const outro = consultores.find((c) => c.id !== camila.id)!;
  const r = await page.request.patch(`/api/leads/${lead.id}/consultor`, {
    data: { consultorId: outro.id },
    headers: await csrfHeader(page),
  });
  expect(r.status()).toBe(204);

  const outraSessao = await browser.newContext();
  const consultor = await outraSessao.newPage();
  try {
    await entrar(consultor, "Consultor");
    // the Consultor menu has /leads-import, but importing is for administrators (001 §6)
    await consultor.goto("/leads-import");
    await expect(consultor.getByText("Acesso negado. Apenas administradores podem importar leads.")).toBeVisible();
    await consultor.goto("/meus-leads");
    await consultor.getByLabel("Buscar", { exact: true }).fill(nome);
    await expect(consultor.getByText("Nenhum lead corresponde aos filtros aplicados")).toBeVisible();

    // the admin assigns it to Camila in /leads, through the modal
    await page.goto(`/leads?busca=${encodeURIComponent(nome)}`);
    await page.getByRole("button", { name: `Mais ações de ${nome}` }).click();
    await page.getByRole("menuitem", { name: "Atribuir consultor" }).click();
    const modal = page.getByRole("dialog", { name: "Atribuir Lead" });
    await modal.getByLabel("Consultor").selectOption(camila.id);
    await modal.getByRole("button", { name: "Atribuir" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole("row", { name: new RegExp(nome) }).getByText("Camila Rocha")).toBeVisible();

    // no reload on the consultant's side: the card shows up in Novos Leads
    const novos = consultor.getByRole("region", { name: "Novos Leads" });
    const cartao = novos.getByRole("article", { name: nome });
    await expect(cartao).toBeVisible();

    // drag it (mouse) to Em Atendimento
    const destino = consultor.getByRole("region", { name: "Em Atendimento" });
    const alca = cartao.getByRole("button", { name: `Mover ${nome}` });
    const de = (await alca.boundingBox())!;
    const para = (await destino.boundingBox())!;
    await consultor.mouse.move(de.x + de.width / 2, de.y + de.height / 2);
    await consultor.mouse.down();
    await consultor.mouse.move(de.x + 40, de.y + 10, { steps: 5 });
    await consultor.mouse.move(para.x + para.width / 2, para.y + 60, { steps: 10 });
    await consultor.mouse.up();
    await expect(destino.getByRole("article", { name: nome })).toBeVisible();
    await expect.poll(async () => (await buscarPorNome(page, nome))[0].status_lead).toBe("Em Atendimento");
    expect(await violacoesSerias(consultor)).toEqual([]);

    // and by keyboard, one column to the right: Convertidos. Once the board has settled (the move's own realtime
    // refresh re-renders it), as a person would: focus the grip, Space picks the card up (announced), arrow, Space.
    await expect(consultor.locator('[aria-busy="false"]').filter({ has: destino })).toHaveCount(1);
    const alcaNoDestino = destino.getByRole("button", { name: `Mover ${nome}` });
    // dnd-kit measures the columns once a drag starts: its "over the column" announcement says it is ready for the
    // arrows, and the next one that the card is over Convertidos before it is dropped
    const anuncio = consultor.locator("[role=status][aria-live]");
    await expect(async () => {
      await alcaNoDestino.focus();
      await expect(alcaNoDestino).toBeFocused();
      await consultor.keyboard.press("Space");
      await expect(anuncio).toHaveText(`${nome} sobre a coluna Em Atendimento.`, { timeout: 1_000 });
    }).toPass();
    await consultor.keyboard.press("ArrowRight");
    await expect(anuncio).toHaveText(`${nome} sobre a coluna Convertidos.`);
    await consultor.keyboard.press("Space");
    await expect(consultor.getByRole("region", { name: "Convertidos" }).getByRole("article", { name: nome })).toBeVisible();
    // the moved card keeps the focus in its new column (WCAG 2.4.3, focus order): not the page's body
    await expect(
      consultor.getByRole("region", { name: "Convertidos" }).getByRole("button", { name: `Mover ${nome}` }),
    ).toBeFocused();
    await expect.poll(async () => (await buscarPorNome(page, nome))[0].status_lead).toBe("Convertido (Ganho)");

    // the admin's history of the lead shows both moves and the assignments
    await page.reload();
    await page.getByRole("button", { name: `Mais ações de ${nome}` }).click();
    await page.getByRole("menuitem", { name: "Histórico" }).click();
    const historico = page.getByRole("dialog", { name: `Histórico de ${nome}` });
    await expect(historico.getByText("Convertido (Ganho)")).toBeVisible();
    await expect(historico.getByText("Camila Rocha").first()).toBeVisible();
  } finally {
    await outraSessao.close();
  }
});

test("export the filtered list as CSV and read it back", async ({ page }) => {
  await entrar(page, "Admin Empresa");
  const marca = `Exporta ${Date.now().toString(36)}`;
  for (const [i, valor] of ["45.000,00", "1.234.567,89"].entries()) {
    const res = await page.request.post("/api/leads", {
      headers: await csrfHeader(page),
      data: {
        nome: `${marca} ${i}`,
        email: `exporta${i}.${sufixo}@exemplo.com`,
        telefone: telefone(20 + i),
        tipo_financiamento: "Carro",
        valor_total_financiado: valor,
        valor_parcela: "1.200,50",
        quantidade_parcelas_pagas: "12",
        objetivo_cliente: "Revisar; juros",
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto(`/leads?busca=${encodeURIComponent(marca)}`);
  await expect(page.getByRole("row", { name: new RegExp(`${marca} 0`) })).toBeVisible();
  expect(await violacoesSerias(page)).toEqual([]);
  await page.getByRole("button", { name: "Exportar" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "CSV (Excel)" }).click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const texto = readFileSync((await arquivo.path())!, "utf8");
  expect(texto.startsWith("\uFEFFNome;Email;Telefone;Status;Consultor;Origem;Valor do contrato (R$);")).toBe(true);
  const linhas = texto.slice(1).trim().split("\r\n");
  expect(linhas).toHaveLength(3); // the header and the two leads of the search
  const campos = linhas.find((l) => l.startsWith(`${marca} 1;`))!.split(";");
  expect(campos.slice(3, 10)).toEqual(["Novo Lead", "", "Manual", "1.234.567,89", "Carro", "1.200,50", "12"]);
  expect(linhas.find((l) => l.startsWith(`${marca} 0;`))).toContain('"Revisar; juros"');
  expect(campos.at(-2)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
});

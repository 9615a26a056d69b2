import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { csrfHeader, LoginPage } from "./support/pages";

/** Decisions 1861–1864: the admin answers an erasure request on /privacidade by erasing; atendida or parcialmente. */

const violacoes = async (page: Page) =>
  (await analisarAxe(page)).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate")
    .map((v) => ({ regra: v.id, onde: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));

type TPedido = { id: string; protocolo: string; direito: string; canal: string; status: string; lead_id: string | null };

async function entrarComoAdmin(page: Page): Promise<string> {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  return ((await (await page.request.get("/api/auth/sessao")).json()) as { empresa: { id: string } }).empresa.id;
}

/** A lead writes on the sandbox; the company registers their erasure request; the titular confirms the code. */
async function pedidoConfirmado(page: Page, empresaId: string, nome: string): Promise<string> {
  const telefone = `(11) 9${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`;
  const headers = await csrfHeader(page);
  expect(
    (await page.request.post("/api/testes/simular-mensagem", { headers, data: { telefone, nome, texto: "Oi" } })).status(),
  ).toBe(202);
  let leadId = "";
  await expect
    .poll(async () => {
      const c = (await (await page.request.get("/api/conversas?limite=20")).json()) as {
        itens: { leadId: string; nome: string }[];
      };
      leadId = c.itens.find((x) => x.nome === nome)?.leadId ?? "";
      return leadId;
    })
    .not.toBe("");
  const aberto = await page.request.post("/api/privacidade/pedidos", {
    headers,
    data: { direito: "anonimizacao_bloqueio_eliminacao", nome, telefone },
  });
  expect(aberto.status()).toBe(201);
  const { protocolo } = (await aberto.json()) as { protocolo: string };
  // the code leaves on WhatsApp with the protocol; the titular types it on the public page
  let codigo = "";
  await expect
    .poll(
      async () => {
        const msgs = (await (await page.request.get(`/api/chat/${leadId}/mensagens`)).json()) as {
          itens: { content: string; sender: string }[];
        };
        const m = msgs.itens.find((x) => x.sender === "sistema" && x.content.includes(protocolo));
        codigo = (m && /código (\d{6})/.exec(m.content)?.[1]) ?? "";
        return codigo;
      },
      { timeout: 30_000 },
    )
    .not.toBe("");
  const confirmado = await page.request.post(`/api/publico/privacidade/${empresaId}/confirmar`, {
    headers,
    data: { protocolo, codigo },
  });
  expect(confirmado.status()).toBe(200);
  return protocolo;
}

test("the admin erases a titular's data from the request: atendida, then a process held: parcialmente atendida", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const empresaId = await entrarComoAdmin(page);
  const protocolo = await pedidoConfirmado(page, empresaId, "Titular Eliminação E2E");

  await page.goto("/privacidade");
  const linha = page.getByRole("row").filter({ hasText: protocolo });
  // the list reads the requests first (a loaded machine may take a while): wait for the row, not a fixed time
  await expect(linha.getByText("Em andamento")).toBeVisible({ timeout: 30_000 });
  await linha.getByRole("button", { name: "Eliminar dados" }).click();
  const dialogo = page.getByRole("dialog", { name: `Eliminar dados — protocolo ${protocolo}` });
  await expect(dialogo.getByText("Manter por obrigação legal (LGPD, art. 16)")).toBeVisible();
  expect(await violacoes(page)).toEqual([]);
  // a hold without its reason is refused in pt-BR, and nothing is erased
  await dialogo.getByRole("checkbox", { name: /Registro fiscal/ }).check();
  await dialogo.getByRole("button", { name: "Eliminar dados" }).click();
  await expect(dialogo.getByText("Informe o motivo da retenção (ao menos 10 caracteres).")).toBeVisible();
  await dialogo.getByRole("checkbox", { name: /Registro fiscal/ }).uncheck();
  await dialogo.getByRole("button", { name: "Eliminar dados" }).click();

  const resultado = page.getByRole("dialog", { name: `Protocolo ${protocolo}: Atendida` });
  await expect(resultado).toBeVisible();
  await expect(resultado.getByText(/Eliminamos: nome, telefone/)).toBeVisible();
  await expect(resultado.getByText(/backups\) que ainda contenham seus dados expiram até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await resultado.getByRole("button", { name: "Fechar", exact: true }).first().click();
  await expect(linha.getByText("Atendida", { exact: true })).toBeVisible();
  // the reply reached the titular on WhatsApp, at the phone on file the erasure removed (decision 1942)
  await linha.getByRole("button", { name: `Ver resposta do protocolo ${protocolo}` }).click();
  const lida = page.getByRole("dialog", { name: `Resposta — protocolo ${protocolo}` });
  await expect(lida.getByText(/^Resposta enviada ao titular pelo WhatsApp em \d{2}\/\d{2}\/\d{4}/)).toBeVisible({
    timeout: 30_000,
  });
  expect(await violacoes(page)).toEqual([]);
  await lida.getByRole("button", { name: "Fechar", exact: true }).first().click();
  // the lead's conversation is gone from Conversas
  const conversas = (await (await page.request.get("/api/conversas?limite=50")).json()) as { itens: { nome: string }[] };
  expect(conversas.itens.map((c) => c.nome)).not.toContain("Titular Eliminação E2E");

  // the demo's request of a lead with a legal process: the process is held and named in the reply
  const painel = (await (await page.request.get("/api/privacidade/pedidos")).json()) as { pedidos: TPedido[] };
  const comProcesso = painel.pedidos.find(
    (p) => p.direito === "anonimizacao_bloqueio_eliminacao" && p.canal === "whatsapp" && p.status === "em_andamento",
  ) as TPedido;
  const linha2 = page.getByRole("row").filter({ hasText: comProcesso.protocolo });
  await linha2.getByRole("button", { name: "Eliminar dados" }).click();
  await page
    .getByRole("dialog", { name: `Eliminar dados — protocolo ${comProcesso.protocolo}` })
    .getByRole("button", { name: "Eliminar dados" })
    .click();
  const parcial = page.getByRole("dialog", { name: `Protocolo ${comProcesso.protocolo}: Parcialmente atendida` });
  await expect(parcial).toBeVisible();
  await expect(parcial.getByText(/Mantivemos, bloqueados para qualquer outro uso: Processo jurídico/)).toBeVisible();
  expect(await violacoes(page)).toEqual([]);
  await parcial.getByRole("button", { name: "Fechar", exact: true }).first().click();
  await expect(linha2.getByText("Parcialmente atendida")).toBeVisible();
  // the reply stays readable on the closed request
  await linha2.getByRole("button", { name: `Ver resposta do protocolo ${comProcesso.protocolo}` }).click();
  await expect(page.getByRole("dialog", { name: `Resposta — protocolo ${comProcesso.protocolo}` })).toContainText(
    "parcialmente atendido",
  );
});

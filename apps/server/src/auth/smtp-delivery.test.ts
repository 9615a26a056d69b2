import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { useTestApp } from "../../test/app.js";
import { consultar, dadosRegistro, SENHA } from "./testing.js";

type TRecebido = { de: string; para: string[]; bruto: string };
const recebidos: TRecebido[] = [];

// A real SMTP server on a free local port, started before the app so SMTP_URL can point at it.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const partes: Buffer[] = [];
    stream.on("data", (c: Buffer) => partes.push(c));
    stream.on("end", () => {
      recebidos.push({
        de: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        para: session.envelope.rcptTo.map((r) => r.address),
        bruto: Buffer.concat(partes).toString("utf8"),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const porta = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = useTestApp({
  smtpUrl: `smtp://127.0.0.1:${porta}/?ignoreTLS=true`,
  mailFrom: "CRM Revisional <nao-responda@crm.test>",
});

/** The text/plain part of a MIME message, transfer-decoded (enough MIME for nodemailer's output). */
function textoSimples(bruto: string): string {
  const parte = bruto.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? bruto;
  const [cabecalho, ...corpo] = parte.split(/\r?\n\r?\n/);
  const conteudo = corpo.join("\n\n");
  const codificacao = cabecalho.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  if (codificacao === "base64") return Buffer.from(conteudo.replace(/\s+/g, ""), "base64").toString("utf8");
  if (codificacao === "quoted-printable") {
    const bytes = conteudo
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return conteudo;
}

describe("confirmation email over SMTP", () => {
  it("arrives at the SMTP server with recipient, subject and a working link, and is marked sent", async () => {
    const email = "smtp@exemplo.com.br";
    const nav = t.navegador();
    const r = await nav.req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro(email) });
    expect(r.statusCode).toBe(201);

    await vi.waitFor(() => expect(recebidos).toHaveLength(1), { timeout: 10_000 });
    const [msg] = recebidos;
    expect(msg.para).toEqual([email]);
    expect(msg.de).toBe("nao-responda@crm.test");
    expect(msg.bruto).toMatch(/^Subject: Confirme seu email\r?$/m);
    const texto = textoSimples(msg.bruto);
    expect(texto).toContain("Olá, Maria Souza!");
    const link = texto.match(/http:\/\/localhost:3000\/email-confirmation#type=email_confirmation&token=([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();

    await vi.waitFor(async () => {
      const [linha] = await consultar(t, "SELECT enviado_em, tentativas, ultimo_erro FROM emails_saida WHERE para = $1", [email]);
      expect(linha).toMatchObject({ tentativas: 1, ultimo_erro: null });
      expect(linha.enviado_em).toBeInstanceOf(Date);
    });

    // the emailed link is the real one: it confirms the account
    const conf = await nav.req({ method: "POST", url: "/api/auth/confirmar-email", payload: { token: link?.[1] } });
    expect(conf.statusCode).toBe(200);
    const login = await nav.req({ method: "POST", url: "/api/auth/login", payload: { email, password: SENHA } });
    expect(login.statusCode).toBe(200);
  });
});

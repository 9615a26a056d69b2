import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MSG } from "./messages";
import {
  chaveDia,
  formatarRestante,
  formatarTelefone,
  horaConversa,
  janelaAtendimento,
  mensagemJanelaFechada,
  problemaDoAnexo,
  rotuloDia,
  STATUS_MENSAGEM,
  statusSubstitui,
  TAMANHO_MAXIMO_ANEXO,
  type TStatusMensagem,
  tempoUltimoContato,
} from "./whatsapp";

const agora = new Date("2025-03-10T15:00:00Z"); // 12:00 in São Paulo

describe("statusSubstitui: status reports in any order", () => {
  it("moves only forward", () => {
    expect(statusSubstitui("pending", "sent")).toBe(true);
    expect(statusSubstitui("sent", "read")).toBe(true);
    expect(statusSubstitui("read", "delivered")).toBe(false);
    expect(statusSubstitui("delivered", "sent")).toBe(false);
    expect(statusSubstitui("read", "read")).toBe(false);
  });
  it("lets 'failed' end only an undelivered message, and nothing but a retry leaves it", () => {
    expect(statusSubstitui("sent", "failed")).toBe(true);
    expect(statusSubstitui("delivered", "failed")).toBe(false);
    expect(statusSubstitui("failed", "read")).toBe(false);
    expect(statusSubstitui("failed", "sent")).toBe(false);
  });
  it("reaches the same final status whatever the arrival order", () => {
    const relatorios = fc.array(fc.constantFrom<TStatusMensagem>("sent", "delivered", "read"), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(relatorios, (lista) => {
        let s: TStatusMensagem = "pending";
        for (const r of lista) if (statusSubstitui(s, r)) s = r;
        const ordem = ["pending", "sent", "delivered", "read"];
        expect(s).toBe(ordem[Math.max(...lista.map((r) => ordem.indexOf(r)))]);
      }),
    );
  });
  it("never changes an inbound message", () => {
    for (const s of STATUS_MENSAGEM) expect(statusSubstitui("received", s)).toBe(false);
  });
});

describe("janelaAtendimento (24 hours)", () => {
  it("is open for 24 hours after the lead's last message", () => {
    const j = janelaAtendimento("official", new Date(agora.getTime() - 23 * 3_600_000), agora);
    expect(j).toMatchObject({ aplica: true, aberta: true, restanteMs: 3_600_000 });
    expect(formatarRestante(j.restanteMs)).toBe("1h 00min");
  });
  it("is closed afterwards and when the lead never wrote", () => {
    expect(janelaAtendimento("sandbox", new Date(agora.getTime() - 25 * 3_600_000), agora).aberta).toBe(false);
    expect(janelaAtendimento("official", null, agora)).toMatchObject({ aplica: true, aberta: false });
  });
  it("tells a lead who never wrote from a window that expired (decision 1613)", () => {
    const nunca = janelaAtendimento("official", null, agora);
    expect(nunca).toMatchObject({ aplica: true, aberta: false, leadEscreveu: false });
    expect(mensagemJanelaFechada(nunca)).toBe(MSG.leadAindaNaoEscreveu);
    const expirada = janelaAtendimento("official", new Date(agora.getTime() - 25 * 3_600_000), agora);
    expect(expirada).toMatchObject({ aplica: true, aberta: false, leadEscreveu: true });
    expect(mensagemJanelaFechada(expirada)).toBe(MSG.foraDaJanela24h);
  });
  it("does not apply to an unofficial gateway", () => {
    expect(janelaAtendimento("unofficial", null, agora)).toMatchObject({ aplica: false, aberta: true });
  });
});

describe("times of the chat and Conversas", () => {
  it("last contact: 'Agora há pouco', 'Nh atrás', then a date", () => {
    expect(tempoUltimoContato(new Date(agora.getTime() - 59 * 60_000), agora)).toBe("Agora há pouco");
    expect(tempoUltimoContato(new Date(agora.getTime() - 5 * 3_600_000), agora)).toBe("5h atrás");
    expect(tempoUltimoContato(new Date("2025-03-01T15:00:00Z"), agora)).toBe("01/03/2025");
  });
  it("conversation time: HH:mm under 24 hours, else day/month", () => {
    expect(horaConversa(new Date("2025-03-10T13:05:00Z"), agora)).toBe("10:05");
    expect(horaConversa(new Date("2025-03-08T13:05:00Z"), agora)).toBe("08/03");
  });
  it("groups by the São Paulo calendar day", () => {
    expect(chaveDia("2025-03-10T02:00:00Z")).toBe("2025-03-09");
    expect(rotuloDia("2025-03-10T11:00:00Z", agora)).toBe("Hoje");
    expect(rotuloDia("2025-03-09T11:00:00Z", agora)).toBe("Ontem");
    expect(rotuloDia("2025-01-05T11:00:00Z", agora)).toBe("5 de janeiro de 2025");
  });
  it("formats a normalized phone", () => {
    expect(formatarTelefone("5511987654321")).toBe("(11) 98765-4321");
    expect(formatarTelefone("12025550123")).toBe("+1 202 555 0123");
  });
});

describe("problemaDoAnexo (16MB; images; pdf, doc, docx, xls, xlsx, txt)", () => {
  it("accepts the spec's types", () => {
    expect(problemaDoAnexo("image", { nome: "a.jpg", tamanho: 10, mime: "image/jpeg" })).toBeNull();
    for (const n of ["a.pdf", "b.DOC", "c.docx", "d.xls", "e.xlsx", "f.txt"])
      expect(problemaDoAnexo("document", { nome: n, tamanho: 10 })).toBeNull();
  });
  it("refuses other types and files above 16MB", () => {
    expect(problemaDoAnexo("document", { nome: "a.exe", tamanho: 10 })).toBe("tipo");
    expect(problemaDoAnexo("image", { nome: "a.pdf", tamanho: 10, mime: "application/pdf" })).toBe("tipo");
    expect(problemaDoAnexo("document", { nome: "a.pdf", tamanho: TAMANHO_MAXIMO_ANEXO + 1 })).toBe("grande");
    expect(problemaDoAnexo("document", { nome: "a.pdf", tamanho: TAMANHO_MAXIMO_ANEXO })).toBeNull();
  });
});

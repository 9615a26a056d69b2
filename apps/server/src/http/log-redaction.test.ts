import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assinarGraph, iniciarGraphFalso, type TGraphFalso, webhookTexto } from "../../../../test-support/fake-graph.js";
import { criarNavegador, useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, SENHA_FACTORY as SENHA } from "../../test/factories.js";
import { buildApp } from "../app.js";
import { COOKIE_SESSAO } from "../auth/sessions.js";
import type { TConfig } from "../config/config.js";
import { APP_SECRET_META, configurarOficial } from "../whatsapp/testing/setup.js";
import { urlSemSegredos } from "./log-redaction.js";

describe("urlSemSegredos", () => {
  it("replaces the webhook's path token and secret query values, and keeps the rest", () => {
    expect(urlSemSegredos("/api/webhooks/whatsapp/abc123/messages-upsert?x=1")).toBe(
      "/api/webhooks/whatsapp/[redigido]/messages-upsert?x=1",
    );
    expect(urlSemSegredos("/api/webhooks/whatsapp/abc?hub.mode=subscribe&hub.verify_token=s3cr3t&hub.challenge=9")).toBe(
      "/api/webhooks/whatsapp/[redigido]?hub.mode=subscribe&hub.verify_token=[redigido]&hub.challenge=9",
    );
    expect(urlSemSegredos("/api/leads?busca=ana&token=t&pagina=2")).toBe("/api/leads?busca=ana&token=[redigido]&pagina=2");
    expect(urlSemSegredos("/api/leads?hub%2Everify_token=x")).toBe("/api/leads?hub%2Everify_token=[redigido]");
    expect(urlSemSegredos("/api/leads")).toBe("/api/leads");
  });
});

const over: Partial<TConfig> = {};
let graph: TGraphFalso;
beforeAll(async () => {
  graph = await iniciarGraphFalso();
  over.whatsappGraphUrl = graph.url;
});
afterAll(() => graph?.fechar());
const t = useTestApp(over);

describe("the request log of a run", () => {
  it("holds none of the secrets the run set or sent", async () => {
    const a = await criarEmpresaComUsuarios(t);
    const cfg = await configurarOficial(a.navegadores.admin, graph);
    const linhas: string[] = [];
    const destino = new PassThrough();
    destino.on("data", (b: Buffer) => linhas.push(b.toString("utf8")));
    const app = await buildApp(
      { ...t.deps, config: { ...t.deps.config, logLevel: "info" } },
      { serveWeb: false, logStream: destino },
    );
    try {
      const caminho = new URL(cfg.webhook.url).pathname;
      const tokenUrl = caminho.split("/").pop() as string;
      const verify = cfg.webhook.verify_token;
      const q = `hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verify)}&hub.challenge=42`;
      expect((await app.inject({ url: `${caminho}?${q}` })).body).toBe("42");
      const corpo = JSON.stringify(
        webhookTexto({
          phoneNumberId: graph.phoneNumberId,
          wabaId: graph.wabaId,
          de: "5511988887777",
          id: "wamid.LOG1",
          texto: "oi",
        }),
      );
      const entrega = await app.inject({
        method: "POST",
        url: caminho,
        headers: { "content-type": "application/json", "x-hub-signature-256": assinarGraph(corpo, APP_SECRET_META) },
        payload: corpo,
      });
      expect(entrega.statusCode).toBe(200);
      const nav = criarNavegador(app);
      expect(
        (await nav.req({ method: "POST", url: "/api/auth/login", payload: { email: a.usuarios.admin.email, password: SENHA } }))
          .statusCode,
      ).toBe(200);
      const sessao = nav.cookies.get(COOKIE_SESSAO) as string;
      expect(sessao).toBeTruthy();
      expect((await nav.req({ url: "/api/empresa/configuracoes" })).statusCode).toBe(200);

      const log = linhas.join("");
      expect(log).toContain("/api/webhooks/whatsapp/[redigido]");
      for (const segredo of [tokenUrl, verify, SENHA, graph.token, APP_SECRET_META, sessao])
        expect(log.includes(segredo), `segredo no log: ${segredo.slice(0, 4)}…`).toBe(false);
    } finally {
      await app.close();
    }
  });
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TDiagnostico } from "@crm/domain/doctor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig, useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { freePort } from "../db/embedded.js";
import { criarArmazenamentoLocal } from "../storage/storage.js";
import { verificarArmazenamento, verificarSmtp } from "./service-checks.js";
import { verificarWhatsApp } from "./whatsapp-checks.js";

const t = useTestApp();
let e: TEmpresaComUsuarios;
let pasta: string;
beforeAll(async () => {
  e = await criarEmpresaComUsuarios(t);
  pasta = await mkdtemp(path.join(tmpdir(), "crm-doctor-"));
});
afterAll(async () => {
  await rm(pasta, { recursive: true, force: true });
});

describe("npm run doctor's checks", () => {
  it("an SMTP server nobody answers on: an error naming the server, with the fix", async () => {
    const porta = await freePort(); // free: nothing listens there
    const v = await verificarSmtp(testConfig({ smtpUrl: `smtp://usuario:senha@127.0.0.1:${porta}` }), 2_000);
    expect(v).toMatchObject({ id: "smtp", estado: "erro" });
    expect(v.detalhe).toContain(`127.0.0.1:${porta} não respondeu`);
    expect(v.correcao).toMatch(/SMTP_URL/);
    expect(v.detalhe).not.toContain("senha");
  });

  it("without SMTP_URL: a warning that emails stay in the dev mailbox", async () => {
    expect(await verificarSmtp(testConfig({ smtpUrl: undefined }))).toMatchObject({
      estado: "aviso",
      correcao: expect.stringMatching(/SMTP_URL/),
    });
  });

  it("a storage folder that cannot be written: an error with the folder and the fix; a writable one is ok and left clean", async () => {
    // a file where the folder should be: nothing can be created under it, even by root (tests run as root)
    const bloqueada = path.join(pasta, "sem-escrita");
    await writeFile(bloqueada, "");
    const config = testConfig({ dataDir: pasta });
    const v = await verificarArmazenamento(criarArmazenamentoLocal(path.join(bloqueada, "storage")), config);
    expect(v).toMatchObject({ id: "armazenamento", estado: "erro" });
    expect(v.correcao).toMatch(/permissão de escrita/);

    const local = criarArmazenamentoLocal(path.join(pasta, "storage"));
    expect(await verificarArmazenamento(local, config)).toMatchObject({ estado: "ok", correcao: null });
    const sobra: string[] = [];
    for await (const chave of local.listar()) sobra.push(chave);
    expect(sobra).toEqual([]);
  });

  it("a company whose gateway does not answer: an error under its name, within the timeout", async () => {
    const porta = await freePort();
    await t.dono.query(
      `UPDATE empresas SET whatsapp_provedor = 'unofficial',
              config_whatsapp_api = jsonb_build_object('unofficial_api_url', 'http://127.0.0.1:${porta}') WHERE id = $1`,
      [e.empresa.id],
    );
    const vs = await verificarWhatsApp(t.deps.db, t.deps.config, 1_000);
    const v = vs.find((x) => x.id === `whatsapp.${e.empresa.id}`);
    expect(v).toMatchObject({ estado: "erro", titulo: `WhatsApp: ${e.empresa.nome_empresa}` });
    expect(v?.correcao).toMatch(/URL do gateway/);
  });
});

describe("GET /api/plataforma/diagnostico", () => {
  it("is the platform admin's only, and shows the database, storage, email, clock and disk checks", async () => {
    for (const papel of ["admin", "consultor", "juridico"] as const)
      expect((await e.navegadores[papel].req({ url: "/api/plataforma/diagnostico" })).statusCode).toBe(403);
    expect((await t.navegador().req({ url: "/api/plataforma/diagnostico" })).statusCode).toBe(401);

    const res = await e.navegadores.plataforma.req({ url: "/api/plataforma/diagnostico" });
    expect(res.statusCode).toBe(200);
    const d = res.json() as TDiagnostico;
    const porId = Object.fromEntries(d.verificacoes.map((v) => [v.id, v]));
    expect(porId.banco).toBeUndefined(); // the database checks ran (a throw would be one "banco" error)
    expect(porId["banco.versao"]?.estado).toBe("ok");
    expect(porId["banco.papeis"]?.estado).toBe("ok");
    expect(porId["banco.rls"]?.estado).toBe("ok");
    expect(porId["banco.migracoes"]?.estado).toBe("ok");
    expect(porId.armazenamento?.estado).toBe("ok");
    expect(porId.relogio?.estado).toBe("ok");
    expect(porId.smtp).toBeDefined();
    expect(porId.disco).toBeDefined();
  });

  it("reports RLS switched off on a company table as an error naming it", async () => {
    await t.dono.query("ALTER TABLE etiquetas NO FORCE ROW LEVEL SECURITY");
    try {
      const d = (await e.navegadores.plataforma.req({ url: "/api/plataforma/diagnostico" })).json() as TDiagnostico;
      expect(d.verificacoes.find((v) => v.id === "banco.rls")).toMatchObject({
        estado: "erro",
        detalhe: expect.stringContaining("etiquetas"),
      });
    } finally {
      await t.dono.query("ALTER TABLE etiquetas FORCE ROW LEVEL SECURITY");
    }
  });
});

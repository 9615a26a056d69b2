import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import { ESPERA_MAXIMA_VERIFICACAO_WHATSAPP_MS, esperaProximaVerificacaoMs } from "@crm/domain/whatsapp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { iniciarEvolutionFalsa, type TEvolutionFalsa } from "../../../../../test-support/fake-evolution.js";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { ouvirTempoReal } from "../../../test/realtime.js";
import { configurarNaoOficial, linha } from "../testing/setup.js";
import { esperarAte } from "../testing/wait.js";

/**
 * Decisions 1611, 1612: the connection screen's checks. While a number was being paired, each check rewrote the
 * session row and published it live, the screen rechecked on that event, and one tab sent hundreds of checks a
 * second to the gateway. Now a check calls the gateway only on the company's turn (one in flight, one per 30 s,
 * longer after errors), and a check that finds nothing new writes and publishes nothing.
 */

let gw: TEvolutionFalsa;
beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
});
afterAll(() => gw?.fechar());
const t = useTestApp();

let a: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  await configurarNaoOficial(a.navegadores.admin, { url: gw.url, apiKey: gw.apiKey, instancia: gw.instancia });
});
beforeEach(() => {
  gw.falhaEstado.status = null;
});

const verificar = async (): Promise<TConexaoWhatsApp> => {
  const res = await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** The 30 s (or the back-off) have passed: the turn's time is moved, not waited for. */
const passaATempo = () =>
  linha(t, "UPDATE whatsapp_verificacoes SET proxima = now() WHERE id_empresa_fk = $1 RETURNING 1", [a.empresa.id]);
const turno = () =>
  linha<{ erros: number; espera_ms: number; em_curso: boolean }>(
    t,
    `SELECT erros_seguidos AS erros, (extract(epoch FROM proxima - now()) * 1000)::float8 AS espera_ms, em_curso_ate IS NOT NULL AS em_curso
       FROM whatsapp_verificacoes WHERE id_empresa_fk = $1`,
    [a.empresa.id],
  );

describe("the WhatsApp connection check while a number is being paired", () => {
  it("three tabs rechecking on every answer and every live event ask the gateway once per turn; only the QR code is published", async () => {
    gw.estado.atual = "close";
    const ouvinte = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.admin.id, empresaId: a.empresa.id, papel: PAPEL.admin });
    try {
      const qr = (await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/conectar", payload: {} })).json();
      expect(qr).toMatchObject({ status: "qr_ready", qrCode: expect.stringMatching(/^data:image\/png/) });
      expect(gw.estado.atual).toBe("connecting");
      const antes = gw.verificacoes().length;
      // three tabs, each checking again as soon as it has an answer (what a live event per check caused)
      const aba = async () => {
        for (let i = 0; i < 15; i++) expect(await verificar()).toMatchObject({ status: "qr_ready", qrCode: qr.qrCode });
      };
      await Promise.all([aba(), aba(), aba()]);
      // 45 checks, at most one of them the gateway's (the QR code request just took this turn's call)
      expect(gw.verificacoes().length - antes).toBeLessThanOrEqual(1);
      // the next turn: exactly one gateway call for any number of simultaneous checks
      await passaATempo();
      const depois = gw.verificacoes().length;
      await Promise.all(Array.from({ length: 12 }, () => verificar()));
      expect(gw.verificacoes().length - depois).toBe(1);
      // the gateway still says 'connecting': the session row was not rewritten, so the screens were told only of
      // the QR code (the live event arrives after its commit: waited for, not slept)
      await esperarAte(async () => ouvinte.recebidos.length > 0);
      expect(ouvinte.recebidos.filter((e) => e.tipo === "whatsapp.sessao")).toEqual([
        expect.objectContaining({ dados: { status: "qr_ready" } }),
      ]);
    } finally {
      ouvinte.sair();
    }
  });

  it("a real change is stored and published once", async () => {
    const ouvinte = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.admin.id, empresaId: a.empresa.id, papel: PAPEL.admin });
    try {
      gw.estado.atual = "open";
      await passaATempo();
      expect(await verificar()).toMatchObject({ conectado: true, status: "connected", qrCode: null });
      await passaATempo();
      expect(await verificar()).toMatchObject({ conectado: true });
      await esperarAte(async () => ouvinte.recebidos.length > 0);
      expect(ouvinte.recebidos.filter((e) => e.tipo === "whatsapp.sessao")).toEqual([
        expect.objectContaining({ dados: { status: "connected" } }),
      ]);
    } finally {
      ouvinte.sair();
    }
  });

  it("backs off while the gateway errs (60 s, 2 min, 4 min…), and an answer brings back the 30 s", async () => {
    gw.falhaEstado.status = 429;
    for (const erros of [1, 2, 3]) {
      await passaATempo();
      const antes = gw.verificacoes().length;
      const c = await verificar();
      expect(c.conectado).toBe(false);
      expect(c.erro).toBeTruthy();
      expect(gw.verificacoes().length - antes).toBe(1);
      const v = await turno();
      expect(v.erros).toBe(erros);
      expect(v.em_curso).toBe(false);
      // the wait the turn now holds is the back-off's (within the test's own run time)
      expect(v.espera_ms).toBeGreaterThan(esperaProximaVerificacaoMs(erros) - 10_000);
      expect(v.espera_ms).toBeLessThanOrEqual(esperaProximaVerificacaoMs(erros));
      // and no check asks the gateway before it
      await verificar();
      expect(gw.verificacoes().length - antes).toBe(1);
    }
    gw.falhaEstado.status = null;
    await passaATempo();
    expect(await verificar()).toMatchObject({ conectado: true, erro: null });
    expect(await turno()).toMatchObject({ erros: 0 });
  });

  it("the back-off doubles from the spec's 30 s up to 10 minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(esperaProximaVerificacaoMs)).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      480_000,
      ESPERA_MAXIMA_VERIFICACAO_WHATSAPP_MS,
      ESPERA_MAXIMA_VERIFICACAO_WHATSAPP_MS,
      ESPERA_MAXIMA_VERIFICACAO_WHATSAPP_MS,
    ]);
  });
});

describe("the platform admin on a company's WhatsApp connection", () => {
  it("checks the company named in ?empresaId=; without one, is asked to choose a company", async () => {
    await passaATempo();
    const res = await a.navegadores.plataforma.req({
      method: "POST",
      url: `/api/whatsapp/conexao/verificar?empresaId=${a.empresa.id}`,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provedor: "unofficial", configurado: true });
    const estado = await a.navegadores.plataforma.req({ url: `/api/whatsapp/conexao?empresaId=${a.empresa.id}` });
    expect(estado.statusCode).toBe(200);
    const sem = await a.navegadores.plataforma.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().erro).toBe(MSG.selecioneEmpresa);
    // a company admin cannot name another company
    const outra = await criarEmpresaComUsuarios(t);
    const alheia = await outra.navegadores.admin.req({ url: `/api/whatsapp/conexao?empresaId=${a.empresa.id}` });
    expect([alheia.statusCode, alheia.json().erro]).toEqual([404, MSG.empresaNaoEncontrada]);
  });
});

import type { TModeloPrazo } from "@crm/domain/schemas/deadlines";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";

/**
 * Numbers come only from numbers or the text a form sends (decision 1602): `z.coerce.number()` turned null, false,
 * "" and [] into 0 (an outside fuzzer found `dias_uteis: null` → 0, `dias: [null]` → Sunday a working day,
 * `temperature: null` → 0). Each is a 400 naming the field, and nothing changes.
 */
const t = useTestApp();
let a: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
});
const admin = () => a.navegadores.admin;

describe("a value that is not a number is refused, not read as 0", () => {
  it("a task chain's 'dias_uteis' (POST and PUT /api/prazos-modelos)", async () => {
    const corpo = { status_juridico: "Laudo em Andamento", titulo: "Revisar cálculo" };
    const novo = await admin().req({ method: "POST", url: "/api/prazos-modelos", payload: { ...corpo, dias_uteis: "3" } });
    expect(novo.statusCode).toBe(201);
    const { id } = novo.json() as TModeloPrazo;
    const lista = async () => (await admin().req({ url: "/api/prazos-modelos" })).json() as TModeloPrazo[];
    const antes = await lista();
    for (const dias_uteis of [null, false, "", " ", [], [2], {}, "1e2", "0x10"]) {
      for (const [method, url] of [
        ["POST", "/api/prazos-modelos"],
        ["PUT", `/api/prazos-modelos/${id}`],
      ] as const) {
        const r = await admin().req({ method, url, payload: { ...corpo, dias_uteis } });
        expect(r.statusCode, `${method} ${JSON.stringify(dias_uteis)}`).toBe(400);
        expect(r.json().campos).toEqual({ dias_uteis: "Dias úteis devem ser um número inteiro de 0 a 365" });
      }
    }
    expect(await lista()).toEqual(antes);
    // what a form sends still works
    const r = await admin().req({ method: "PUT", url: `/api/prazos-modelos/${id}`, payload: { ...corpo, dias_uteis: " 5 " } });
    expect(r.json()).toMatchObject({ dias_uteis: 5 });
  });

  it("the response-time target (PUT /api/empresa/horario, decision 1883): null is not 0 minutes", async () => {
    const ler = async () => (await admin().req({ url: "/api/empresa/horario" })).json();
    const antes = await ler();
    for (const meta of [null, false, "", [], "abc", 0, 1.5]) {
      const r = await admin().req({ method: "PUT", url: "/api/empresa/horario", payload: { ...antes, meta_resposta_min: meta } });
      expect(r.statusCode, JSON.stringify(meta)).toBe(400);
      expect(r.json().campos.meta_resposta_min).toBe("Informe uma meta de resposta entre 1 e 1440 minutos.");
    }
    expect(await ler()).toEqual(antes);
    const ok = await admin().req({ method: "PUT", url: "/api/empresa/horario", payload: { ...antes, meta_resposta_min: " 7 " } });
    expect(ok.json()).toMatchObject({ meta_resposta_min: 7 });
  });

  it("the AI's temperature and max tokens (PUT /api/empresa/configuracoes)", async () => {
    const ler = async () => (await admin().req({ url: "/api/empresa/configuracoes" })).json();
    const antes = await ler();
    const salvar = (ia: Record<string, unknown>) =>
      admin().req({ method: "PUT", url: "/api/empresa/configuracoes", payload: { whatsapp: { provedor: "sandbox" }, ia } });
    for (const [campo, valor, mensagem] of [
      ["temperature", null, "A temperatura deve estar entre 0 e 1"],
      ["temperature", false, "A temperatura deve estar entre 0 e 1"],
      ["temperature", "", "A temperatura deve estar entre 0 e 1"],
      ["max_tokens", null, "Max Tokens deve estar entre 100 e 2000"],
      ["max_tokens", [500], "Max Tokens deve estar entre 100 e 2000"],
    ] as const) {
      const r = await salvar({ [campo]: valor });
      expect(r.statusCode, `${campo} ${JSON.stringify(valor)}`).toBe(400);
      expect(r.json().campos).toEqual({ [`ia.${campo}`]: mensagem });
    }
    expect(await ler()).toEqual(antes);
    const ok = await salvar({ temperature: "0,4", max_tokens: "900" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().ia).toMatchObject({ temperature: 0.4, max_tokens: 900 });
  });

  it("a page number in a query string", async () => {
    for (const pagina of ["", "abc", "1e3", "0x10"]) {
      const r = await admin().req({ url: `/api/leads?pagina=${encodeURIComponent(pagina)}` });
      expect(r.statusCode, pagina).toBe(400);
      expect(Object.keys(r.json().campos)).toEqual(["pagina"]);
    }
    expect((await admin().req({ url: "/api/leads?pagina=2" })).statusCode).toBe(200);
  });
});

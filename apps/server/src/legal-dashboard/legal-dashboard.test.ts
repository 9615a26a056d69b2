import { STATUS_EM_ANDAMENTO } from "@crm/domain/legal-dashboard";
import { PAPEL } from "@crm/domain/roles";
import type { TPaginaLeadsJuridicos, TPainelJuridico } from "@crm/domain/schemas/legal-dashboard";
import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import { STATUS_JURIDICO } from "@crm/domain/status";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, criarUsuario, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { lerPainelJuridico } from "./read-dashboard.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const DIA = 86_400_000;
const haDias = (d: number) => new Date(Date.now() - d * DIA);

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;

const novoLead = (empresaId: string, p: Record<string, unknown> = {}) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: empresaId, ...p }));

/** A process of `e` as the database holds one: converted `dias` ago, in a legal status, with its history entry. */
async function processo(e: TEmpresaComUsuarios, status: string, dias: number, p: Record<string, unknown> = {}) {
  const lead = await novoLead(e.empresa.id, {
    status_lead: "Convertido (Ganho)",
    status_juridico_lead: status,
    convertido_em: haDias(dias),
    consultor_atribuido_id: e.consultor.id,
    ...p,
  });
  await sql(
    `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, origem, created_at)
     VALUES ($1, $2, 'status_juridico_lead', 'Em Contato Jurídico', $3, 'usuario', $4)`,
    [e.empresa.id, lead.id, status, haDias(Math.max(0, dias - 1))],
  );
  return lead;
}

async function documento(e: TEmpresaComUsuarios, leadId: string, nome: string, quando: Date) {
  const [d] = await sql(
    `INSERT INTO documentos (id_empresa_fk, id_lead_fk, id_usuario_upload_fk, nome_arquivo, tipo_arquivo, tamanho_arquivo,
                             url_storage, data_upload)
     VALUES ($1, $2, $3, $4, 'application/pdf', 100, $5, $6) RETURNING id`,
    [e.empresa.id, leadId, e.usuarios.juridico.id, nome, `teste/${nome}`, quando],
  );
  return d.id as string;
}

let semContato: string;
let docSemRetorno: string;
let docComRetorno: string;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  semContato = (await processo(a, "Aguardando Contato Jurídico", 10, { nome: "Ana Sem Contato" })).id;
  await processo(a, "Aguardando Contato Jurídico", 1);
  await processo(a, "Em Contato Jurídico", 40, { valor_contrato_fechado: 1000.1 });
  docSemRetorno = (await processo(a, "Documentação Solicitada", 20, { nome: "Bruno Sem Docs" })).id;
  docComRetorno = (await processo(a, "Documentação Solicitada", 20, { nome: "Carla Com Docs" })).id;
  await documento(a, docComRetorno, "contrato.pdf", haDias(2));
  // a document from before the request does not answer it
  await documento(a, docSemRetorno, "antigo.pdf", haDias(30));
  await processo(a, "Laudo em Andamento", 70, { valor_contrato_fechado: 2500.55 });
  const fim = await processo(a, "Finalizado Jurídico", 100, { valor_contrato_fechado: 30000 });
  await processo(a, "Jurídico Pendente", 5);
  // converted in the chat, not sent to the legal team: not a process
  await novoLead(a.empresa.id, { status_lead: "Convertido", nome: "Davi Não Enviado", consultor_atribuido_id: a.consultor.id });
  await novoLead(a.empresa.id, { status_lead: "Em Atendimento", valor_contrato_fechado: 999 });
  for (let k = 0; k < 6; k++) await documento(a, fim.id, `laudo-${k}.pdf`, haDias(3 + k));
  // company b has one process and a document of its own
  const deB = await processo(b, "Finalizado Jurídico", 3, { valor_contrato_fechado: 7 });
  await documento(b, deB.id, "de-b.pdf", haDias(0));
});

const painel = async (nav = a.navegadores.juridico, q = "") => {
  const res = await nav.req({ url: `/api/juridico/painel${q}` });
  expect(res.statusCode).toBe(200);
  return res.json() as TPainelJuridico;
};

describe("GET /api/juridico/painel: figures equal the data", () => {
  it("counters, pie counts and the closed value total equal SQL over the company's processes", async () => {
    const p = await painel();
    const porStatus = await sql(
      `SELECT status_juridico_lead AS s, count(*)::int AS n FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)' GROUP BY 1`,
      [a.empresa.id],
    );
    const esperado = Object.fromEntries(STATUS_JURIDICO.map((s) => [s, porStatus.find((r) => r.s === s)?.n ?? 0]));
    expect(p.porStatus).toEqual(esperado);
    const [tot] = await sql(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status_juridico_lead = ANY ($2::text[]))::int AS andamento,
              count(*) FILTER (WHERE status_juridico_lead = 'Finalizado Jurídico')::int AS finalizados,
              sum(valor_contrato_fechado)::text AS valor
         FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)'`,
      [a.empresa.id, STATUS_EM_ANDAMENTO],
    );
    expect(p.contadores).toEqual({
      total: tot.total,
      emAndamento: tot.andamento,
      finalizados: tot.finalizados,
      pendentes: tot.total - tot.andamento - tot.finalizados,
    });
    expect(p.contadores).toMatchObject({ total: 8, emAndamento: 4, finalizados: 1, pendentes: 3 });
    expect(p.valorFechadoTotal).toBe(tot.valor);
    expect(Number(p.valorFechadoTotal)).toBeCloseTo(33500.65, 2);
  });

  it("recent processes (5) and recent documents (5, lead name and uploader email) are the newest", async () => {
    const p = await painel();
    const recentes = await sql(
      `SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)'
        ORDER BY updated_at DESC, id DESC LIMIT 5`,
      [a.empresa.id],
    );
    expect(p.processosRecentes.map((r) => r.id)).toEqual(recentes.map((r) => r.id));
    const docs = await sql(
      `SELECT d.id, l.nome AS lead_nome, u.email FROM documentos d
         JOIN leads_juros_check l ON l.id = d.id_lead_fk JOIN usuarios_plataforma u ON u.id = d.id_usuario_upload_fk
        WHERE d.id_empresa_fk = $1 ORDER BY d.data_upload DESC, d.id DESC LIMIT 5`,
      [a.empresa.id],
    );
    expect(p.documentosRecentes.map((d) => [d.id, d.lead_nome, d.usuario_email])).toEqual(
      docs.map((d) => [d.id, d.lead_nome, d.email]),
    );
    expect(p.totalDocumentos).toBe(8);
  });

  it("the monthly series counts processes opened and finished per São Paulo month", async () => {
    const p = await painel();
    expect(p.meses).toHaveLength(6);
    const abertos = await sql(
      `SELECT to_char(convertido_em AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM') AS mes, count(*)::int AS n
         FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)' GROUP BY 1`,
      [a.empresa.id],
    );
    for (const m of p.meses) expect(m.abertos).toBe(abertos.find((r) => r.mes === m.mes)?.n ?? 0);
    const finalizados = await sql(
      `SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM') AS mes, count(*)::int AS n
         FROM lead_status_historico WHERE id_empresa_fk = $1 AND valor_novo = 'Finalizado Jurídico' GROUP BY 1`,
      [a.empresa.id],
    );
    for (const m of p.meses) expect(m.finalizados).toBe(finalizados.find((r) => r.mes === m.mes)?.n ?? 0);
    // every process here was opened within the six months shown
    expect(p.meses.reduce((s, m) => s + m.abertos, 0)).toBe(8);
  });

  it("alerts: waiting for contact over 3 days, documentation requested with nothing received since", async () => {
    const p = await painel();
    const semContatoAlerta = p.alertas.find((x) => x.chave === "sem-contato");
    expect(semContatoAlerta).toMatchObject({ quantidade: 1, titulo: "1 processo aguardando contato", nivel: "critico" });
    expect(semContatoAlerta?.processos).toEqual([{ id: semContato, nome: "Ana Sem Contato", dias: 10 }]);
    const docs = p.alertas.find((x) => x.chave === "documentacao-sem-retorno");
    expect(docs?.quantidade).toBe(1);
    expect(docs?.processos.map((x) => x.id)).toEqual([docSemRetorno]);
    expect(docs?.processos.map((x) => x.id)).not.toContain(docComRetorno);
  });
});

describe("the dashboard's counters and alerts (summaries kept by triggers) equal a recount from the rows", () => {
  it("as documents, processes, legal statuses and deadlines are inserted, changed and deleted", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const ctx = { empresaId: c.empresa.id, usuarioId: c.usuarios.juridico.id, papel: PAPEL.juridico };
    const agora = new Date();
    const doPainel = async () => {
      const p = await lerPainelJuridico(t.deps, ctx, agora);
      const alerta = (chave: string) => {
        const x = p.alertas.find((a) => a.chave === chave);
        return { n: x?.quantidade ?? 0, ids: x?.processos.map((y) => y.id) ?? [] };
      };
      return {
        documentos: p.totalDocumentos,
        recentes: p.documentosRecentes.map((d) => d.id),
        porStatus: p.porStatus,
        semContato: alerta("sem-contato"),
        documentacao: alerta("documentacao-sem-retorno"),
        semPrazo: alerta("sem-proximo-prazo"),
      };
    };
    // the same figures from the raw rows: the alerts' definitions (decision 1104) written over leads, history,
    // documents and deadlines, with no summary, flag or counter
    const recontar = async () => {
      const e = c.empresa.id;
      const processos = `FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.status_lead = 'Convertido (Ganho)'`;
      const alerta = async (cond: string, ordem: string) => {
        const ids = await sql(`SELECT l.id ${processos} AND ${cond} ORDER BY ${ordem}, l.id`, [e, agora]);
        return { n: ids.length, ids: ids.slice(0, 3).map((r) => r.id) };
      };
      const porStatus = await sql(
        `SELECT coalesce(l.status_juridico_lead, 'Aguardando Contato Jurídico') AS s, count(*)::int AS n ${processos} GROUP BY 1`,
        [e],
      );
      const pedida = `(SELECT max(h.created_at) FROM lead_status_historico h WHERE h.id_empresa_fk = l.id_empresa_fk
         AND h.id_lead_fk = l.id AND h.campo = 'status_juridico_lead' AND h.valor_novo = 'Documentação Solicitada')`;
      const recebido =
        "(SELECT max(d.data_upload) FROM documentos d WHERE d.id_empresa_fk = l.id_empresa_fk AND d.id_lead_fk = l.id)";
      return {
        documentos: (await sql("SELECT count(*)::int AS n FROM documentos WHERE id_empresa_fk = $1", [e]))[0].n,
        recentes: (
          await sql("SELECT id FROM documentos WHERE id_empresa_fk = $1 ORDER BY data_upload DESC, id DESC LIMIT 5", [e])
        ).map((r) => r.id),
        porStatus: Object.fromEntries(STATUS_JURIDICO.map((s) => [s, porStatus.find((r) => r.s === s)?.n ?? 0])),
        semContato: await alerta(
          `$2::timestamptz IS NOT NULL AND coalesce(l.status_juridico_lead, 'Aguardando Contato Jurídico') = 'Aguardando Contato Jurídico'
             AND l.convertido_em < $2::timestamptz - interval '72 hours'`,
          "l.convertido_em",
        ),
        documentacao: await alerta(
          `l.status_juridico_lead = 'Documentação Solicitada' AND ${pedida} < $2::timestamptz - interval '120 hours'
             AND (${recebido} IS NULL OR ${recebido} < ${pedida})`,
          pedida,
        ),
        semPrazo: await alerta(
          `$2::timestamptz IS NOT NULL AND coalesce(l.status_juridico_lead, 'Aguardando Contato Jurídico') <> 'Finalizado Jurídico'
             AND NOT EXISTS (SELECT 1 FROM prazos_processo p WHERE p.id_empresa_fk = l.id_empresa_fk AND p.id_lead_fk = l.id
                               AND p.estado = 'pendente')`,
          "l.convertido_em NULLS FIRST",
        ),
      };
    };
    const conferir = async (passo: string) => {
      const [painel, recontado] = [await doPainel(), await recontar()];
      expect(painel, passo).toEqual(recontado);
      return painel;
    };
    const prazo = async (leadId: string, estado = "pendente") =>
      (
        await sql(
          `INSERT INTO prazos_processo (id_empresa_fk, id_lead_fk, titulo, data_fatal, data_seguranca, estado, concluido_em)
           VALUES ($1, $2, 'Tarefa', current_date + 10, current_date + 9, $3, CASE WHEN $3 = 'concluido' THEN now() END)
           RETURNING id`,
          [c.empresa.id, leadId, estado],
        )
      )[0].id as string;

    const vazio = await conferir("empty company");
    expect(vazio.documentos).toBe(0);
    // five waiting long (more than the 3 named), one recent, one with no opening date
    const esperando = [];
    for (const d of [9, 12, 4, 30, 6]) esperando.push((await processo(c, "Aguardando Contato Jurídico", d)).id);
    await processo(c, "Aguardando Contato Jurídico", 1);
    const semData = (await processo(c, "Aguardando Contato Jurídico", 10, { convertido_em: null })).id;
    const docs = [];
    for (const d of [8, 20, 7, 15]) docs.push((await processo(c, "Documentação Solicitada", d)).id);
    const fim = (await processo(c, "Finalizado Jurídico", 50)).id;
    let p = await conferir("processes added");
    expect(p.semContato.n).toBe(5);
    expect(p.documentacao.n).toBe(4);
    expect(p.semPrazo.n).toBe(11);

    // documents: one answers a request, several in one statement, one deleted, one moved to another process
    const respondido = await documento(c, docs[1], "resposta.pdf", haDias(1));
    await sql(
      `INSERT INTO documentos (id_empresa_fk, id_lead_fk, nome_arquivo, tipo_arquivo, tamanho_arquivo, url_storage, data_upload)
       SELECT $1, x, 'lote.pdf', 'application/pdf', 10, 'teste/lote', now() - interval '40 days' FROM unnest($2::uuid[]) x`,
      [c.empresa.id, [fim, fim, docs[0], semData]],
    );
    p = await conferir("documents added");
    expect(p.documentos).toBe(5);
    expect(p.documentacao.n).toBe(3);
    await sql("DELETE FROM documentos WHERE id_empresa_fk = $1 AND id = $2", [c.empresa.id, respondido]);
    expect((await conferir("a document deleted")).documentacao.n).toBe(4);
    const outro = await documento(c, fim, "outro.pdf", haDias(0));
    await sql("UPDATE documentos SET id_lead_fk = $3 WHERE id_empresa_fk = $1 AND id = $2", [c.empresa.id, outro, docs[2]]);
    expect((await conferir("a document moved to another process")).documentacao.n).toBe(3);

    // legal statuses: one waiting contacted, all documentation requests finished at once, one reopened
    await sql("UPDATE leads_juros_check SET status_juridico_lead = 'Em Contato Jurídico' WHERE id_empresa_fk = $1 AND id = $2", [
      c.empresa.id,
      esperando[3],
    ]);
    expect((await conferir("a waiting process contacted")).semContato.n).toBe(4);
    await sql(
      `UPDATE leads_juros_check SET status_juridico_lead = 'Finalizado Jurídico'
        WHERE id_empresa_fk = $1 AND status_juridico_lead = 'Documentação Solicitada'`,
      [c.empresa.id],
    );
    p = await conferir("documentation requests finished in one statement");
    expect([p.documentacao.n, p.semPrazo.n]).toEqual([0, 7]);
    await sql("UPDATE leads_juros_check SET status_juridico_lead = 'Jurídico Pendente' WHERE id_empresa_fk = $1 AND id = $2", [
      c.empresa.id,
      fim,
    ]);
    expect((await conferir("a finished process reopened")).semPrazo.n).toBe(8);

    // deadlines: a pending one takes a process off 'sem próximo prazo', completing it puts it back, deleting too
    const pz = await prazo(esperando[0]);
    await prazo(esperando[1], "concluido");
    expect((await conferir("deadlines added")).semPrazo.n).toBe(7);
    await sql("UPDATE prazos_processo SET estado = 'concluido', concluido_em = now() WHERE id_empresa_fk = $1 AND id = $2", [
      c.empresa.id,
      pz,
    ]);
    expect((await conferir("a deadline completed")).semPrazo.n).toBe(8);
    await sql("UPDATE prazos_processo SET estado = 'pendente', concluido_em = NULL WHERE id_empresa_fk = $1 AND id = $2", [
      c.empresa.id,
      pz,
    ]);
    await conferir("a deadline reopened");
    await sql("DELETE FROM prazos_processo WHERE id_empresa_fk = $1 AND id = $2", [c.empresa.id, pz]);
    await conferir("a deadline deleted");

    // processes: one leaves 'Convertido (Ganho)', one deleted with its documents, one comes back
    await sql("UPDATE leads_juros_check SET status_lead = 'Em Negociação' WHERE id_empresa_fk = $1 AND id = $2", [
      c.empresa.id,
      esperando[2],
    ]);
    await conferir("a process left the legal team");
    await sql("DELETE FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = $2", [c.empresa.id, fim]);
    p = await conferir("a process deleted with its documents");
    expect(p.documentos).toBe(3);
    await sql("UPDATE leads_juros_check SET status_lead = 'Convertido (Ganho)' WHERE id_empresa_fk = $1 AND id = $2", [
      c.empresa.id,
      esperando[2],
    ]);
    p = await conferir("a process came back");
    expect(p.semContato.n).toBeGreaterThan(3);
    expect(p.semContato.ids).toHaveLength(3);
    expect(p.semContato.ids).not.toContain(semData);
  });
});

describe("GET /api/juridico/painel: roles and tenancy", () => {
  it("Jurídico and Admin Empresa read their company's; the platform admin names one; Consultor is refused", async () => {
    const j = await painel(a.navegadores.juridico);
    const adm = await painel(a.navegadores.admin);
    expect(adm.contadores).toEqual(j.contadores);
    const sem = await a.navegadores.plataforma.req({ url: "/api/juridico/painel" });
    expect(sem.statusCode).toBe(400);
    const plat = await painel(a.navegadores.plataforma, `?empresaId=${a.empresa.id}`);
    expect(plat.contadores).toEqual(j.contadores);
    const c = await a.navegadores.consultor.req({ url: "/api/juridico/painel" });
    expect(c.statusCode).toBe(403);
    expect(c.json().erro).toBe("Acesso negado.");
  });

  it("another company sees only its own: a's processes and documents never reach b", async () => {
    const p = await painel(b.navegadores.juridico);
    expect(p.contadores).toEqual({ total: 1, emAndamento: 0, finalizados: 1, pendentes: 0 });
    expect(Number(p.valorFechadoTotal)).toBe(7);
    expect(p.documentosRecentes.map((d) => d.nome_arquivo)).toEqual(["de-b.pdf"]);
    expect(p.alertas).toEqual([]);
    // b's admin cannot name a's company (only the platform admin can): 404, as if it did not exist (decision 1791)
    const outra = await b.navegadores.admin.req({ url: `/api/juridico/painel?empresaId=${a.empresa.id}` });
    expect([outra.statusCode, outra.json().erro]).toEqual([404, "Empresa não encontrada"]);
  });

  it("an empty company answers zeros and empty lists, not errors", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const p = await painel(c.navegadores.juridico);
    expect(p.contadores).toEqual({ total: 0, emAndamento: 0, finalizados: 0, pendentes: 0 });
    expect(p.valorFechadoTotal).toBe("0");
    expect(p.processosRecentes).toEqual([]);
    expect(p.documentosRecentes).toEqual([]);
    expect(p.meses.every((m) => m.abertos === 0 && m.finalizados === 0)).toBe(true);
  });
});

describe("GET /api/juridico/leads: converted leads on their way to the legal team", () => {
  const leads = async (q = "", nav = a.navegadores.admin) => {
    const res = await nav.req({ url: `/api/juridico/leads${q}` });
    expect(res.statusCode).toBe(200);
    return res.json() as TPaginaLeadsJuridicos;
  };

  it("lists converted leads, the ones not sent first, with consultant, step and days; counts per step", async () => {
    const r = await leads("?tamanho=100");
    expect(r.itens[0]).toMatchObject({ nome: "Davi Não Enviado", etapa: "nao_enviado", status_juridico_lead: null });
    expect(r.itens[0].consultor_nome).toBe(a.consultor.nome);
    expect(r.porEtapa).toEqual({ nao_enviado: 1, sem_profissional: 8, com_profissional: 0 });
    const ana = r.itens.find((i) => i.id === semContato);
    expect(ana).toMatchObject({ etapa: "sem_profissional", dias: 10, status_juridico_lead: "Aguardando Contato Jurídico" });
    // the waiting processes: longest waiting first
    const espera = r.itens.filter((i) => i.etapa === "sem_profissional").map((i) => i.dias);
    expect(espera).toEqual([...espera].sort((x, y) => y - x));
    expect(r.itens.some((i) => i.status_lead === "Em Atendimento")).toBe(false);
  });

  it("filters by step, legal status and search; pages", async () => {
    expect((await leads("?etapa=nao_enviado")).itens.map((i) => i.nome)).toEqual(["Davi Não Enviado"]);
    expect((await leads("?statusJuridico=Documenta%C3%A7%C3%A3o%20Solicitada")).itens).toHaveLength(2);
    expect((await leads("?busca=Bruno")).itens.map((i) => i.id)).toEqual([docSemRetorno]);
    const p1 = await leads("?tamanho=4");
    const p2 = await leads("?tamanho=4&pagina=2");
    expect(p1.temMais).toBe(true);
    expect(p2.itens.map((i) => i.id)).not.toContain(p1.itens[0].id);
  });

  it("is the admins' view: Jurídico and Consultor refused with its message; platform admin names a company", async () => {
    for (const nav of [a.navegadores.juridico, a.navegadores.consultor]) {
      const res = await nav.req({ url: "/api/juridico/leads" });
      expect(res.statusCode).toBe(403);
      expect(res.json().erro).toBe("Acesso negado. Apenas administradores podem ver os leads encaminhados ao jurídico.");
    }
    const plat = await leads(`?empresaId=${a.empresa.id}`, a.navegadores.plataforma);
    expect(plat.porEtapa.nao_enviado).toBe(1);
    expect((await leads("", b.navegadores.admin)).itens.map((i) => i.id)).not.toContain(semContato);
  });

  it("bad input is a 400 with a message, never a 500", async () => {
    for (const q of ["?etapa=xyz", "?pagina=0", "?consultor=nao-uuid", "?tamanho=1000"]) {
      const res = await a.navegadores.admin.req({ url: `/api/juridico/leads${q}` });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().erro).toBe("string");
    }
  });
});

describe("/juridico and /juridico-leads name the people (decision 1633)", () => {
  it("the legal professional and the uploader by name; the e-mail only for an account without one", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const semNome = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarUsuario(tx, { id_empresa_fk: c.empresa.id, papel: PAPEL.juridico, nome: "" }),
    );
    const juridico = c.usuarios.juridico;
    const comNome = await processo(c, "Em Contato Jurídico", 2, { profissional_juridico_atribuido_id: juridico.id });
    const daConta = await processo(c, "Em Contato Jurídico", 3, { profissional_juridico_atribuido_id: semNome.id });
    await documento(c, comNome.id, "procuracao.pdf", haDias(1));

    const p = await painel(c.navegadores.juridico);
    const nomes = Object.fromEntries(p.processosRecentes.map((r) => [r.id, r.profissional_nome]));
    expect(nomes).toEqual({ [comNome.id]: juridico.nome, [daConta.id]: semNome.email });
    expect(p.documentosRecentes.map((d) => d.usuario_nome)).toEqual([juridico.nome]);

    const r = await c.navegadores.admin.req({ url: "/api/juridico/leads" });
    const itens = (r.json() as TPaginaLeadsJuridicos).itens;
    expect(Object.fromEntries(itens.map((i) => [i.id, i.profissional_nome]))).toEqual(nomes);
  });
});

describe("GET /api/whatsapp/conexao: the read-only status of Consultor and Jurídico", () => {
  it("answers connected or not, provider and since when; the QR code only to those who configure it", async () => {
    await sql(
      `UPDATE empresas SET whatsapp_provedor = 'unofficial',
              config_whatsapp_api = '{"unofficial_api_url":"http://gw.test","unofficial_api_key":"k","unofficial_instance_id":"i"}'
        WHERE id = $1`,
      [b.empresa.id],
    );
    await sql(
      `INSERT INTO whatsapp_sessions (id_empresa_fk, status, qr_code, updated_at) VALUES ($1, 'qr_ready', 'data:image/png;base64,AAAA', $2)
       ON CONFLICT (id_empresa_fk) DO UPDATE SET status = 'qr_ready', qr_code = EXCLUDED.qr_code, updated_at = EXCLUDED.updated_at`,
      [b.empresa.id, new Date("2026-01-02T03:04:05Z")],
    );
    for (const nav of [b.navegadores.consultor, b.navegadores.juridico]) {
      const res = await nav.req({ url: "/api/whatsapp/conexao" });
      expect(res.statusCode).toBe(200);
      const c = res.json() as TConexaoWhatsApp;
      expect(c).toMatchObject({ provedor: "unofficial", conectado: false, status: "qr_ready", qrCode: null });
      expect(c.atualizadoEm).toBe("2026-01-02T03:04:05.000Z");
    }
    const adm = (await b.navegadores.admin.req({ url: "/api/whatsapp/conexao" })).json() as TConexaoWhatsApp;
    expect(adm.qrCode).toBe("data:image/png;base64,AAAA");
    // changing it stays with the admins
    const post = await b.navegadores.juridico.req({ method: "POST", url: "/api/whatsapp/conexao/conectar", payload: {} });
    expect(post.statusCode).toBe(403);
    expect(post.json().erro).toBe("Acesso negado.");
  });
});

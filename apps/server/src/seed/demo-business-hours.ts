import { AUSENCIA_PADRAO, aberturaDoDia, inicioDoFechamento, SEMANA_PADRAO, type THorario } from "@crm/domain/business-hours";
import { somarDias } from "@crm/domain/deadlines";
import { isoDiaSP } from "@crm/domain/period";
import { ehFeriadoNacional } from "../calendar/holidays.js";
import type { TTx } from "../db/tenant.js";
import { MIN, type TEmpresaDemo, type TGeracao } from "./demo-context.js";

const NOME_AUSENCIA = "Mensagem de ausência";
/** Reply delays of the demo's conversations, in minutes of business hours: most within the 5-minute target, some not. */
const ATRASOS = [1, 2, 3, 4, 4, 6, 9, 15, 2, 3, 25, 1];

/**
 * Business hours on `npm start` (decisions 1881-1883): the demo company opens Monday to Friday 08:00-18:00 and
 * Saturday 09:00-13:00, has the away message on, a 5-minute target, a city holiday 8 days ago and the São Paulo state
 * holiday of 9 July. Each consultant gets a few conversations over the last three weeks answered at various delays —
 * some lead messages at night, answered the next open morning (their away message is there too), one on the holiday —
 * so /desempenho and the dashboard's 'Tempo de resposta' card show first and next response times, per consultant
 * and per day, within and over the target. Uses leads of the consultants that have no conversation yet.
 */
export async function semearHorarioDemo(tx: TTx, g: TGeracao, empresa: TEmpresaDemo): Promise<void> {
  const semana = [null, ...SEMANA_PADRAO.slice(1, 6), { inicio: "09:00", fim: "13:00" }];
  const hoje = isoDiaSP(g.agora);
  // the weekday 8 days back or the first weekday before it: a holiday of the city, so the figures skip it
  let feriado = somarDias(hoje, -8);
  while ([0, 6].includes(new Date(`${feriado}T12:00:00Z`).getUTCDay()) || ehFeriadoNacional(feriado))
    feriado = somarDias(feriado, -1);
  const ano = Number(hoje.slice(0, 4)) + (hoje.slice(5) > "07-09" ? 1 : 0);
  await tx.query(
    `UPDATE empresas SET expediente_semana = $2, ausencia_ativa = true, ausencia_texto = $3, meta_resposta_min = 5 WHERE id = $1`,
    [empresa.id, JSON.stringify(semana), AUSENCIA_PADRAO],
  );
  await tx.query(
    `INSERT INTO feriados_empresa (id_empresa_fk, dia, nome, abrangencia)
     VALUES ($1, $2, 'Feriado municipal (demonstração)', 'municipal'), ($1, $3, 'Revolução Constitucionalista', 'estadual')`,
    [empresa.id, feriado, `${ano}-07-09`],
  );
  const h: THorario = { semana, ehFeriado: (d) => d === feriado || ehFeriadoNacional(d) };

  const { rows: leads } = await tx.query<{ id: string; consultor: string; usuario: string | null }>(
    `SELECT l.id, l.consultor_atribuido_id AS consultor, c.id_usuario_fk AS usuario FROM leads_juros_check l
       JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id
      WHERE l.id_empresa_fk = $1
        AND NOT EXISTS (SELECT 1 FROM mensagens_whatsapp m WHERE m.id_empresa_fk = $1 AND m.id_lead_fk = l.id)
        -- the duplicate report's pairs stay without a conversation (decision 1501)
        AND NOT EXISTS (SELECT 1 FROM leads_telefones_migrados t
                         WHERE t.id_empresa_fk = l.id_empresa_fk AND l.id IN (t.id_lead_fk, t.id_lead_duplicado_de_fk))
      ORDER BY l.consultor_atribuido_id, l.id`,
    [empresa.id],
  );
  const porConsultor = new Map<string, typeof leads>();
  for (const l of leads) porConsultor.set(l.consultor, [...(porConsultor.get(l.consultor) ?? []), l]);

  const mensagens: unknown[][] = [];
  const historico: unknown[][] = [];
  const ausencias: unknown[][] = [];
  /** An instant of an open day's São Paulo clock, `min` minutes after its opening. */
  const aberto = (dia: string, min: number) => new Date((aberturaDoDia(dia, h)?.abre as number) + min * MIN);
  /** The business-hours instant `min` minutes after `de` (crossing the closed hours). */
  const depois = (de: Date, min: number) => {
    let t = de.getTime();
    let falta = min * MIN;
    for (let dia = isoDiaSP(de); falta > 0; dia = somarDias(dia, 1)) {
      const a = aberturaDoDia(dia, h);
      if (!a) continue;
      const inicio = Math.max(t, a.abre);
      if (inicio >= a.fecha) continue;
      const usa = Math.min(falta, a.fecha - inicio);
      t = inicio + usa;
      falta -= usa;
    }
    return new Date(t);
  };
  let k = 0;
  const atraso = () => ATRASOS[k++ % ATRASOS.length];
  const texto = (i: number) =>
    ["Oi, tudo bem?", "Consegue me ajudar com a revisão?", "Mandei o contrato.", "E agora, o que falta?"][i % 4];
  const msg = (lead: (typeof leads)[number], quem: "lead" | "consultor", em: Date, i: number) =>
    mensagens.push([
      lead.id,
      quem === "lead" ? "entrada" : "saida",
      quem,
      quem === "consultor" ? lead.usuario : null,
      quem === "lead" ? texto(i) : "Claro! Já vou verificar para você.",
      quem === "lead" ? "received" : "read",
      em,
    ]);

  let n = 0;
  for (const [, seus] of porConsultor) {
    for (const lead of seus.slice(0, 4)) {
      // an open day 2 to 20 days back
      let dia = somarDias(hoje, -(2 + ((n * 5) % 19)));
      while (!aberturaDoDia(dia, h)) dia = somarDias(dia, -1);
      n++;
      historico.push([lead.id, lead.consultor, aberto(dia, 60)]);
      // the first message after the assignment, answered after a delay
      const primeira = aberto(dia, 75);
      msg(lead, "lead", primeira, 0);
      msg(lead, "consultor", depois(primeira, atraso()), 0);
      // an afternoon question, answered
      const tarde = aberto(dia, 6 * 60);
      msg(lead, "lead", tarde, 1);
      msg(lead, "consultor", depois(tarde, atraso()), 1);
      // every other lead writes at 19:20 (closed): the away message, and the answer the next open morning
      if (n % 2 === 0) {
        const noite = new Date((aberturaDoDia(dia, h)?.fecha as number) + 80 * MIN);
        msg(lead, "lead", noite, 2);
        mensagens.push([lead.id, "saida", "sistema", null, AUSENCIA_PADRAO, "read", new Date(noite.getTime() + 2000)]);
        ausencias.push([lead.id, inicioDoFechamento(noite, h)]);
        msg(lead, "consultor", depois(noite, 3 + (n % 5)), 2);
      }
    }
  }
  // one lead wrote on the holiday's morning: the away message, and the answer the next open day
  const naFeriado = [...porConsultor.values()][0]?.[4];
  if (naFeriado) {
    const em = new Date(new Date(`${feriado}T10:00:00-03:00`).getTime());
    historico.push([naFeriado.id, naFeriado.consultor, new Date(em.getTime() - 30 * MIN)]);
    msg(naFeriado, "lead", em, 3);
    mensagens.push([naFeriado.id, "saida", "sistema", null, AUSENCIA_PADRAO, "read", new Date(em.getTime() + 2000)]);
    ausencias.push([naFeriado.id, inicioDoFechamento(em, h)]);
    msg(naFeriado, "consultor", depois(em, 4), 3);
  }
  if (!mensagens.length) return;
  const col = <T>(linhas: unknown[][], i: number) => linhas.map((l) => l[i] as T);
  await tx.query(
    `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_novo, origem, motivo, created_at)
     SELECT $1, x.lead, 'consultor_atribuido_id', x.consultor, 'sistema', 'Atribuição automática', x.em
       FROM unnest($2::uuid[], $3::text[], $4::timestamptz[]) AS x (lead, consultor, em)`,
    [empresa.id, col(historico, 0), col(historico, 1), col(historico, 2)],
  );
  const { rows: gravadas } = await tx.query<{ id: string; id_lead_fk: string; sender: string; timestamp: Date }>(
    `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, id_usuario_fk, sender_nome, message, status,
            natureza_envio, timestamp, status_em, lida_em)
     SELECT $1, x.lead, x.direcao, x.sender, x.usuario,
            CASE WHEN x.sender = 'sistema' THEN $9 END, x.texto, x.status,
            CASE x.sender WHEN 'sistema' THEN 'automatica' WHEN 'consultor' THEN 'resposta' END, x.em, x.em,
            CASE WHEN x.direcao = 'entrada' THEN x.em END
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::text[], $8::timestamptz[])
            AS x (lead, direcao, sender, usuario, texto, status, em)
     RETURNING id, id_lead_fk, sender, timestamp`,
    [empresa.id, ...[0, 1, 2, 3, 4, 5, 6].map((i) => col(mensagens, i)), NOME_AUSENCIA],
  );
  // each away message's period, named by its closing time (decision 1882)
  const ids = ausencias.map(([lead, periodo]) => {
    const m = gravadas.find(
      (x) => x.id_lead_fk === lead && x.sender === "sistema" && x.timestamp.getTime() >= (periodo as Date).getTime(),
    );
    return m?.id ?? null;
  });
  await tx.query(
    `INSERT INTO ausencias_enviadas (id_empresa_fk, id_lead_fk, periodo, id_mensagem_fk)
     SELECT $1, x.lead, x.periodo, x.mensagem FROM unnest($2::uuid[], $3::timestamptz[], $4::uuid[]) AS x (lead, periodo, mensagem)
     ON CONFLICT DO NOTHING`,
    [empresa.id, col(ausencias, 0), col(ausencias, 1), ids],
  );
  await tx.query(
    `UPDATE leads_juros_check l SET ultima_mensagem_em = x.ultima, ultima_mensagem_lead_em = x.ultima_lead
       FROM (SELECT id_lead_fk, max(timestamp) AS ultima, max(timestamp) FILTER (WHERE direcao = 'entrada') AS ultima_lead
               FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[]) GROUP BY id_lead_fk) x
      WHERE l.id_empresa_fk = $1 AND l.id = x.id_lead_fk`,
    [empresa.id, [...new Set(col<string>(mensagens, 0))]],
  );
}

import { AUSENCIA_PADRAO, MSG_EXPEDIENTE, type TFaixa } from "@crm/domain/business-hours";
import { somarDias } from "@crm/domain/deadlines";
import {
  type TFeriado,
  type THorarioAtendimento,
  ZFeriado,
  ZFeriadoId,
  ZFeriadoNovo,
  ZFeriados,
  ZHorarioAtendimento,
  ZHorarioAtendimentoSalvo,
} from "@crm/domain/schemas/business-hours";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ehFeriadoNacional, feriadosNacionaisEntre, hojeSP } from "../calendar/holidays.js";
import { registrarMudancas } from "../change-log/record.js";
import { type TTx, withTenant } from "../db/tenant.js";
import { conflict, notFound } from "../http/errors.js";
import { contextoEmpresa } from "../http/tenant.js";

const configurar = { permissao: "empresa.configurar", alvo: "propria" } as const;

/** The form's seven days from the stored ones: a closed day shows the default hours, ready to be opened. */
function paraFormulario(r: {
  semana: (TFaixa | null)[];
  ativa: boolean;
  texto: string | null;
  meta: number;
}): THorarioAtendimento {
  return {
    dias: r.semana.map((f) => (f ? { aberto: true, ...f } : { aberto: false, inicio: "08:00", fim: "18:00" })),
    ausencia_ativa: r.ativa,
    ausencia_texto: r.texto ?? AUSENCIA_PADRAO,
    meta_resposta_min: r.meta,
  };
}

async function lerConfiguracao(tx: TTx, empresaId: string): Promise<THorarioAtendimento> {
  const { rows } = await tx.query(
    `SELECT expediente_semana AS semana, ausencia_ativa AS ativa, ausencia_texto AS texto, meta_resposta_min AS meta
       FROM empresas WHERE id = $1`,
    [empresaId],
  );
  return paraFormulario(rows[0]);
}

/** The change log's row of a settings change (decision 1702): which settings, never their values. */
const registrar = (tx: TTx, empresaId: string, usuarioId: string, campos: string[]) =>
  registrarMudancas(tx, {
    empresaId,
    autor: { origem: "usuario", usuarioId },
    mudancas: [{ entidade: "configuracao", id: empresaId, tipo: "configuracao.alterada", depois: { campos } }],
  });

/**
 * 'Horário de atendimento' of the company settings (decisions 1881-1883): the hours per weekday, the away message, the
 * response-time target, and the company's holidays. A change of hours reaches the assignment's sweep within its
 * minute (decision 1503), so nothing is queued here.
 */
export const businessHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/empresa/horario", { config: configurar, schema: { response: { 200: ZHorarioAtendimentoSalvo } } }, (req) => {
    const ctx = contextoEmpresa(req);
    return withTenant(deps.db.app, ctx, (tx) => lerConfiguracao(tx, ctx.empresaId));
  });

  app.put(
    "/empresa/horario",
    { config: configurar, schema: { body: ZHorarioAtendimento, response: { 200: ZHorarioAtendimentoSalvo } } },
    (req) => {
      const ctx = contextoEmpresa(req);
      const c = req.body;
      const semana = c.dias.map((d) => (d.aberto ? { inicio: d.inicio, fim: d.fim } : null));
      return withTenant(deps.db.app, ctx, async (tx) => {
        await tx.query(
          `UPDATE empresas SET expediente_semana = $2::jsonb, ausencia_ativa = $3, ausencia_texto = $4, meta_resposta_min = $5,
                  updated_at = now()
            WHERE id = $1`,
          [ctx.empresaId, JSON.stringify(semana), c.ausencia_ativa, c.ausencia_texto, c.meta_resposta_min],
        );
        await registrar(tx, ctx.empresaId, ctx.usuarioId, ["expediente", "mensagem_ausencia", "meta_resposta"]);
        return lerConfiguracao(tx, ctx.empresaId);
      });
    },
  );

  app.get("/empresa/feriados", { config: configurar, schema: { response: { 200: ZFeriados } } }, async (req) => {
    const ctx = contextoEmpresa(req);
    const hoje = hojeSP();
    const proprios = await withTenant(deps.db.app, ctx, async (tx) => {
      const { rows } = await tx.query<TFeriado>(
        `SELECT id, to_char(dia, 'YYYY-MM-DD') AS dia, nome, abrangencia FROM feriados_empresa
          WHERE id_empresa_fk = $1 AND dia >= $2::date - 365 ORDER BY dia`,
        [ctx.empresaId, hoje],
      );
      return rows;
    });
    const nacionais: TFeriado[] = feriadosNacionaisEntre(hoje, somarDias(hoje, 365)).map((f) => ({
      id: null,
      ...f,
      abrangencia: "nacional",
    }));
    return { feriados: [...proprios, ...nacionais].sort((a, b) => a.dia.localeCompare(b.dia)) };
  });

  app.post(
    "/empresa/feriados",
    { config: configurar, schema: { body: ZFeriadoNovo, response: { 201: ZFeriado } } },
    async (req, reply) => {
      const ctx = contextoEmpresa(req);
      const f = req.body;
      if (ehFeriadoNacional(f.dia)) throw conflict(MSG_EXPEDIENTE.feriadoNacional);
      const criado = await withTenant(deps.db.app, ctx, async (tx) => {
        const { rows } = await tx.query<TFeriado>(
          `INSERT INTO feriados_empresa (id_empresa_fk, dia, nome, abrangencia) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id_empresa_fk, dia) DO NOTHING
           RETURNING id, to_char(dia, 'YYYY-MM-DD') AS dia, nome, abrangencia`,
          [ctx.empresaId, f.dia, f.nome, f.abrangencia],
        );
        if (!rows.length) throw conflict(MSG_EXPEDIENTE.feriadoRepetido);
        await registrar(tx, ctx.empresaId, ctx.usuarioId, ["feriados"]);
        return rows[0];
      });
      return reply.status(201).send(criado);
    },
  );

  app.delete("/empresa/feriados/:id", { config: configurar, schema: { params: ZFeriadoId } }, async (req, reply) => {
    const ctx = contextoEmpresa(req);
    await withTenant(deps.db.app, ctx, async (tx) => {
      const { rowCount } = await tx.query("DELETE FROM feriados_empresa WHERE id_empresa_fk = $1 AND id = $2", [
        ctx.empresaId,
        req.params.id,
      ]);
      if (!rowCount) throw notFound(MSG_EXPEDIENTE.feriadoNaoEncontrado);
      await registrar(tx, ctx.empresaId, ctx.usuarioId, ["feriados"]);
    });
    return reply.status(204).send();
  });
};

import type { TTx } from "../db/tenant.js";

/**
 * The demo's quick replies beyond the six every company starts with (decision 1838): one more of the company's, with
 * the instalment variable, and personal ones of each consultant who signs in, so '/' in the chat shows both kinds.
 */
export async function semearRespostasDemo(
  tx: TTx,
  empresaId: string,
  consultores: { usuarioId: string | null }[],
): Promise<void> {
  const linhas = [
    {
      usuario: null,
      atalho: "parcela",
      titulo: "Valor da parcela",
      conteudo:
        "{{primeiro_nome}}, com a parcela de {{valor_parcela}} já dá para estimarmos quanto pode ser recuperado. Posso te mandar a pré-análise?",
    },
    ...consultores
      .filter((c) => c.usuarioId)
      .flatMap((c) => [
        {
          usuario: c.usuarioId,
          atalho: "ligar",
          titulo: "Combinar ligação",
          conteudo: "{{primeiro_nome}}, posso te ligar hoje às 18h? Se preferir outro horário, é só me dizer. {{consultor}}",
        },
        {
          usuario: c.usuarioId,
          atalho: "obrigado",
          titulo: "Agradecer os documentos",
          conteudo: "Recebi, {{primeiro_nome}}! Obrigado. Vou analisar e te retorno ainda hoje.",
        },
      ]),
  ];
  await tx.query(
    `INSERT INTO respostas_rapidas (id_empresa_fk, id_usuario_fk, atalho, titulo, conteudo)
     SELECT $1, r.usuario, r.atalho, r.titulo, r.conteudo
       FROM jsonb_to_recordset($2::jsonb) AS r (usuario uuid, atalho text, titulo text, conteudo text)`,
    [empresaId, JSON.stringify(linhas)],
  );
}

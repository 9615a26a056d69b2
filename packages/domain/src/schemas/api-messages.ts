import { z } from "zod";
import { MSG } from "../messages";
import { ZMensagem } from "./chat";

/**
 * A message as /api/v1 shows it (decision 1816): the chat's own shape, with its lead and its last change (the cursor's
 * order); the file itself stays behind the browser's authorized route, so no URL of it is given.
 */
export const ZMensagemApi = ZMensagem.omit({ mediaUrl: true })
  .extend({ lead_id: z.guid(), updated_at: z.string() })
  .meta({ id: "Mensagem" });
export type TMensagemApi = z.infer<typeof ZMensagemApi>;

/**
 * The multipart form of POST /api/v1/leads/{id}/mensagens/midia, for the document only: the server reads it with the
 * chat's own upload reader (one file up to 16 MB, its type checked by its content).
 */
export const ZFormularioMidiaApi = z.object({
  tipo: z.enum(["image", "document"], { error: MSG.dadosInvalidos }),
  legenda: z.string().max(1024).optional(),
  arquivo: z
    .string()
    .meta({ format: "binary", description: "JPEG, PNG ou WEBP (image); PDF, Word, Excel ou texto (document); até 16 MB" }),
});

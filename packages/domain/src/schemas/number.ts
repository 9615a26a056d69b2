import { z } from "zod";
import { lerNumeroDeFormulario } from "../form-number";
import { MSG } from "../messages";

/**
 * A number field of a body or a query string, in place of `z.coerce.number()` (decision 1602): a number, or the text
 * a form sends for one (lerNumeroDeFormulario), then checked by `alvo` (bounds, integer). null, false, "", arrays and
 * the like are refused with `mensagem`, so the 400 names the field instead of saving 0.
 */
export function zNumero<T extends z.ZodNumber>(alvo: T, mensagem: string = MSG.numeroInvalido) {
  return z
    .union([z.number(), z.string()], { error: mensagem })
    .transform((v, ctx) => {
      const n = lerNumeroDeFormulario(v);
      if (n === undefined) {
        ctx.addIssue({ code: "custom", message: mensagem });
        return z.NEVER;
      }
      return n;
    })
    .pipe(alvo);
}

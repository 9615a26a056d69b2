import { z } from "zod";
import { MSG } from "../messages";

/** PostgreSQL text cannot hold U+0000: a NUL byte is refused at the edge, per field, before any query or stream. */
export const semNul = (v: string) => !v.includes("\u0000");

/** `z.string()` for text a person or a system sends in: the same, refusing the NUL byte with a pt-BR message. */
export const zTexto = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(semNul, MSG.textoComCaractereNulo);

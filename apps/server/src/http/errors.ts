import { MSG } from "@crm/domain/messages";

/** An error whose message is meant for the user (pt-BR) and whose status is a 4xx. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly campos?: Record<string, string>,
    /** A machine-readable reason the web acts on: 'limite_plano' links to /planos, 'somente_leitura' to /assinatura. */
    public readonly codigo?: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string = MSG.requisicaoInvalida, campos?: Record<string, string>) =>
  new HttpError(400, msg, campos);
export const unauthorized = (msg: string = MSG.sessaoInvalida) => new HttpError(401, msg);
export const forbidden = (msg: string = MSG.acessoNegado) => new HttpError(403, msg);
export const notFound = (msg: string = MSG.naoEncontrado) => new HttpError(404, msg);
export const conflict = (msg: string) => new HttpError(409, msg);
export const tooMany = (msg: string = MSG.muitasTentativas) => new HttpError(429, msg);

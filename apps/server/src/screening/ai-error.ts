// Its own file: the rule screener and the tests of pure rules use it without loading the OpenAI client (seconds of
// import per test file, decision 1753).
export type TTipoErroIa = "conexao" | "timeout" | "http" | "truncado" | "json_invalido" | "destino_recusado";

/** Anything that keeps the model from giving a usable decision; `mensagem` is the pt-BR text stored and shown. */
export class ErroIa extends Error {
  constructor(
    public readonly tipo: TTipoErroIa,
    public readonly mensagem: string,
  ) {
    super(mensagem);
    this.name = "ErroIa";
  }
}

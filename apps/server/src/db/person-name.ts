/**
 * How a platform user (`usuarios_plataforma` under alias `u`) is named on every screen, as SQL: the name, the e-mail
 * only for an account without one (decision 1633). One expression, so a list, a dashboard and a filter's options
 * never name the same person two ways.
 */
export const nomeDoUsuarioSql = (u: string) => `coalesce(nullif(${u}.nome, ''), ${u}.email)`;

/**
 * `url`'s user and password at the direct address of DATABASE_LISTEN_URL (decision 1901): LISTEN, the migrations'
 * advisory lock and a cursor WITH HOLD need one server connection for their whole session, which a pooler in
 * transaction mode does not give. Only the direct URL's address counts (host, port, database, parameters such as
 * sslmode), so one variable serves the owner and crm_app alike. Without a direct address, `url` itself.
 */
export function naConexaoDireta(url: string, direta: string | undefined): string {
  if (!direta) return url;
  const endereco = new URL(direta);
  const login = new URL(url);
  endereco.username = login.username;
  endereco.password = login.password;
  return endereco.toString();
}

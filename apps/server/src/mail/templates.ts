/** pt-BR email templates. Plain text and a simple, inline-styled HTML version of each. */
export type TEmailConteudo = { assunto: string; texto: string; html: string };

const escapar = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

function layout(titulo: string, paragrafos: string[], botao: { texto: string; url: string }, rodape: string): string {
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;background:#f1f5f9;padding:24px;color:#0f172a">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapar(titulo)}</h1>
${paragrafos.map((p) => `<p style="line-height:1.5">${escapar(p)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${escapar(botao.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapar(botao.texto)}</a></p>
<p style="font-size:12px;color:#64748b">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${escapar(botao.url)}</p>
<p style="font-size:12px;color:#64748b">${escapar(rodape)}</p>
</div></body></html>`;
}

export function emailConfirmacao(nome: string, url: string): TEmailConteudo {
  const p = [`Olá, ${nome}!`, "Recebemos o cadastro da sua empresa. Confirme seu email para começar a usar o CRM."];
  const rodape = "O link vale por 24 horas. Se você não fez este cadastro, ignore este email.";
  return {
    assunto: "Confirme seu email",
    texto: `${p.join("\n\n")}\n\nConfirmar email: ${url}\n\n${rodape}`,
    html: layout("Confirme seu email", p, { texto: "Confirmar email", url }, rodape),
  };
}

export function emailRedefinicaoSenha(nome: string, url: string): TEmailConteudo {
  const p = [`Olá, ${nome}!`, "Recebemos um pedido para redefinir a senha da sua conta."];
  const rodape =
    "O link vale por 1 hora e só pode ser usado uma vez. Se você não pediu, ignore este email: sua senha continua a mesma.";
  return {
    assunto: "Redefinição de senha",
    texto: `${p.join("\n\n")}\n\nRedefinir senha: ${url}\n\n${rodape}`,
    html: layout("Redefinição de senha", p, { texto: "Redefinir senha", url }, rodape),
  };
}

export function emailConvite(nome: string, empresa: string, papel: string, url: string): TEmailConteudo {
  const p = [
    `Olá, ${nome}!`,
    `Você foi convidado(a) para a equipe da ${empresa} como ${papel}.`,
    "Complete seu cadastro pelo link abaixo.",
  ];
  const rodape = "O convite vale por 7 dias e só pode ser usado uma vez.";
  return {
    assunto: `Convite para a equipe da ${empresa}`,
    texto: `${p.join("\n\n")}\n\nCompletar cadastro: ${url}\n\n${rodape}`,
    html: layout("Convite para Equipe", p, { texto: "Completar Cadastro", url }, rodape),
  };
}

/** Sent to the NEW address of an email change: the change happens only when this link is opened. */
export function emailConfirmarTrocaEmail(nome: string, novoEmail: string, url: string): TEmailConteudo {
  const p = [`Olá, ${nome}!`, `Recebemos um pedido para usar ${novoEmail} como o novo e-mail da sua conta no CRM.`];
  const rodape = "O link vale por 24 horas. Se você não pediu esta alteração, ignore este email: nada muda.";
  return {
    assunto: "Confirme seu novo e-mail",
    texto: `${p.join("\n\n")}\n\nConfirmar novo e-mail: ${url}\n\n${rodape}`,
    html: layout("Confirme seu novo e-mail", p, { texto: "Confirmar novo e-mail", url }, rodape),
  };
}

/** Sent to the OLD address once an email change took effect, so a change nobody asked for does not go unseen. */
export function emailAvisoEmailAlterado(nome: string, novoEmail: string, url: string): TEmailConteudo {
  const p = [`Olá, ${nome}!`, `O e-mail da sua conta no CRM foi alterado para ${novoEmail}.`];
  const rodape = "Se não foi você, fale com o administrador da sua empresa imediatamente.";
  return {
    assunto: "Seu e-mail foi alterado",
    texto: `${p.join("\n\n")}\n\nAcessar o CRM: ${url}\n\n${rodape}`,
    html: layout("Seu e-mail foi alterado", p, { texto: "Acessar o CRM", url }, rodape),
  };
}

/** Security notice after a password change made from the profile. */
export function emailAvisoSenhaAlterada(nome: string, url: string): TEmailConteudo {
  const p = [`Olá, ${nome}!`, "A senha da sua conta no CRM foi alterada. As outras sessões abertas foram encerradas."];
  const rodape = "Se não foi você, redefina sua senha pela opção 'Esqueci minha senha' e avise o administrador da sua empresa.";
  return {
    assunto: "Sua senha foi alterada",
    texto: `${p.join("\n\n")}\n\nAcessar o CRM: ${url}\n\n${rodape}`,
    html: layout("Sua senha foi alterada", p, { texto: "Acessar o CRM", url }, rodape),
  };
}

/** An outbound webhook endpoint switched off after days of failures (decision 1804). */
export function emailWebhookDesativado(nome: string, aviso: string, url: string): TEmailConteudo {
  const p = [`Olá, ${nome}!`, aviso];
  const rodape = "Você recebe este aviso por ser administrador da empresa no CRM.";
  return {
    assunto: "Webhook desativado",
    texto: `${p.join("\n\n")}\n\nAbrir as configurações: ${url}\n\n${rodape}`,
    html: layout("Webhook desativado", p, { texto: "Abrir as configurações", url }, rodape),
  };
}

/** The privacy clock's alert to the encarregado (decision 1825): a titular's request falls due. */
export function emailAlertaPrivacidade(titulo: string, conteudo: string, url: string): TEmailConteudo {
  const p = [conteudo, "A LGPD (art. 19) dá 15 dias para a declaração completa ao titular; acompanhe o prazo no CRM."];
  const rodape = "Você recebe este aviso como encarregado de dados da empresa no CRM.";
  return {
    assunto: titulo,
    texto: `${p.join("\n\n")}\n\nAbrir as solicitações: ${url}\n\n${rodape}`,
    html: layout(titulo, p, { texto: "Abrir as solicitações", url }, rodape),
  };
}

/**
 * The notice of a security incident to one titular (Res. CD/ANPD 15/2024 art. 9, decision 1876): the drafted text
 * as it is, in plain paragraphs; its contact is the encarregado's, so it has no button to the CRM.
 */
export function emailAvisoIncidente(assunto: string, texto: string): TEmailConteudo {
  const p = texto.split("\n").filter(Boolean);
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;background:#f1f5f9;padding:24px;color:#0f172a">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapar(assunto)}</h1>
${p.map((x) => `<p style="line-height:1.5">${escapar(x)}</p>`).join("\n")}
</div></body></html>`;
  return { assunto, texto, html };
}

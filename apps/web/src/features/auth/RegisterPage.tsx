import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { TRegistroEmpresa, TRegistroUsuario } from "@crm/domain/schemas/auth";
import { useState } from "react";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { registrar } from "./api";
import { RegisterCompanyStep } from "./RegisterCompanyStep";
import { RegisterSuccess } from "./RegisterSuccess";
import { RegisterUserStep, type TUsuarioRascunho } from "./RegisterUserStep";

type TErros<T> = Partial<Record<keyof T, string>>;

/** Server field errors come as 'empresa.campo' / 'usuario.campo' (POST /api/auth/registro). */
function separarCampos(campos: Record<string, string> = {}) {
  const empresa: Record<string, string> = {};
  const usuario: Record<string, string> = {};
  for (const [chave, msg] of Object.entries(campos)) {
    const [grupo, campo] = chave.split(".");
    if (grupo === "empresa" && campo) empresa[campo] = msg;
    else if (grupo === "usuario" && campo) usuario[campo] = msg;
  }
  return { empresa: empresa as TErros<TRegistroEmpresa>, usuario: usuario as TErros<TRegistroUsuario> };
}

/** Company sign-up in two steps (000 §2.3). */
export function RegisterPage() {
  const [etapa, setEtapa] = useState<1 | 2 | "sucesso">(1);
  const [empresa, setEmpresa] = useState<TRegistroEmpresa>();
  const [usuario, setUsuario] = useState<TUsuarioRascunho>();
  const [emailCadastrado, setEmailCadastrado] = useState("");
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [errosEmpresa, setErrosEmpresa] = useState<TErros<TRegistroEmpresa>>();
  const [errosUsuario, setErrosUsuario] = useState<TErros<TRegistroUsuario>>();

  function proximo(dados: TRegistroEmpresa) {
    setEmpresa(dados);
    setErro(null);
    setErrosEmpresa(undefined);
    // the user's email starts as the company contact email until the person types another one
    setUsuario((u) => ({
      nome: u?.nome ?? "",
      email: !u?.email || u.email === empresa?.email_contato ? dados.email_contato : u.email,
      senha: u?.senha ?? "",
      confirmarSenha: u?.confirmarSenha ?? "",
      papel: PAPEL.admin,
    }));
    setEtapa(2);
  }

  async function cadastrar(dadosUsuario: TRegistroUsuario) {
    if (!empresa) return;
    setEnviando(true);
    setErro(null);
    try {
      await registrar({ empresa, usuario: dadosUsuario });
      setEmailCadastrado(dadosUsuario.email);
      setEtapa("sucesso");
    } catch (e) {
      setErro(mensagemDeErro(e, MSG.erroRegistrar));
      if (e instanceof ApiError) {
        const campos = separarCampos(e.campos);
        if (e.status === 409 && Object.keys(campos.empresa).length === 0) campos.usuario.email ??= e.erro;
        setErrosUsuario(campos.usuario);
        if (Object.keys(campos.empresa).length > 0) {
          setUsuario(dadosUsuario);
          setErrosEmpresa(campos.empresa);
          setEtapa(1);
        }
      }
    } finally {
      setEnviando(false);
    }
  }

  if (etapa === "sucesso") return <RegisterSuccess email={emailCadastrado} />;

  return (
    <PublicCardLayout titulo="Cadastre sua empresa" subtitulo={`Etapa ${etapa} de 2`}>
      {erro && (
        <Alert tipo="erro" className="mb-4">
          {erro}
        </Alert>
      )}
      {etapa === 1 || !usuario ? (
        <RegisterCompanyStep inicial={empresa} errosServidor={errosEmpresa} onProximo={proximo} />
      ) : (
        <RegisterUserStep
          inicial={usuario}
          errosServidor={errosUsuario}
          enviando={enviando}
          onVoltar={(rascunho) => {
            setUsuario(rascunho);
            setErro(null);
            setErrosUsuario(undefined);
            setEtapa(1);
          }}
          onCadastrar={cadastrar}
        />
      )}
    </PublicCardLayout>
  );
}

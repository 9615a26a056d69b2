import { Component, type ErrorInfo, type ReactNode } from "react";
import { useRouteError } from "react-router";
import { ErrorFallback } from "./ErrorFallback";

/** Catches render errors outside the router (providers, router bootstrap). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { erro: unknown }> {
  override state = { erro: null as unknown };

  static getDerivedStateFromError(erro: unknown) {
    return { erro };
  }

  override componentDidCatch(erro: unknown, info: ErrorInfo) {
    console.error("Erro não tratado", erro, info.componentStack);
  }

  override render() {
    return this.state.erro ? <ErrorFallback /> : this.props.children;
  }
}

/** The router's errorElement: render and lazy-loading errors of any route. */
export function RouteErrorBoundary() {
  const erro = useRouteError();
  console.error("Erro na rota", erro);
  return <ErrorFallback />;
}

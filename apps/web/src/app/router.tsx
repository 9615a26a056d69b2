import { lazy, Suspense } from "react";
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from "react-router";
import { configPublicaQuery } from "../features/auth/api";
import { RouteErrorBoundary } from "./ErrorBoundary";
import { FullPageLoader } from "./FullPageLoader";
import { PublicOnly, RequireAuth } from "./guards";
import { queryClient } from "./queryClient";

const dashboard = () => import("../features/dashboard/DashboardPage").then((m) => ({ Component: m.DashboardPage }));
const conexaoWhatsApp = () => import("../features/whatsapp/ConnectionPage").then((m) => ({ Component: m.ConnectionPage }));
const configuracoesEmpresa = () =>
  import("../features/company-settings/CompanySettingsPage").then((m) => ({ Component: m.CompanySettingsPage }));
const NotificationBell = lazy(() =>
  import("../features/notifications/NotificationBell").then((m) => ({ default: m.NotificationBell })),
);
const FollowUpReminders = lazy(() =>
  import("../features/follow-ups/FollowUpReminders").then((m) => ({ default: m.FollowUpReminders })),
);
const perfil = () => import("../features/profile/ProfilePage").then((m) => ({ Component: m.ProfilePage }));

function Raiz() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const rotas: RouteObject[] = [
  {
    element: <Raiz />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      // public, and signed-in people are sent to /dashboard (000 §2.1)
      {
        element: <PublicOnly />,
        children: [
          {
            path: "/login",
            // the public config (demo accounts, dev mailbox) is asked for with the page's code, not after it renders
            lazy: () => {
              void queryClient.prefetchQuery(configPublicaQuery);
              return import("../features/auth/LoginPage").then((m) => ({ Component: m.LoginPage }));
            },
          },
          { path: "/register", lazy: () => import("../features/auth/RegisterPage").then((m) => ({ Component: m.RegisterPage })) },
          {
            path: "/forgot-password",
            lazy: () => import("../features/auth/ForgotPasswordPage").then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: "/reset-password",
            lazy: () => import("../features/auth/ResetPasswordPage").then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            path: "/email-confirmation",
            lazy: () => import("../features/auth/EmailConfirmationPage").then((m) => ({ Component: m.EmailConfirmationPage })),
          },
        ],
      },
      // public, signed in or out
      { path: "/debug-auth", lazy: () => import("../features/auth/DebugAuthPage").then((m) => ({ Component: m.DebugAuthPage })) },
      {
        path: "/reload-session",
        lazy: () => import("../features/auth/ReloadSessionPage").then((m) => ({ Component: m.ReloadSessionPage })),
      },
      {
        path: "/dev/emails",
        lazy: () => import("../features/dev/DevMailboxPage").then((m) => ({ Component: m.DevMailboxPage })),
      },
      {
        path: "/test-validation",
        lazy: () => import("../features/test-validation/TestValidationPage").then((m) => ({ Component: m.TestValidationPage })),
      },
      {
        // a company's public privacy page (decision 1824): the titular, signed in or not
        path: "/privacidade/:empresaId",
        lazy: () => import("../features/privacy-requests/PublicPrivacyPage").then((m) => ({ Component: m.PublicPrivacyPage })),
      },
      {
        // the titular's link to their data package (decision 1866), signed in or not
        path: "/privacidade/:empresaId/pacote/:token",
        lazy: () => import("../features/privacy-requests/PublicPackagePage").then((m) => ({ Component: m.PublicPackagePage })),
      },
      {
        path: "/convite-consultor",
        lazy: () => import("../features/invitations/InvitationPage").then((m) => ({ Component: m.ConsultantInvitationPage })),
      },
      {
        path: "/convite-juridico",
        lazy: () => import("../features/invitations/InvitationPage").then((m) => ({ Component: m.LegalInvitationPage })),
      },
      {
        path: "/confirmar-novo-email",
        lazy: () => import("../features/profile/ConfirmEmailChangePage").then((m) => ({ Component: m.ConfirmEmailChangePage })),
      },
      // signed in: everything else, inside the shell
      {
        element: <RequireAuth />,
        children: [
          {
            // the shell and the bell are separate features: composed here. The bell (its menu, Radix's popper) loads
            // after the shell's first paint, in its own chunk; a same-sized space keeps the top bar from shifting.
            lazy: async () => {
              const [{ AppShell }, { SubscriptionGate }] = await Promise.all([
                import("../features/shell/AppShell"),
                import("../features/subscription/SubscriptionGate"),
              ]);
              return {
                element: (
                  <AppShell
                    aviso={<SubscriptionGate />}
                    sino={
                      <Suspense fallback={<span className="block size-9" aria-hidden="true" />}>
                        <NotificationBell />
                        <FollowUpReminders />
                      </Suspense>
                    }
                  />
                ),
              };
            },
            children: [
              { index: true, handle: { menu: "/dashboard" }, lazy: dashboard },
              { path: "/dashboard", handle: { menu: "/dashboard" }, lazy: dashboard },
              {
                path: "/leads",
                handle: { menu: "/leads" },
                lazy: () => import("../features/leads/LeadsPage").then((m) => ({ Component: m.LeadsPage })),
              },
              {
                path: "/meus-leads",
                handle: { menu: "/meus-leads" },
                lazy: () => import("../features/leads/board/MyLeadsPage").then((m) => ({ Component: m.MyLeadsPage })),
              },
              {
                path: "/leads-import",
                handle: { menu: "/leads-import" },
                lazy: () => import("../features/leads/import/LeadsImportPage").then((m) => ({ Component: m.LeadsImportPage })),
              },
              {
                path: "/conversas",
                handle: { menu: "/conversas" },
                lazy: () =>
                  import("../features/conversations/ConversationsPage").then((m) => ({ Component: m.ConversationsPage })),
              },
              {
                path: "/chat/:leadId",
                handle: { menu: "/conversas", telaCheia: true },
                lazy: () => import("../features/chat/ChatPage").then((m) => ({ Component: m.ChatPage })),
              },
              {
                path: "/consultores",
                handle: { menu: "/consultores" },
                lazy: () => import("../features/team/ConsultantsPage").then((m) => ({ Component: m.ConsultantsPage })),
              },
              {
                path: "/ia-triagem",
                handle: { menu: "/ia-triagem" },
                lazy: () => import("../features/screening/ScreeningPage").then((m) => ({ Component: m.ScreeningPage })),
              },
              { path: "/qr-code", handle: { menu: "/qr-code" }, lazy: conexaoWhatsApp },
              { path: "/whatsapp-connection", handle: { menu: "/qr-code" }, lazy: conexaoWhatsApp },
              {
                path: "/financeiro",
                handle: { menu: "/financeiro" },
                lazy: () => import("../features/finance/FinancePage").then((m) => ({ Component: m.FinancePage })),
              },
              {
                path: "/marketing",
                handle: { menu: "/marketing" },
                lazy: () => import("../features/marketing/MarketingPage").then((m) => ({ Component: m.MarketingPage })),
              },
              {
                path: "/campanhas",
                handle: { menu: "/campanhas" },
                lazy: () => import("../features/campaigns/CampaignsPage").then((m) => ({ Component: m.CampaignsPage })),
              },
              {
                path: "/juridico",
                handle: { menu: "/juridico" },
                lazy: () =>
                  import("../features/legal-dashboard/LegalDashboardPage").then((m) => ({ Component: m.LegalDashboardPage })),
              },
              {
                path: "/juridico-leads",
                handle: { menu: "/juridico" },
                lazy: () => import("../features/legal-dashboard/HandoffPage").then((m) => ({ Component: m.HandoffPage })),
              },
              {
                path: "/juridico-equipe",
                handle: { menu: "/juridico-equipe" },
                lazy: () => import("../features/legal-team/LegalTeamPage").then((m) => ({ Component: m.LegalTeamPage })),
              },
              { path: "/empresa-config", handle: { menu: "/empresa-config" }, lazy: configuracoesEmpresa },
              {
                path: "/configuracoes",
                handle: { menu: "/configuracoes" },
                lazy: () => import("../features/platform/SettingsPage").then((m) => ({ Component: m.SettingsPage })),
              },
              { path: "/perfil", handle: { menu: "/perfil" }, lazy: perfil },
              { path: "/profile", handle: { menu: "/perfil" }, lazy: perfil },
              {
                path: "/assinatura",
                handle: { menu: "/assinatura" },
                lazy: () => import("../features/subscription/SubscriptionPage").then((m) => ({ Component: m.SubscriptionPage })),
              },
              {
                path: "/planos",
                handle: { menu: "/assinatura" },
                lazy: () => import("../features/subscription/PlansPage").then((m) => ({ Component: m.PlansPage })),
              },
              {
                path: "/empresas",
                handle: { menu: "/empresas" },
                lazy: () => import("../features/companies/CompaniesPage").then((m) => ({ Component: m.CompaniesPage })),
              },
              {
                path: "/empresa/:empresaId",
                handle: { menu: "/empresas" },
                lazy: () => import("../features/companies/CompanyPage").then((m) => ({ Component: m.CompanyPage })),
              },
              {
                path: "/empresa/:empresaId/leads",
                handle: { menu: "/empresas" },
                lazy: () => import("../features/leads/LeadsPage").then((m) => ({ Component: m.LeadsPage })),
              },
              {
                path: "/empresa/:empresaId/management",
                handle: { menu: "/empresas" },
                lazy: () =>
                  import("../features/companies/CompanyManagementPage").then((m) => ({ Component: m.CompanyManagementPage })),
              },
              {
                path: "/empresa/:empresaId/subscription",
                handle: { menu: "/empresas" },
                lazy: () =>
                  import("../features/subscription/SubscriptionPage").then((m) => ({ Component: m.CompanySubscriptionPage })),
              },
              {
                path: "/usuarios",
                handle: { menu: "/usuarios" },
                lazy: () => import("../features/platform/UsersPage").then((m) => ({ Component: m.UsersPage })),
              },
              {
                path: "/analytics",
                handle: { menu: "/analytics" },
                lazy: () => import("../features/platform/AnalyticsPage").then((m) => ({ Component: m.AnalyticsPage })),
              },
              {
                path: "/taxas-bacen",
                handle: { menu: "/taxas-bacen" },
                lazy: () => import("../features/bacen-rates/BacenRatesPage").then((m) => ({ Component: m.BacenRatesPage })),
              },
              {
                path: "/desempenho",
                handle: { menu: "/desempenho" },
                lazy: () => import("../features/performance/PerformancePage").then((m) => ({ Component: m.PerformancePage })),
              },
              {
                path: "/retornos",
                handle: { menu: "/retornos" },
                lazy: () => import("../features/follow-ups/MyFollowUpsPage").then((m) => ({ Component: m.MyFollowUpsPage })),
              },
              {
                path: "/mensagens-agendadas",
                handle: { menu: "/mensagens-agendadas" },
                lazy: () =>
                  import("../features/scheduled-messages/ScheduledMessagesPage").then((m) => ({
                    Component: m.ScheduledMessagesPage,
                  })),
              },
              {
                path: "/respostas-rapidas",
                handle: { menu: "/respostas-rapidas" },
                lazy: () => import("../features/quick-replies/QuickRepliesPage").then((m) => ({ Component: m.QuickRepliesPage })),
              },
              {
                path: "/prazos",
                handle: { menu: "/prazos" },
                lazy: () => import("../features/deadlines/MyDeadlinesPage").then((m) => ({ Component: m.MyDeadlinesPage })),
              },
              {
                path: "/prazos/modelos",
                handle: { menu: "/prazos" },
                lazy: () =>
                  import("../features/deadlines/DeadlineTemplatesPage").then((m) => ({ Component: m.DeadlineTemplatesPage })),
              },
              {
                path: "/processos",
                handle: { menu: "/processos" },
                lazy: () => import("../features/legal-processes/ProcessesPage").then((m) => ({ Component: m.ProcessesPage })),
              },
              {
                path: "/documentos",
                handle: { menu: "/documentos" },
                lazy: () => import("../features/documents/DocumentsPage").then((m) => ({ Component: m.DocumentsPage })),
              },
              {
                path: "/auditoria",
                handle: { menu: "/auditoria" },
                lazy: () => import("../features/audit-trail/AuditTrailPage").then((m) => ({ Component: m.AuditTrailPage })),
              },
              {
                path: "/privacidade",
                handle: { menu: "/privacidade" },
                lazy: () =>
                  import("../features/privacy-requests/PrivacyRequestsPage").then((m) => ({ Component: m.PrivacyRequestsPage })),
              },
              {
                // the security-incident register (decision 1875): static, so it wins over the public /privacidade/:empresaId;
                // no menu handle: the admin's 'Privacidade' and the platform's 'Incidentes LGPD' both light by the path
                path: "/privacidade/incidentes",
                lazy: () => import("../features/security-incidents/IncidentsPage").then((m) => ({ Component: m.IncidentsPage })),
              },
              {
                // a static segment outranks the public page's /privacidade/:empresaId (decision 1872)
                path: "/privacidade/registro",
                handle: { menu: "/privacidade" },
                lazy: () =>
                  import("../features/privacy-records/PrivacyRecordsPage").then((m) => ({ Component: m.PrivacyRecordsPage })),
              },
              {
                path: "/notificacoes",
                lazy: () =>
                  import("../features/notifications/NotificationsPage").then((m) => ({ Component: m.NotificationsPage })),
              },
              // an unknown path is said to be one, under its own URL (decision 1643)
              { path: "*", lazy: () => import("./NotFoundPage").then((m) => ({ Component: m.NotFoundPage })) },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(rotas);

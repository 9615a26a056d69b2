import type { FastifyInstance } from "fastify";
import { apiKeyRoutes } from "./api-keys/routes.js";
import { OPERACOES_API } from "./api-v1/operations.js";
import { apiV1Plugin } from "./api-v1/plugin.js";
import { assignmentRoutes } from "./assignment/routes.js";
import { transferRoutes } from "./assignment/transfer-routes.js";
import { waitingRoutes } from "./assignment/waiting-routes.js";
import { attributionRoutes } from "./attribution/routes.js";
import { auditTrailRoutes } from "./audit-trail/routes.js";
import { publicConfigRoutes } from "./auth/public-config-routes.js";
import { authRoutes } from "./auth/routes.js";
import { taxasBacenRoutes } from "./bacen-rates/routes.js";
import { businessHoursRoutes } from "./business-hours/routes.js";
import { campaignRoutes } from "./campaigns/routes.js";
import { chatConsentRoutes } from "./chat/consent-routes.js";
import { chatRoutes } from "./chat/routes.js";
import { companyRoutes } from "./companies/routes.js";
import { companySettingsRoutes } from "./company-settings/routes.js";
import { consentRoutes } from "./consent/routes.js";
import { conversationRoutes } from "./conversations/routes.js";
import { dashboardRoutes } from "./dashboard/routes.js";
import { deadlineRoutes } from "./deadlines/routes.js";
import { devRoutes } from "./dev/routes.js";
import { doctorRoutes } from "./doctor/routes.js";
import { documentRoutes } from "./documents/routes.js";
import { financeRoutes } from "./finance/routes.js";
import { followUpRoutes } from "./follow-ups/routes.js";
import { healthRoutes } from "./health/routes.js";
import { invitationRoutes } from "./invitations/routes.js";
import { leadRoutes } from "./leads/routes.js";
import { legalDashboardRoutes } from "./legal-dashboard/routes.js";
import { legalProcessRoutes } from "./legal-processes/routes.js";
import { legalTeamRoutes } from "./legal-team/routes.js";
import { marketingRoutes } from "./marketing/routes.js";
import { noteRoutes } from "./notes/routes.js";
import { notificationRoutes } from "./notifications/routes.js";
import { performanceRoutes } from "./performance/routes.js";
import { platformRoutes } from "./platform/routes.js";
import { presencePlugin } from "./presence/plugin.js";
import { privacyRecordsRoutes } from "./privacy-records/routes.js";
import { publicPrivacyRoutes } from "./privacy-requests/public-routes.js";
import { privacyRequestRoutes } from "./privacy-requests/routes.js";
import { profileRoutes } from "./profile/routes.js";
import { quickReplyRoutes } from "./quick-replies/routes.js";
import { revisionalRoutes } from "./revisional/routes.js";
import { scheduledMessageRoutes } from "./scheduled-messages/routes.js";
import { screeningRoutes } from "./screening/routes.js";
import { searchRoutes } from "./search/routes.js";
import { securityIncidentRoutes } from "./security-incidents/routes.js";
import { accessGuard } from "./subscription/access-guard.js";
import { subscriptionRoutes } from "./subscription/routes.js";
import { tagRoutes } from "./tags/routes.js";
import { teamRoutes } from "./team/routes.js";
import { testAssignmentRoutes } from "./test-validation/assignment-routes.js";
import { testingRoutes } from "./test-validation/routes.js";
import { simulateRoutes } from "./test-validation/simulate-routes.js";
import { outboundWebhookRoutes } from "./webhooks/routes.js";
import { connectionRoutes } from "./whatsapp/connection/routes.js";
import { webhookRoutes } from "./whatsapp/inbound/webhook-routes.js";

/** Every feature's routes under /api, one line each (each plugin keeps its own parsers and hooks). */
export async function apiRoutes(api: FastifyInstance) {
  // platform
  await api.register(accessGuard);
  await api.register(healthRoutes);
  await api.register(publicConfigRoutes);
  await api.register(devRoutes);
  await api.register(testingRoutes);
  await api.register(testAssignmentRoutes);
  await api.register(companyRoutes);
  // accounts
  await api.register(authRoutes, { prefix: "/auth" });
  await api.register(profileRoutes);
  await api.register(notificationRoutes);
  await api.register(searchRoutes);
  // team
  await api.register(teamRoutes);
  await api.register(invitationRoutes);
  await api.register(legalTeamRoutes);
  await api.register(presencePlugin);
  await api.register(performanceRoutes);
  await api.register(dashboardRoutes);
  // leads
  await api.register(leadRoutes);
  await api.register(assignmentRoutes);
  await api.register(waitingRoutes);
  await api.register(businessHoursRoutes);
  await api.register(transferRoutes);
  await api.register(screeningRoutes);
  await api.register(legalProcessRoutes);
  await api.register(deadlineRoutes);
  await api.register(documentRoutes);
  await api.register(legalDashboardRoutes);
  // WhatsApp and chat
  await api.register(webhookRoutes);
  await api.register(connectionRoutes);
  await api.register(simulateRoutes);
  await api.register(chatRoutes);
  await api.register(chatConsentRoutes);
  await api.register(conversationRoutes);
  await api.register(followUpRoutes);
  await api.register(noteRoutes);
  await api.register(tagRoutes);
  await api.register(quickReplyRoutes);
  await api.register(scheduledMessageRoutes);
  await api.register(companySettingsRoutes);
  await api.register(consentRoutes);
  await api.register(apiKeyRoutes);
  await api.register(outboundWebhookRoutes);
  // the public API, its conventions in one plugin (decisions 1811–1815)
  await api.register(apiV1Plugin(OPERACOES_API), { prefix: "/v1" });
  // company figures
  await api.register(marketingRoutes);
  await api.register(attributionRoutes);
  await api.register(campaignRoutes);
  // the platform's operator
  await api.register(platformRoutes);
  await api.register(doctorRoutes);
  await api.register(subscriptionRoutes);
  await api.register(financeRoutes);
  await api.register(taxasBacenRoutes);
  await api.register(revisionalRoutes);
  await api.register(auditTrailRoutes);
  await api.register(privacyRequestRoutes);
  await api.register(securityIncidentRoutes);
  await api.register(privacyRecordsRoutes);
  await api.register(publicPrivacyRoutes);
}

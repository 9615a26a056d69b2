// `npm run bench`: prints the figures the issues ask for. Run after `npm run build`.
// Each benchmark starts its own embedded PostgreSQL in a temp dir; sizes are set by environment variables
// documented at the top of each file (defaults run in a few minutes on a 2-core machine).

import { apiV1Bench } from "./api-v1.js";
import { auditTrailBench } from "./audit-trail.js";
import { backupBench } from "./backup.js";
import { bulkWritesBench } from "./bulk-writes.js";
import { campaignsBench } from "./campaigns.js";
import { changeLogBench } from "./change-log.js";
import { companyFiguresBench } from "./company-figures.js";
import { dbRecoveryBench } from "./db-recovery.js";
import { derivedRebuildBench } from "./derived-rebuild.js";
import { documentsUploadBench } from "./documents-upload.js";
import { leadsImportBench } from "./leads-import.js";
import { leadsListBench } from "./leads-list.js";
import { legalBench } from "./legal.js";
import { lighthouseBench } from "./lighthouse.js";
import { loginBundleBench } from "./login-bundle.js";
import { marketingImportBench } from "./marketing-import.js";
import { metricsBench } from "./metrics.js";
import { platformBench } from "./platform.js";
import { privacyPackageBench } from "./privacy-package.js";
import { quickRepliesBench } from "./quick-replies.js";
import { revisionalBench } from "./revisional.js";
import { rollingRestartBench } from "./rolling-restart.js";
import { scheduledMessagesBench } from "./scheduled-messages.js";
import { screeningBench } from "./screening-engine.js";
import { startupBench } from "./startup.js";
import { webhookBrowserBench } from "./webhook-browser.js";
import { webhookIngestBench } from "./webhook-ingest.js";
import { webhooksOutBench } from "./webhooks-out.js";
import { whatsappPairingBench } from "./whatsapp-pairing.js";

const benches: [string, () => Promise<string | string[]>][] = [
  ["foundation", loginBundleBench],
  ["foundation", startupBench],
  ["foundation", dbRecoveryBench],
  ["operations", metricsBench],
  ["rolling", rollingRestartBench],
  ["backup", backupBench],
  ["lighthouse", lighthouseBench],
  ["leads", leadsListBench],
  ["leads", leadsImportBench],
  ["whatsapp", webhookIngestBench],
  ["whatsapp", webhookBrowserBench],
  ["whatsapp", whatsappPairingBench],
  ["screening", screeningBench],
  ["figures", companyFiguresBench],
  ["marketing", marketingImportBench],
  ["legal", legalBench],
  ["legal", documentsUploadBench],
  ["platform", platformBench],
  ["revisional", revisionalBench],
  ["changelog", changeLogBench],
  ["bulk", bulkWritesBench],
  ["derived", derivedRebuildBench],
  ["webhooks", webhooksOutBench],
  ["api", apiV1Bench],
  ["quick-replies", quickRepliesBench],
  ["privacy", privacyPackageBench],
  ["scheduled", scheduledMessagesBench],
  ["campaigns", campaignsBench],
  ["audit", auditTrailBench],
];
const only = process.argv[2];
for (const [grupo, bench] of benches) {
  if (only && only !== grupo) continue;
  const r = await bench();
  console.log([r].flat().join("\n"));
}

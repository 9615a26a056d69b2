import { z } from "zod";
import { TIPOS_EVENTO_WEBHOOK } from "../webhooks";

/**
 * One event of GET /api/v1/events (decision 1817): the body an outbound webhook carries (`type`, `timestamp`, `data`,
 * Standard Webhooks), with its id. The id is the webhook's `webhook-id` without the endpoint part: `evt_<row>_<n>` here,
 * `msg_<row>_<n>_<endpoint>` there, so an integration that heard a webhook can tell it already has the event.
 */
export const ZEventoApi = z
  .object({
    id: z.string(),
    type: z.enum(TIPOS_EVENTO_WEBHOOK),
    timestamp: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "Evento" });
export type TEventoApi = z.infer<typeof ZEventoApi>;

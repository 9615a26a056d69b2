/**
 * How a receiver verifies our webhooks (Standard Webhooks 1.0, decision 1801), in the reference page: with the
 * specification's own `standardwebhooks` libraries for Node (npm) and Python (PyPI), which check the `v1,` HMAC
 * signature over `webhook-id.webhook-timestamp.body` and refuse a timestamp more than 5 minutes off. The secret is the
 * endpoint's `whsec_…`; the body must be the raw bytes received, never re-serialized JSON (decision 1818).
 */
export const VERIFICACAO_NODE = `// npm install standardwebhooks
import express from "express";
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.CRM_WEBHOOK_SECRET); // "whsec_…", de /configuracoes → Webhooks
const app = express();

// o corpo cru: a assinatura é sobre os bytes recebidos, não sobre um JSON refeito
app.post("/webhooks/crm", express.raw({ type: "application/json" }), (req, res) => {
  let evento;
  try {
    evento = wh.verify(req.body.toString("utf8"), req.headers); // lança se a assinatura ou o horário não conferem
  } catch {
    return res.status(400).end();
  }
  // webhook-id repete numa nova tentativa: processe cada id uma vez só
  console.log(req.headers["webhook-id"], evento.type, evento.data.id);
  res.status(204).end();
});

app.listen(3000);`;

export const VERIFICACAO_PYTHON = `# pip install standardwebhooks
import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

wh = Webhook(os.environ["CRM_WEBHOOK_SECRET"])  # "whsec_…", de /configuracoes → Webhooks
app = Flask(__name__)

@app.post("/webhooks/crm")
def receber():
    try:
        # o corpo cru: a assinatura é sobre os bytes recebidos
        evento = wh.verify(request.get_data(), dict(request.headers))
    except WebhookVerificationError:
        return "", 400
    # webhook-id repete numa nova tentativa: processe cada id uma vez só
    print(request.headers["webhook-id"], evento["type"], evento["data"]["id"])
    return "", 204`;

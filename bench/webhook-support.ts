import { type ChildProcess, fork } from "node:child_process";
import { createHmac } from "node:crypto";
import { createInterface } from "node:readline";

export type TServidorBench = {
  url: string;
  caminho: string;
  appSecret: string;
  phoneNumberId: string;
  email: string;
  senha: string;
  leadId: string;
  filho: ChildProcess;
  contar: () => Promise<{ mensagens: { total: number; distintas: number }; eventos: { total: number; pendentes: number } }>;
  /** with BENCH_PGSS=1: pg_stat_statements and table counters since the last `zerar` */
  estatisticas: () => Promise<{ consultas: Record<string, unknown>[]; tabelas: Record<string, unknown>[] }>;
  zerarEstatisticas: () => Promise<void>;
  /** CPU ms used so far by the server process and by its PostgreSQL */
  cpu: () => Promise<{ node: number; postgres: number }>;
  parar: () => Promise<void>;
};

/** Starts bench/webhook-server.ts in its own process (through tsx), so the load generator does not share its event loop. */
export async function iniciarServidorBench(porta = 3490): Promise<TServidorBench> {
  const filho = fork("bench/webhook-server.ts", [], {
    execArgv: ["--import", "tsx", ...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/crm-bench-prof"] : [])],
    env: { ...process.env, BENCH_PORT: String(porta), DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const linhas = createInterface({ input: filho.stdout! });
  const pronto = await new Promise<Record<string, string>>((ok, falha) => {
    filho.once("exit", (c) => falha(new Error(`servidor do benchmark saiu (${c})`)));
    linhas.on("line", (l) => {
      try {
        const j = JSON.parse(l);
        if (j.pronto) ok(j);
      } catch {}
    });
  });
  return {
    ...(pronto as unknown as Omit<TServidorBench, "filho" | "contar" | "parar" | "cpu" | "estatisticas" | "zerarEstatisticas">),
    filho,
    contar: () =>
      new Promise((ok) => {
        filho.once("message", (m) => ok(m as never));
        filho.send({ tipo: "contar" });
      }),
    cpu: () =>
      new Promise((ok) => {
        filho.once("message", (m) => ok(m as never));
        filho.send({ tipo: "cpu" });
      }),
    estatisticas: () =>
      new Promise((ok) => {
        filho.once("message", (m) => ok(m as never));
        filho.send({ tipo: "estatisticas" });
      }),
    zerarEstatisticas: () =>
      new Promise((ok) => {
        filho.once("message", () => ok());
        filho.send({ tipo: "zerar-estatisticas" });
      }),
    parar: () =>
      new Promise<void>((ok) => {
        filho.once("exit", () => ok());
        filho.kill("SIGTERM");
      }),
  };
}

/** A Cloud API text webhook (as Meta documents it), signed with the app secret. `quando`: epoch seconds, now by default. */
export function webhookTextoAssinado(
  s: Pick<TServidorBench, "appSecret" | "phoneNumberId">,
  de: string,
  id: string,
  texto: string,
  quando = Math.floor(Date.now() / 1000),
) {
  const corpo = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: s.phoneNumberId },
              contacts: [{ profile: { name: `Contato ${de.slice(-4)}` }, wa_id: de }],
              messages: [{ from: de, id, timestamp: String(quando), text: { body: texto }, type: "text" }],
            },
            field: "messages",
          },
        ],
      },
    ],
  });
  return { corpo, assinatura: `sha256=${createHmac("sha256", s.appSecret).update(corpo).digest("hex")}` };
}

export function percentil(ordenados: number[], p: number): number {
  if (!ordenados.length) return 0;
  return ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)];
}

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { documentoOpenApi } from "./openapi.js";
import { mudancasIncompativeis } from "./openapi-compat.js";
import { OPERACOES_API } from "./operations.js";

/**
 * `npm run api:check` (part of `npm run check`) compares /api/v1's document with the committed snapshot
 * (`openapi.snapshot.json`, decision 1815): a breaking change fails with what it breaks; any other difference asks
 * for the snapshot to be brought up to date with `npm run api:snapshot`, so the review sees every change of the API.
 */
const arquivo = fileURLToPath(new URL("./openapi.snapshot.json", import.meta.url));
const texto = `${JSON.stringify(documentoOpenApi(OPERACOES_API), null, 2)}\n`;
if (process.argv.includes("--gravar")) {
  writeFileSync(arquivo, texto);
  console.log(`Retrato da API v1 gravado em ${arquivo}.`);
} else {
  const retrato = readFileSync(arquivo, "utf8");
  const quebras = mudancasIncompativeis(JSON.parse(retrato), JSON.parse(texto));
  if (quebras.length) {
    console.error(`A API v1 mudou de forma incompatível (uma mudança assim é uma /api/v2):\n- ${quebras.join("\n- ")}`);
    process.exit(1);
  }
  if (retrato !== texto) {
    console.error("O documento da API v1 mudou (sem quebrar clientes): rode npm run api:snapshot e faça commit do retrato.");
    process.exit(1);
  }
  console.log("API v1: documento igual ao retrato.");
}

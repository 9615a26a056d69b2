// A Vitest reporter: errors no test caught (a rejection after a test ended, a throw in a teardown) fail the run.
// Vitest's JSON report counts failed tests only, so a run that "caught 1 unhandled error" read as green to
// scripts/test.mjs and CI (decision 1752). This writes them to VITEST_UNHANDLED_JSON when set, for test.mjs to count
// and name, and sets the exit status itself, so `npm run test:unit` is red whatever Vitest decides.
import { writeFileSync } from "node:fs";

export default class ErrosNaoTratados {
  onTestRunEnd(_modulos, erros) {
    const lista = erros.map((e) => ({
      nome: e.name ?? "Error",
      mensagem: e.message ?? String(e),
      arquivo: e.VITEST_TEST_PATH ?? null,
      teste: e.VITEST_TEST_NAME ?? null,
    }));
    if (process.env.VITEST_UNHANDLED_JSON) writeFileSync(process.env.VITEST_UNHANDLED_JSON, JSON.stringify(lista));
    if (lista.length) {
      process.exitCode = 1;
      console.error(`\n${lista.length} unhandled error(s): the run fails even though every test passed.\n`);
    }
  }
}

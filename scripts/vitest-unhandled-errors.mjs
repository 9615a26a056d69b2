// A Vitest reporter that keeps the run's exit status honest (decision 1752):
// - errors no test caught (a rejection after a test ended, a throw in a teardown) fail the run. Vitest's JSON report
//   counts failed tests only, so a run that "caught 1 unhandled error" read as green to scripts/test.mjs and CI.
//   They are written to VITEST_UNHANDLED_JSON when set, for test.mjs to count and name;
// - a failed run exits non-zero. The embedded PostgreSQL of the global setup loads async-exit-hook, whose
//   'beforeExit' handler calls process.exit(0) once its cluster stopped: that overwrote Vitest's exit status, so
//   `vitest run` exited 0 with failed tests (7 failed and 9 errors, status 0, in one run). The status is set again
//   on 'exit', after every other handler.
// It also writes, to VITEST_SUITE_ERRORS_JSON when set, the errors of hooks and files (a beforeAll that threw or ran
// out of time): Vitest's JSON report marks such a file failed with an empty message and its tests skipped.
import { writeFileSync } from "node:fs";

export default class ErrosNaoTratados {
  onTestRunEnd(modulos, erros, motivo) {
    if (process.env.VITEST_SUITE_ERRORS_JSON) {
      const porArquivo = {};
      for (const m of modulos) {
        const mensagens = [m, ...m.children.allSuites()].flatMap((s) =>
          s.errors().map((e) => `${s === m ? "" : `${s.fullName}: `}${e.message ?? String(e)}`),
        );
        if (mensagens.length) porArquivo[m.moduleId] = mensagens;
      }
      writeFileSync(process.env.VITEST_SUITE_ERRORS_JSON, JSON.stringify(porArquivo));
    }
    const lista = erros.map((e) => ({
      nome: e.name ?? "Error",
      mensagem: e.message ?? String(e),
      arquivo: e.VITEST_TEST_PATH ?? null,
      teste: e.VITEST_TEST_NAME ?? null,
    }));
    if (process.env.VITEST_UNHANDLED_JSON) writeFileSync(process.env.VITEST_UNHANDLED_JSON, JSON.stringify(lista));
    if (lista.length) console.error(`\n${lista.length} unhandled error(s): the run fails even if every test passed.\n`);
    if (lista.length || motivo === "failed" || motivo === "interrupted") {
      process.exitCode = 1;
      process.on("exit", () => {
        process.exitCode = 1;
      });
    }
  }
}

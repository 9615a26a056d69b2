import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing; images, fonts (woff2) and source maps are left alone. */
const COMPRESSIVEL = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MINIMO = 1024;

/**
 * Writes `x.br` (brotli, best quality) and `x.gz` (gzip -9) next to every text asset of the build, so the server
 * sends them as they are (@fastify/static `preCompressed`) instead of compressing on each request. A copy that
 * would not be smaller is not written. Node's zlib only: no extra dependency.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "crm:precompress",
    apply: "build",
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      const t0 = Date.now();
      let arquivos = 0;
      let antes = 0;
      let depois = 0;
      for (const arquivo of listar(outDir)) {
        if (!COMPRESSIVEL.test(arquivo)) continue;
        const dados = readFileSync(arquivo);
        if (dados.length < MINIMO) continue;
        const br = brotliCompressSync(dados, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: dados.length,
          },
        });
        const gz = gzipSync(dados, { level: 9 });
        if (br.length < dados.length) writeFileSync(`${arquivo}.br`, br);
        if (gz.length < dados.length) writeFileSync(`${arquivo}.gz`, gz);
        arquivos++;
        antes += dados.length;
        depois += br.length;
      }
      this.info(
        `precompressed ${arquivos} files: ${(antes / 1024).toFixed(0)} KB → ${(depois / 1024).toFixed(0)} KB brotli in ${Date.now() - t0} ms`,
      );
    },
  };
}

function* listar(dir: string): Generator<string> {
  for (const nome of readdirSync(dir)) {
    const p = path.join(dir, nome);
    if (statSync(p).isDirectory()) yield* listar(p);
    else yield p;
  }
}

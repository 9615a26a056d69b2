// The commit-msg hook's checks (README, 'Contribuindo'; decision 1761). It only warns: a commit is never refused,
// because a rule of style must not cost anyone their work; the warning shows while the message can still be amended.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Longest subject: what `git log --oneline`, GitHub and most tools show without cutting it. */
const MAX_ASSUNTO = 72;
/** Changed lines from which a commit is non-trivial and its body must say why (and give the figures). */
const LINHAS_SEM_CORPO = 20;

// Imperative verbs (and a few other words a subject starts with) that end like a past tense or a gerund.
const NAO_PASSADO = new Set([
  "bed",
  "embed",
  "exceed",
  "feed",
  "heed",
  "need",
  "proceed",
  "seed",
  "shed",
  "shred",
  "speed",
  "succeed",
  "weed",
]);
const NAO_GERUNDIO = new Set(
  "anything bring cling during everything fling nothing ping ring sing sling something spring sting string swing thing wring".split(
    " ",
  ),
);
const PASSADO_IRREGULAR = new Set(
  "became began brought built caught chose did drew fell forgot found gave got held hid kept knew led left lost made met paid ran rebuilt rewrote rose said saw sent sold spent stood struck taught thought threw told took understood was went were won wrote".split(
    " ",
  ),
);

/** The message as git will record it: comments and everything under the scissors line (commit -v) removed. */
function linhasDaMensagem(mensagem) {
  const linhas = [];
  for (const linha of mensagem.split("\n")) {
    if (/^# -+ >8 -+$/.test(linha)) break;
    if (!linha.startsWith("#")) linhas.push(linha.trimEnd());
  }
  return linhas;
}

/** Why the first word does not read as an order ("Add…"), or null. */
function naoImperativo(palavra) {
  const p = palavra.toLowerCase().replace(/[^a-z]/g, "");
  if (p.length < 3) return null;
  if (PASSADO_IRREGULAR.has(p) || (p.endsWith("ed") && !NAO_PASSADO.has(p))) return `'${palavra}' is past tense`;
  if (p.endsWith("ing") && p.length > 4 && !NAO_GERUNDIO.has(p)) return `'${palavra}' is an -ing form`;
  return null;
}

/**
 * The warnings for one commit message. `linhasAlteradas` is the size of the staged change (added + deleted lines),
 * null when unknown (then the body is not asked for).
 */
export function avisosDaMensagem(mensagem, linhasAlteradas = null) {
  const linhas = linhasDaMensagem(mensagem);
  const inicio = linhas.findIndex((l) => l.trim() !== "");
  if (inicio < 0) return [];
  const assunto = linhas[inicio].trim();
  // git writes these subjects itself, and autosquash needs them as they are
  if (/^(Merge |fixup!|squash!|amend!)/.test(assunto)) return [];
  const avisos = [];
  if ([...assunto].length > MAX_ASSUNTO)
    avisos.push(`the subject has ${[...assunto].length} characters; keep it to ${MAX_ASSUNTO} (the details go in the body)`);
  // "Leads: added the filter" is read from the word after the label
  const semRotulo = assunto.replace(/^[\w./-]+(\([^)]*\))?!?:\s+/, "");
  const motivo = naoImperativo(semRotulo.split(/\s+/)[0] ?? "");
  if (motivo) avisos.push(`${motivo}: write the subject as an order ("Add…", "Fix…", "Move…")`);
  const corpo = linhas.slice(inicio + 1).filter((l) => l.trim() !== "" && !/^[\w-]+: /.test(l));
  if (corpo.length === 0 && linhasAlteradas !== null && linhasAlteradas >= LINHAS_SEM_CORPO)
    avisos.push(`${linhasAlteradas} lines changed and no body: say why, and give the figures, after a blank line`);
  return avisos;
}

/** Added + deleted lines of what is being committed (the index git hands the hook), or null outside a repository. */
function linhasDoIndice() {
  try {
    const saida = execFileSync("git", ["diff", "--cached", "--numstat"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    let total = 0;
    for (const linha of saida.split("\n")) {
      const [mais, menos] = linha.split("\t");
      total += (Number(mais) || 0) + (Number(menos) || 0); // binary files show '-'
    }
    return total;
  } catch {
    return null;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const avisos = avisosDaMensagem(readFileSync(process.argv[2], "utf8"), linhasDoIndice());
    for (const a of avisos) process.stderr.write(`commit-msg: warning: ${a}\n`);
    if (avisos.length) process.stderr.write("commit-msg: committed anyway; `git commit --amend` fixes the message.\n");
  } catch (err) {
    process.stderr.write(`commit-msg: not checked (${err instanceof Error ? err.message : err})\n`);
  }
}

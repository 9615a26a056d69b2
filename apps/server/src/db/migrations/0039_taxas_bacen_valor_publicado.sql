-- Issue 14, part 3 (decision 1402): imobiliário's reference series, SGS 20772, is published in % a.a., not % a.m.
-- The rates table keeps every value as its series publishes it, in the series' unit (packages/domain
-- revisional/series.ts), so /taxas-bacen shows what SGS shows; the analysis converts a yearly value to its
-- equivalent monthly rate. The column's old name said '% a.m.': it now says what it holds.
ALTER TABLE taxas_bacen RENAME COLUMN taxa_mensal TO taxa;
COMMENT ON COLUMN taxas_bacen.taxa IS
  'o valor como a série do SGS o publica, na unidade da série: % a.m. (recursos livres) ou % a.a. (20772, imobiliário)';

-- Decision 1781: a lead's phone suffixes (about ten rows a lead, decision 1501) lose their index by lead. Its one
-- reader, the /leads walk for a common fragment, now checks the phone in the lead's own row, which that walk reads
-- anyway; every maintenance statement (insert, phone or creation change, delete) finds a lead's suffixes by the
-- primary key (company, suffix, lead), from the suffixes of its old phone. An import writes ten index entries a
-- lead fewer.
DROP INDEX leads_telefone_busca_lead_idx;

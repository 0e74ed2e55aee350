-- The two search indexes took about 0.7 ms of each transaction row's insert on PGlite: with
-- fastupdate off, every one- and two-character piece and every trigram is entered in the index one
-- by one. Now new entries wait in the index's pending list, and the search-upkeep job
-- (src/server/jobs/search-upkeep.ts) merges them in bulk twice a second (about 0.25 ms a row in
-- all, merge included). A search reads the entries still pending beside the index, so it finds new
-- rows at once: about 1 ms more with 2,000 rows pending. The 4 MB limit (PostgreSQL's default,
-- some 2,700 rows) is a backstop: a list that reaches it is merged by the insert that filled it.
-- Altered in place: rebuilding either index would read every row.
ALTER INDEX "transactions_search_text" SET (fastupdate = true, gin_pending_list_limit = 4096);--> statement-breakpoint
ALTER INDEX "transactions_search_grams" SET (fastupdate = true, gin_pending_list_limit = 4096);

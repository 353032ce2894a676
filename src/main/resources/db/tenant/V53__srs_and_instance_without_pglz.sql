-- SRS's MARC-in-JSON and the instance's JSON kept without pglz (issues 14 and 15).
--
-- An SRS MARC row is about 3 KB (raw ISO 2709 and MARC-in-JSON), over PostgreSQL's 2 KB toasting threshold, and so
-- is almost half of all instance rows of LC records: every such write compressed the JSON with pglz and every read
-- decompressed it. On a harvest of 8 OAI-PMH harvesters pglz_decompress was PostgreSQL's largest function, 4.6% of
-- the whole machine (perf, docs/benchmarks.md); copying 100,000 SRS rows took 7.6 s with pglz and 4.4 s without, and
-- an import of 100,000 records writes the instance and SRS rows again on update. lz4 does the same job at a fraction
-- of the CPU: where the server was built with it (PostgreSQL's packages are), the two columns use it. Where it was not
-- (the embedded PostgreSQL), a row is not compressed until it is longer than a page can hold (toast_tuple_target
-- 8160, PostgreSQL's maximum): a record of the usual size stays whole in its row, read and written as it is, for
-- about 1.3 KB more per SRS record on disk (100,000 LC records: 353 MB instead of 225 MB) and 0.3 KB more per
-- instance; a long record is still compressed and moved out of line as before. Rows already written keep their form
-- until they are written again.
DO $$
BEGIN
    ALTER TABLE srs_record ALTER COLUMN parsed_content SET COMPRESSION lz4;
    ALTER TABLE instance ALTER COLUMN jsonb SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    ALTER TABLE srs_record SET (toast_tuple_target = 8160);
    ALTER TABLE instance SET (toast_tuple_target = 8160);
END $$;

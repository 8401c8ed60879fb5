-- A dispatcher's claim changes only the lease columns, which no index holds, so it can be a HOT update (no
-- new index entries) when the row's page has room for the new version. Filled to the default 100 %, the page
-- of a message written a moment ago rarely has: in the bench 17 % of the table's updates were HOT, and each
-- other claim wrote four index entries (docs/benchmarks.md, branch hooks2). Half of each new page is left for
-- the claims of the rows written to it. The delivered update changes `state`, which the due index's predicate
-- reads, so it is never HOT whatever the room.
ALTER TABLE "webhook_messages" SET (fillfactor = 50);

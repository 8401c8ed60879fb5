-- Counters of the ingest rate limit in server mode, shared by every app instance
-- (the layout rate-limiter-flexible's RateLimiterPostgres expects; `expire` is epoch milliseconds).
CREATE TABLE "rate_limits" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,
    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

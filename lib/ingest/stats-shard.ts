/** Counter rows per link: enough that 32 concurrent requests rarely wait on the same row lock. */
export const STATS_SHARDS = 16;

export function pickStatsShard(): number {
  return Math.floor(Math.random() * STATS_SHARDS);
}

/**
 * Records an attempt, trying again through a passing database error (a busy pool, a query timeout): an item
 * sent but not recorded would be sent again once its lease expires, a duplicate the receiver must then drop.
 * A channel's record is one statement or one transaction, all or nothing, so trying again is safe.
 */
export async function recordWithRetries<T>(record: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await record();
    } catch (error) {
      if (attempt >= RECORD_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
}

const RECORD_ATTEMPTS = 6;

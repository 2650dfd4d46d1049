import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes; both postgres.js and PGlite hand back a Uint8Array-compatible value. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

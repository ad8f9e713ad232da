import postgres from 'postgres';

/**
 * Writes the per-account Storage limits the environment names into private.storage_limits
 * (migration 20261203000100), where the storage.objects trigger reads them. What is not
 * given stays as the database has it.
 */
export async function applyStorageLimits(databaseUrl: string, limits: { uploadsPerMinute?: number; accountBytes?: number }): Promise<void> {
  if (limits.uploadsPerMinute === undefined && limits.accountBytes === undefined) return;
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`update private.storage_limits
                 set uploads_per_minute = coalesce(${limits.uploadsPerMinute ?? null}::integer, uploads_per_minute),
                     account_bytes = coalesce(${limits.accountBytes ?? null}::bigint, account_bytes)`;
  } finally {
    await sql.end();
  }
}

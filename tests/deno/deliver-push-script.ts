// Run by push-delivery.test.ts under real Deno (as Supabase runs the edge functions): one
// deliverPush as the reminders tick will call it, its result printed as JSON.
import postgres from 'postgres';
import { env } from '../../supabase/functions/_shared/env.ts';
import { deliverPush, type DatabaseRunner } from '../../supabase/functions/_shared/push/deliver.ts';

const sql = postgres(env('PUSH_TEST_DB_URL') ?? '', { max: 1, onnotice: () => {} });
try {
  const asServiceRole: DatabaseRunner = (work) =>
    sql.begin(async (tx) => {
      await tx`select set_config('role', 'service_role', true)`;
      return work(tx);
    }) as ReturnType<typeof work>;
  const delivery = await deliverPush(asServiceRole, env('PUSH_TEST_USER_ID') ?? '', JSON.parse(env('PUSH_TEST_PAYLOAD') ?? '{}'));
  console.log(JSON.stringify(delivery));
} finally {
  await sql.end();
}

-- The push subscriptions' helpers (20261208000300) kept PostgreSQL's default EXECUTE for
-- PUBLIC beside their explicit grants: no function of ours is everyone's (pgTAP 13). The
-- roles that call them keep their grants; the table's check runs inside the definer writer.
revoke all on function private.is_push_endpoint(text) from public;
revoke all on function private.push_subscriptions_per_learner() from public;

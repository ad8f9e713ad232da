-- Functions that run with their owner's rights are callable only by the roles that need
-- them. realtime.send() and realtime.broadcast_changes() publish to any topic: only the
-- server (service_role, and triggers running as their owner) may. On Supabase the
-- Realtime service owns them; where this role may not change their grants, say so and go on.
do $$
begin
  revoke execute on function realtime.send(jsonb, text, text, boolean) from public, anon, authenticated;
  revoke execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
    from public, anon, authenticated;
exception
  when undefined_function or insufficient_privilege or invalid_schema_name then
    raise notice 'realtime broadcast functions left as they are: %', sqlerrm;
end
$$;

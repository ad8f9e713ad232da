// The /api reply shapes are owned by the edge function; the client only imports them.
export type { ApiErrorBody, Entry, EntryListReply, Tag } from '../../supabase/functions/_shared/api/types';

import { randomUUID } from 'node:crypto';
import { addCommentReply, commentsReply, deleteCommentReply } from '../../../supabase/functions/_shared/contract/comments.ts';
import { conceptGroupReply, conceptSearchReply, type ConceptSearchReply } from '../../../supabase/functions/_shared/contract/concepts.ts';
import {
  addEntryReply,
  deleteEntryReply,
  entry,
  entryDetail,
  entryListReply,
  linkVariantReply,
  sameTitleReply,
  unlinkVariantReply,
  wordOfTheDayReply,
} from '../../../supabase/functions/_shared/contract/entries.ts';
import { addReportReply } from '../../../supabase/functions/_shared/contract/moderation.ts';
import { audioFilesReply } from '../../../supabase/functions/_shared/contract/palabrotas.ts';
import {
  addRecordingReply,
  deleteRecordingReply,
  recordingRequestReply,
  recordingsReply,
  recordingVoteReply,
  voiceNeedsReply,
  voicesReply,
} from '../../../supabase/functions/_shared/contract/recordings.ts';
import { entryTagsReply, tagReply, tagsReply } from '../../../supabase/functions/_shared/contract/tags.ts';
import { usageReply } from '../../../supabase/functions/_shared/contract/usage.ts';
import { addVoteReply, voteSummaryReply, votesReply } from '../../../supabase/functions/_shared/contract/votes.ts';
import { api } from '../stack.ts';
import { addEntry, ok, uploadRecording, type RouteCase } from './world.ts';

// The content routes (entries, variants, usage, concepts, tags, votes, comments, recordings,
// reports), each called as the client calls it. Writes act on things of their own, so the
// world stays as it was built for the cases that read it.

export const contentCases: RouteCase[] = [
  {
    route: 'POST /content/addContent',
    status: 201,
    schema: addEntryReply,
    call: ({ owner }) => api('/content/addContent', { body: { title: `nuevo ${randomUUID().slice(0, 6)}`, description: 'New.', country: 'CO', author: 'Olga' }, token: owner.token }),
  },
  {
    route: 'GET /content/getContentsSortedByVoteDesc',
    status: 200,
    schema: entryListReply,
    call: ({ entry, fan }) => api(`/content/getContentsSortedByVoteDesc?q=${encodeURIComponent(entry.title)}&limit=24`, { token: fan.token }),
  },
  {
    route: 'GET /content/getContents (sort=new)',
    status: 200,
    schema: entryListReply,
    call: ({ fan }) => api('/content/getContents?sort=new&limit=24', { token: fan.token }),
  },
  { route: 'GET /content/wordOfTheDay', status: 200, schema: wordOfTheDayReply, call: ({ fan }) => api('/content/wordOfTheDay', { token: fan.token }) },
  {
    route: 'GET /content/getContents/:userId',
    status: 200,
    schema: entryListReply,
    call: ({ owner }) => api(`/content/getContents/${owner.id}?limit=50`),
  },
  { route: 'GET /content/getContentById/:id', status: 200, schema: entryDetail, call: ({ entry, fan }) => api(`/content/getContentById/${entry._id}`, { token: fan.token }) },
  {
    route: 'GET /content/findSameTitle',
    status: 200,
    schema: sameTitleReply,
    call: ({ entry }) => api(`/content/findSameTitle?${new URLSearchParams({ title: entry.title, country: 'MX' })}`),
  },
  {
    route: 'PUT /content/updateContent',
    status: 200,
    schema: entry,
    call: ({ entry, owner }) => api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, hint: 'Said of any work.' }, token: owner.token }),
  },
  {
    route: 'PUT /content/deleteContent',
    status: 200,
    schema: deleteEntryReply,
    call: async ({ owner }) => api('/content/deleteContent', { method: 'PUT', body: { id: (await addEntry(owner))._id }, token: owner.token }),
  },
  {
    route: 'POST /content/linkVariant',
    status: 201,
    schema: linkVariantReply,
    call: async ({ entry, owner }) => api('/content/linkVariant', { body: { contentId: entry._id, variantId: (await addEntry(owner, { country: 'CL' }))._id }, token: owner.token }),
  },
  {
    route: 'DELETE /content/unlinkVariant/:contentId/:variantId',
    status: 200,
    schema: unlinkVariantReply,
    call: async ({ entry, owner }) => {
      const other = await addEntry(owner, { country: 'PE' });
      await ok(api('/content/linkVariant', { body: { contentId: entry._id, variantId: other._id }, token: owner.token }), 201);
      return api(`/content/unlinkVariant/${entry._id}/${other._id}`, { method: 'DELETE', token: owner.token });
    },
  },
  {
    route: 'PUT /content/setUsage',
    status: 200,
    schema: usageReply,
    call: ({ entry, owner }) => api('/content/setUsage', { method: 'PUT', body: { contentId: entry._id, country: 'ES', usage: 'offensive' }, token: owner.token }),
  },
  { route: 'GET /concept/search', status: 200, schema: conceptSearchReply, call: ({ entry }) => api(`/concept/search?q=${encodeURIComponent(entry.title)}`) },
  {
    route: 'GET /concept/:groupId',
    status: 200,
    schema: conceptGroupReply,
    call: async ({ entry }) => {
      const { data: groups } = await ok<ConceptSearchReply>(api(`/concept/search?q=${encodeURIComponent(entry.title)}`));
      const found = groups.find((group) => group.entries.some((member) => member._id === entry._id));
      return api(`/concept/${found?.groupId ?? 'none'}`);
    },
  },
  { route: 'GET /tag/getTags', status: 200, schema: tagsReply, call: () => api('/tag/getTags') },
  {
    route: 'POST /tag/addTag',
    status: 201,
    schema: tagReply,
    call: ({ fan }) => api('/tag/addTag', { body: { name: `t${randomUUID().slice(0, 6)}` }, token: fan.token }),
  },
  { route: 'PUT /tag/updateTag/:id', status: 200, schema: tagReply, call: ({ tagId, owner }) => api(`/tag/updateTag/${tagId}`, { method: 'PUT', body: { nameEs: 'contrato' }, token: owner.token }) },
  { route: 'GET /tag/getTagsForContent/:contentId', status: 200, schema: entryTagsReply, call: ({ entry, owner }) => api(`/tag/getTagsForContent/${entry._id}`, { token: owner.token }) },
  {
    route: 'POST /tag/addTagToContent',
    status: 201,
    schema: entryTagsReply,
    call: async ({ variant, owner }) => {
      const tagId = (await ok(api('/tag/addTag', { body: { name: `v${randomUUID().slice(0, 6)}` }, token: owner.token }), 201)).data._id;
      return api('/tag/addTagToContent', { body: { contentId: variant._id, tagId }, token: owner.token });
    },
  },
  {
    route: 'DELETE /tag/removeTagFromContent/:contentId/:tagId',
    status: 200,
    schema: entryTagsReply,
    mayBeEmpty: true,
    call: async ({ owner }) => {
      const { _id } = await addEntry(owner);
      const tagId = (await ok(api('/tag/addTag', { body: { name: `r${randomUUID().slice(0, 6)}` }, token: owner.token }), 201)).data._id;
      await ok(api('/tag/addTagToContent', { body: { contentId: _id, tagId }, token: owner.token }), 201);
      return api(`/tag/removeTagFromContent/${_id}/${tagId}`, { method: 'DELETE', token: owner.token });
    },
  },
  { route: 'POST /vote/addVote', status: 201, schema: addVoteReply, call: ({ entry, owner }) => api('/vote/addVote', { body: { contentId: entry._id, voteType: 'downvote' }, token: owner.token }) },
  { route: 'GET /vote/getVoteSummary/:contentId', status: 200, schema: voteSummaryReply, call: ({ entry, fan }) => api(`/vote/getVoteSummary/${entry._id}`, { token: fan.token }) },
  { route: 'DELETE /vote/removeVote/:contentId', status: 200, schema: voteSummaryReply, call: ({ entry, owner }) => api(`/vote/removeVote/${entry._id}`, { method: 'DELETE', token: owner.token }) },
  { route: 'GET /vote/getVotesByContentId/:contentId', status: 200, schema: votesReply, call: ({ entry }) => api(`/vote/getVotesByContentId/${entry._id}`) },
  {
    route: 'POST /comment/addComment',
    status: 201,
    schema: addCommentReply,
    call: ({ entry, commentId, fan }) => api('/comment/addComment', { body: { contentId: entry._id, text: 'Otra respuesta.', parentId: commentId }, token: fan.token }),
  },
  { route: 'GET /comment/getCommentsByContentId/:contentId', status: 200, schema: commentsReply, call: ({ entry }) => api(`/comment/getCommentsByContentId/${entry._id}`) },
  {
    route: 'DELETE /comment/deleteComment/:commentId',
    status: 200,
    schema: deleteCommentReply,
    call: async ({ entry, fan }) => {
      const commentId = (await ok(api('/comment/addComment', { body: { contentId: entry._id, text: 'Borrar.' }, token: fan.token }), 201)).data._id;
      return api(`/comment/deleteComment/${commentId}`, { method: 'DELETE', token: fan.token });
    },
  },
  {
    route: 'POST /recording/addRecording',
    status: 201,
    schema: addRecordingReply,
    call: async ({ variant, owner }) => api('/recording/addRecording', { body: { contentId: variant._id, path: await uploadRecording(owner, variant._id), country: 'AR', durationMs: 900 }, token: owner.token }),
  },
  { route: 'GET /recording/getRecordings/:contentId', status: 200, schema: recordingsReply, call: ({ entry, fan }) => api(`/recording/getRecordings/${entry._id}`, { token: fan.token }) },
  { route: 'POST /recording/vote', status: 200, schema: recordingVoteReply, call: ({ recordingId, owner }) => api('/recording/vote', { body: { recordingId, voteType: 'up' }, token: owner.token }) },
  {
    route: 'DELETE /recording/:id',
    status: 200,
    schema: deleteRecordingReply,
    call: async ({ entry, owner }) => {
      const path = await uploadRecording(owner, entry._id);
      const recordingId = (await ok(api('/recording/addRecording', { body: { contentId: entry._id, path, country: 'MX' }, token: owner.token }), 201)).data._id;
      return api(`/recording/${recordingId}`, { method: 'DELETE', token: owner.token });
    },
  },
  {
    route: 'POST /recording/request',
    status: 201,
    schema: recordingRequestReply,
    call: async ({ admin, fan }) => api('/recording/request', { body: { contentId: (await addEntry(admin, { country: 'PY' }))._id }, token: fan.token }),
  },
  {
    route: 'DELETE /recording/request',
    status: 200,
    schema: recordingRequestReply,
    call: async ({ admin, fan }) => {
      const contentId = (await addEntry(admin, { country: 'PY' }))._id;
      await ok(api('/recording/request', { body: { contentId }, token: fan.token }), 201);
      return api('/recording/request', { method: 'DELETE', body: { contentId }, token: fan.token });
    },
  },
  { route: 'GET /recording/request/:contentId', status: 200, schema: recordingRequestReply, call: ({ entry, fan }) => api(`/recording/request/${entry._id}`, { token: fan.token }) },
  // Paraguay's seed entries have no voice: the list is not empty.
  { route: 'GET /recording/requests', status: 200, schema: voiceNeedsReply, call: () => api('/recording/requests?country=PY&limit=5') },
  { route: 'GET /recording/voices', status: 200, schema: voicesReply, call: () => api('/recording/voices') },
  { route: 'GET /course/getContentAudioFiles/:contentId', status: 200, schema: audioFilesReply, call: ({ entry }) => api(`/course/getContentAudioFiles/${entry._id}`) },
  {
    route: 'POST /report/addReport',
    status: 201,
    schema: addReportReply,
    call: ({ commentId, owner }) => api('/report/addReport', { body: { commentId, reason: 'spam' }, token: owner.token }),
  },
];

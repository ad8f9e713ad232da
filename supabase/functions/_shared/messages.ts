/**
 * Every error code the /api sends, with its English message (the spec's words where the
 * spec has them). SQL functions raise these codes in `hint`; zod schemas use them as their
 * issue messages; the client translates the code (src/i18n/locales, `apiErrors`) and shows
 * `message` only for a code it does not know.
 */
export const messages = {
  // Requests
  invalid_input: 'The request is not valid.',
  invalid_json: 'The request body must be JSON.',
  json_too_deep: 'The request body is nested too deeply.',
  invalid_text: 'This text contains a character that is not allowed.',
  number_out_of_range: 'A number in the request is out of range.',
  payload_too_large: 'The request is too large.',
  not_found: 'Not found.',
  invalid_id: 'Not a valid id.',
  invalid_cursor: 'The page cursor is not valid.',
  search_too_long: 'The search text is too long.',
  nothing_to_update: 'Nothing to update.',
  id_required: 'An entry id is required.',
  invalid_redirect: 'The return address must be an http(s) URL.',
  // Who is calling
  invalid_token: 'Your session has expired. Please log in again.',
  session_ended: 'Your session has ended. Please log in again.',
  invalid_api_key: 'The API key is not valid.',
  secret_key_refused: 'This API does not accept secret keys or the service role.',
  login_required: 'Please log in to do that.',
  page_login_required: 'Please log in to view this page',
  tag_login_required: 'Please log in to add a tag',
  forbidden: 'You do not have permission to do that.',
  cross_site_request: 'This request came from another site. Please use the app itself.',
  admin_required: "You don't have permission to view this page",
  // Limits and outages
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  guest_rate_limited: 'Guests can add only a few entries an hour. Please wait a while, or log in to add more.',
  login_throttled: 'Too many failed attempts. Please wait a moment and try again.',
  database_unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  timeout: 'The request took too long. Please try again.',
  busy: 'The server is busy. Please try again.',
  auth_unavailable: 'The sign-in service is unavailable. Please try again.',
  internal: 'Something went wrong. Please try again.',
  conflict: 'That already exists.',
  invalid_reference: 'A referenced item does not exist.',
  // Entries
  entry_not_found: 'Entry not found.',
  title_required: 'Please enter a title.',
  title_too_long: 'Title must be at most 1000 characters.',
  description_required: 'Please enter a description.',
  description_too_long: 'Description must be at most 1000 characters.',
  country_required: 'Please select a country.',
  unknown_country: 'Unknown country.',
  hint_too_long: 'Hint must be at most 1000 characters.',
  example_sentence_too_long: 'Example sentence must be at most 1000 characters.',
  author_required: 'Please enter an author.',
  author_too_long: 'Author must be at most 100 characters.',
  description_es_too_long: 'The meaning in Spanish must be at most 1000 characters.',
  // Tags
  tag_not_found: 'Tag not found.',
  unknown_tag: 'Unknown tag.',
  tag_name_required: 'Please enter a name.',
  tag_name_too_long: 'A tag name is at most 20 characters.',
  tag_exists: 'A tag with this name already exists.',
  tag_name_es_too_long: 'A Spanish tag name is at most 20 characters.',
  tag_name_es_exists: 'A tag with this Spanish name already exists.',
  // Votes
  vote_login_required: 'Please log in to vote',
  vote_type_invalid: 'A vote is either upvote or downvote.',
  vote_already_recorded: 'Vote already recorded for this user on this content.',
  vote_not_found: 'You have not voted on this entry.',
  // Variants
  variant_login_required: 'Please log in to link variants.',
  variant_self_link: 'An entry cannot be a variant of itself.',
  variant_link_not_found: 'These entries are not linked.',
  // Usage marks
  usage_invalid: 'Say whether the word is used, understood, unknown or offensive there.',
  // Comments
  comment_login_required: 'Please log in to comment.',
  comment_required: 'Please write a comment.',
  comment_too_long: 'A comment is at most 2000 characters.',
  comment_not_found: 'Comment not found.',
  // Flashcards
  flashcard_exists: 'This entry is already in your flashcards.',
  flashcard_not_found: 'Flashcard not found.',
  flashcard_kind_invalid: 'A card is basic, reverse, cloze or variant.',
  cloze_needs_example: 'A cloze card needs an example sentence that contains the word.',
  variant_needs_group: 'A variant card needs the entry to be linked to its forms in other countries.',
  review_quality_invalid: 'Rate the card Again, Hard, Good or Easy.',
  // Chat and tutor
  chat_login_required: 'Please log in to use the chat feature',
  chat_not_found: 'Chat not found.',
  chat_message_required: 'Please type a message.',
  chat_message_too_long: 'A message is at most 4000 characters.',
  chat_title_required: 'Please enter a title.',
  chat_title_too_long: 'A chat title is at most 100 characters.',
  tutor_unavailable: 'Failed to send message',
  tutor_rate_limited: 'You are sending messages to the tutor too quickly. Please wait a moment and try again.',
  // Feedback
  message_required: 'Message cannot be blank.',
  message_too_long: 'A message is at most 5000 characters.',
  feedback_rate_limited: 'Thank you! You have sent a lot of feedback this hour. Please try again later.',
  feedback_not_found: 'Feedback not found.',
  // Accounts
  user_not_found: 'User not found.',
  name_required: 'Please provide your name.',
  name_too_long: 'A name is at most 100 characters.',
  email_required: 'Please provide your email.',
  email_invalid: 'Please provide a valid email address.',
  password_required: 'Password cannot be blank.',
  password_too_short: 'Password must be at least 8 characters long.',
  password_too_long: 'Password must be at most 72 bytes long (accented letters count as 2, emoji as 4).',
  password_too_common: 'This password is too common.',
  passwords_mismatch: 'Passwords do not match.',
  current_password_required: 'Please enter your current password.',
  current_password_incorrect: 'Your current password is incorrect.',
  same_password: 'The new password must be different from your current one.',
  no_password: 'Your account signs in with Google and has no password to change.',
  time_zone_invalid: 'Unknown time zone.',
  invalid_credentials: 'Email or password is incorrect. Please try again',
  user_already_exists: 'An account with this email already exists.',
  email_not_confirmed: 'Please confirm your email address first.',
  last_admin: 'You cannot remove your own admin rights while you are the only admin.',
  user_banned: 'This account has been suspended by the moderators.',
  // Reports and moderation
  report_login_required: 'Please log in to report something.',
  report_target_required: 'Say which entry or comment you are reporting.',
  invalid_report_reason: 'Choose a reason: spam, offensive, wrong, duplicate or other.',
  report_note_too_long: 'A note is at most 500 characters.',
  report_own: 'You cannot report your own contribution.',
  report_not_found: 'Nothing has been reported there.',
  recording_not_found: 'Recording not found.',
  invalid_report_action: 'Choose restore, remove or dismiss.',
  ban_self: 'You cannot ban yourself.',
  ban_admin: 'Revoke this user\'s admin rights before banning them.',
  invalid_ban_until: 'A ban must end in the future.',
  delete_admin: 'Revoke this user\'s admin rights before deleting their account.',
} as const;

export type MessageCode = keyof typeof messages;

export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.hasOwn(messages, code);
}
